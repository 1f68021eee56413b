import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { prepareServer, type RunningServer } from '../../start.js';
import { sql } from 'kysely';
import { openTestDatabase } from '../../../test/database.js';
import { migrateToLatest, type DatabaseHandle } from '../db/database.js';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('skipped: installations on one Redis need REDIS_URL (CI sets it when a Redis answers)');

/**
 * Two installations (two databases) on one Redis, each channel prefix left to its default: the
 * instances of one installation hear each other, and never the other installation.
 */
describe.skipIf(!redisUrl)('installations sharing one Redis', () => {
  const dirs: string[] = [];
  const handles: DatabaseHandle[] = [];
  const servers: RunningServer[] = [];

  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const handle of handles) await handle.close().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const installation = async (env: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-installation-'));
    dirs.push(dataDir);
    const handle = await openTestDatabase();
    handles.push(handle);
    // Embedded test databases are copies of one migrated database, and a copy keeps its original's
    // id (as a restored backup does): each is given the id its own first start would have made.
    await migrateToLatest(handle.db);
    await sql`update installation set id = gen_random_uuid()`.execute(handle.db);
    const instance = async () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        MQTT_PORT: '0',
        REDIS_URL: redisUrl,
        ...env,
      });
      const server = await prepareServer(config, { database: handle, seedEmpty: false });
      servers.push(server);
      return server;
    };
    return { instance };
  };

  const heard = (server: RunningServer) => {
    const noticeIds: number[] = [];
    server.context.bus.subscribe('notice', ({ noticeId }) => noticeIds.push(noticeId));
    return noticeIds;
  };

  it("carries an instance's events to the other instances of its installation only", { timeout: 120_000 }, async () => {
    const first = await installation();
    const [one, two] = [await first.instance(), await first.instance()];
    const other = await (await installation()).instance();
    const [atTwo, atOther] = [heard(two), heard(other)];
    one.context.bus.publish('notice', { userId: 1, noticeId: 41 });
    await expect.poll(() => atTwo).toEqual([41]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(atOther).toEqual([]);
  });

  it('lets REDIS_PREFIX name the channels instead', { timeout: 120_000 }, async () => {
    const prefix = `mw-test-${path.basename(mkdtempSync(path.join(tmpdir(), 'p-')))}`;
    const one = await (await installation({ REDIS_PREFIX: prefix })).instance();
    const other = await (await installation({ REDIS_PREFIX: prefix })).instance();
    const atOther = heard(other);
    one.context.bus.publish('notice', { userId: 1, noticeId: 42 });
    await expect.poll(() => atOther).toEqual([42]);
  });
});
