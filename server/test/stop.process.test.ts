import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../src/infra/db/database.js';
import { DEMO_DEVICES_FILE } from '../src/seed/seed.js';
import { spawnServerProcess, type SpawnedServer } from './server-process.js';

let dataDir: string;
let server: SpawnedServer | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-stop-'));
});
afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await delay(20);
}

const countOf = async (table: string) => {
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(handle.db);
    return rows[0]!.n;
  } finally {
    await handle.close();
  }
};

/**
 * The demo's seed writes 13 months of history for 24 moulds: several seconds, the busiest moment of
 * a start. On the embedded database: CI's second pass, with DATABASE_URL, would only repeat it.
 */
it.skipIf(process.env.DATABASE_URL)(
  'stops within seconds when told to during the demo seed, leaving an empty database to seed again',
  { timeout: 180_000 },
  async () => {
    server = await spawnServerProcess(dataDir, { DEMO: '1' });
    // The secret is generated just before the seed starts.
    await until(() => existsSync(path.join(dataDir, 'jwt-secret')) || server!.child.exitCode !== null);
    await delay(1500);
    const stoppedAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const stopMs = performance.now() - stoppedAt;
    expect(server.output()).not.toContain('Mouldwatch is running');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stopMs).toBeLessThan(8000);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    // Nothing half-seeded that the next start would take for a seeded demo: it seeds again.
    expect(await countOf('users')).toBe(0);
    expect(await countOf('molds')).toBe(0);
    expect(existsSync(path.join(dataDir, DEMO_DEVICES_FILE))).toBe(false);
  },
);
