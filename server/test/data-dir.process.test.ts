import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnServerProcess, type SpawnedServer } from './server-process.js';

const RUNNING = 'Mouldwatch is running';
let dataDir: string;
const started: SpawnedServer[] = [];

const start = async () => {
  const server = await spawnServerProcess(dataDir);
  started.push(server);
  return server;
};

const serves = async (server: SpawnedServer) => (await fetch(`${server.url}/api/docs/json`)).ok;

/** What a refused start printed: its one line naming DATA_DIR. */
const refusal = () => `DATA_DIR=${dataDir}: in use by another Mouldwatch (process `;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-datadir-'));
});
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

// Each test starts real server processes on a fresh directory (the embedded database's initdb):
// seconds each, far more on a loaded machine. They are about the embedded database: CI's second
// pass, with DATABASE_URL, would only repeat them.
describe.skipIf(process.env.DATABASE_URL)('two servers on one DATA_DIR', { timeout: 180_000 }, () => {
  it('refuses a second start with one line naming DATA_DIR; after a kill -9 of the first, starts', async () => {
    const first = await start();
    await first.printed(RUNNING);
    const second = await start();
    expect((await second.exited).code).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines.at(-2)).toBe('Cannot start Mouldwatch:');
    expect(lines.at(-1)).toContain(refusal());
    expect(lines.at(-1)).toContain(`process ${first.child.pid} `);
    expect(await serves(first)).toBe(true);

    // The lock the killed process left is stale.
    first.child.kill('SIGKILL');
    await first.exited;
    const next = await start();
    await next.printed(RUNNING);
    expect(await serves(next)).toBe(true);
  });

  it('lets exactly one of two started at the same instant serve', async () => {
    const [one, other] = await Promise.all([start(), start()]);
    const outcomes = await Promise.all(
      [one!, other!].map((server) =>
        Promise.race([server.printed(RUNNING).then(() => 'serves'), server.exited.then(({ code }) => `exit ${code}`)]),
      ),
    );
    expect([...outcomes].sort()).toEqual(['exit 1', 'serves']);
    const refused = outcomes[0] === 'serves' ? other! : one!;
    expect(refused.output()).toContain(refusal());
  });

  it("names the lock file to delete when the lock is another host's, which it cannot check", async () => {
    const lockFile = path.join(dataDir, 'db.lock');
    const owner = { pid: 4242, host: 'mouldwatch-old-container', startTime: '1', bootId: 'b' };
    writeFileSync(lockFile, `${JSON.stringify(owner)}\n`);
    const refused = await start();
    expect((await refused.exited).code).toBe(1);
    expect(refused.output().trim().split('\n').at(-1)).toBe(
      `${refusal()}4242 on mouldwatch-old-container); stop it, or delete ${lockFile} if it no longer runs there`,
    );
  });
});
