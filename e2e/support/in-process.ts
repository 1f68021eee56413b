import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { prepareServer, type PrepareOptions, type RunningServer } from '../../server/src/start.js';
import { openDatabase } from '../../server/src/infra/db/database.js';
import { openMigratedDataDir } from '../../server/test/database.js';

/** The built console; MW_WEB_DIST points at another build (one made with `vite build --outDir`). */
const WEB_DIR = process.env.MW_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface InProcessConsole {
  url: string;
  server: RunningServer;
  /** The id of a demo login. */
  userId(username: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The real server with the demo data and the built console, in this process, so a test can make
 * things happen on the server side (a notice arriving) and watch the browser react. `jobs` changes
 * the background jobs' timings (a test may keep the state sweep from competing for the CPU).
 */
export async function startInProcessConsole(
  options: Pick<PrepareOptions, 'jobs'> & { env?: Record<string, string> } = {},
): Promise<InProcessConsole> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-e2e-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, DEMO: '1', MQTT_PORT: '0', LOG_LEVEL: 'warn', ...options.env },
    WEB_DIR,
  );
  // Where a start keeps it: a copy of the demo's data directory, seeded once for the run
  // (demo-data-dir.ts), or migrated and empty, for the first start to seed.
  const dbDir = path.join(dataDir, 'db');
  if (config.demo) cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  const database = config.demo
    ? await openDatabase({ kind: 'pglite', dataDir: dbDir })
    : await openMigratedDataDir(dbDir);
  const server = await prepareServer(config, { jobs: options.jobs, database });
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    server,
    userId: async (username) => {
      const row = await server.context.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
