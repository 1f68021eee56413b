import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { hashDeviceToken } from '../infra/security/device-tokens.js';
import { prepareServer, type RunningServer } from '../start.js';
import { openTestDatabase } from '../../test/database.js';
import type { DemoDevice } from './demo-moulds.js';
import { DEMO_DEVICES_FILE } from './seed.js';

let server: RunningServer;
const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-demo-'));

/** The demo as `npm start` seeds it: an empty database started in demo mode. */
beforeAll(async () => {
  const config = loadConfig({ DEMO: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0' });
  server = await prepareServer(config, { database: await openTestDatabase() });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const countOf = async (table: 'companies' | 'mold_groups' | 'molds' | 'devices') =>
  Number(
    (
      await server.context.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const grantedTo = async (username: string) =>
  (
    await server.context.db
      .selectFrom('user_mold_grants')
      .innerJoin('users', 'users.id', 'user_mold_grants.user_id')
      .select('mold_id')
      .where('users.username', '=', username)
      .execute()
  ).length;

describe('demo moulds', () => {
  it('seeds 24 moulds in 3 companies and 7 groups, each bound to a device', async () => {
    expect(await countOf('companies')).toBe(3);
    expect(await countOf('mold_groups')).toBe(7);
    expect(await countOf('molds')).toBe(24);
    const devices = await server.context.db
      .selectFrom('devices')
      .select(['mold_id', 'token_hash', 'device_no'])
      .execute();
    expect(devices).toHaveLength(24);
    expect(new Set(devices.map((device) => device.mold_id)).size).toBe(24);
  });

  it('lets the administrator see every mould and the viewer a few', async () => {
    expect(await grantedTo('admin')).toBe(24);
    expect(await grantedTo('viewer')).toBe(7);
  });

  it('hands the simulator each device token in a file only the owner reads; the database keeps hashes', async () => {
    const file = path.join(dataDir, DEMO_DEVICES_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = JSON.parse(readFileSync(file, 'utf8')) as DemoDevice[];
    const stored = await server.context.db.selectFrom('devices').select(['device_no', 'token_hash']).execute();
    const hashes = new Map(stored.map((device) => [device.device_no, device.token_hash]));
    for (const device of written) {
      expect(hashes.get(device.device_no)).toBe(hashDeviceToken(device.token));
      expect(device.profile.cycleTime).toBeGreaterThan(0);
    }
  });
});
