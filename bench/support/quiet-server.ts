// The server for a bench that measures calls alone (run under tsx: it imports the TypeScript sources).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/infra/db/database.ts';
import { prepareServer } from '../../server/src/start.ts';

/**
 * The app on PGlite in a temp dir, or on PostgreSQL at `pgUrl` in a fresh schema, with no seed and
 * the background jobs held off (the sweep and the roll-up would take the database now and then);
 * `stop` closes it and drops what it made. With `keptSchema` (PostgreSQL) the app opens that schema,
 * made if missing and migrated to the latest, and `stop` keeps it for the next run.
 */
export async function startQuietServer(db: 'pglite' | 'postgres', pgUrl: string, keptSchema?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-bench-'));
  const schema = keptSchema ?? `mw_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const pgAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  if (db === 'postgres') await pgAdmin(`create schema ${keptSchema ? 'if not exists ' : ''}${schema}`);
  const database = db === 'postgres' ? await openDatabase({ kind: 'postgres', url: pgUrl, schema }) : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-'.padEnd(40, 'x'),
    MQTT_PORT: '0',
  });
  const never = 2 ** 31 - 1;
  const server = await prepareServer(config, {
    database,
    seedEmpty: false,
    jobs: { state: { sweepIntervalMs: never }, rollups: { intervalMs: never }, maintenance: { intervalMs: never } },
  });
  const stop = async () => {
    await server.close().catch(() => undefined);
    if (db === 'postgres' && !keptSchema)
      await pgAdmin(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}
