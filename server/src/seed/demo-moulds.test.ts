import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { hashDeviceToken } from '../infra/security/device-tokens.js';
import { prepareServer, type RunningServer } from '../start.js';
import { openTestDatabase } from '../../test/database.js';
import { sql } from 'kysely';
import { entityNameRule, moldFormSchema, moldFormValues } from '@mouldwatch/shared';
import { DEMO_HISTORY_DAYS, DEMO_RAW_HOURS, type DemoDevice } from './demo-moulds.js';
import { DEMO_DEVICES_FILE } from './seed.js';

let server: RunningServer;
const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-demo-'));

/**
 * The demo as `npm start` seeds it: an empty database started in demo mode. Its 13 months of history
 * took over 60 s on CI's two cores at a load of 10 (a host three times slower than usual, the
 * check and both database passes running beside it): it has three minutes, as a browser test's setup does.
 */
beforeAll(async () => {
  const config = loadConfig({ DEMO: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0' });
  server = await prepareServer(config, { database: await openTestDatabase() });
}, 180_000);
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

  it("writes companies, groups and moulds that the console's own forms accept as they are", async () => {
    const db = server.context.db;
    const names = [
      ...(await db.selectFrom('companies').select('name').execute()),
      ...(await db.selectFrom('mold_groups').select('name').execute()),
    ].map((row) => row.name);
    expect(names.filter((name) => !entityNameRule.safeParse(name).success)).toEqual([]);
    const moulds = await db
      .selectFrom('molds')
      .innerJoin('mold_groups', 'mold_groups.id', 'molds.group_id')
      .innerJoin('devices', 'devices.mold_id', 'molds.id')
      .selectAll('molds')
      .select(['mold_groups.company_id', 'devices.device_no'])
      .execute();
    const refused = moulds.flatMap((mould) => {
      const form = moldFormSchema.safeParse(moldFormValues({ ...mould, device: { device_no: mould.device_no } }));
      return form.success ? [] : [`${mould.name}: ${JSON.stringify(form.error.issues.map((issue) => issue.path))}`];
    });
    expect(refused).toEqual([]);
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

  it('seeds 13 months of history into the roll-ups, up to where the simulator back-fills', async () => {
    const written = JSON.parse(readFileSync(path.join(dataDir, DEMO_DEVICES_FILE), 'utf8')) as DemoDevice[];
    const until = written[0]!.history_until;
    expect(Date.now() / 1000 - until).toBeGreaterThanOrEqual(DEMO_RAW_HOURS * 3600);
    const { rows } = await sql<{ first: Date; last: Date; moulds: string | number; uneven: string | number }>`
      select min(bucket) as first, max(bucket) as last, count(distinct mold_id) as moulds,
        count(*) filter (where abs(run_s + idle_s + alarm_s + stop_s + off_s - 900) > 0.001
          and abs(run_s + idle_s + alarm_s + stop_s + off_s - 3600) > 0.001) as uneven
      from mold_rollups`.execute(server.context.db);
    expect(Number(rows[0]!.moulds)).toBe(24);
    expect(Number(rows[0]!.uneven)).toBe(0);
    expect((until * 1000 - rows[0]!.first.getTime()) / 86_400_000).toBeCloseTo(DEMO_HISTORY_DAYS, 0);
    expect(until * 1000 - rows[0]!.last.getTime()).toBe(900_000);
    const counters = await server.context.db
      .selectFrom('mold_rollups')
      .innerJoin('devices', 'devices.mold_id', 'mold_rollups.mold_id')
      .select(['devices.device_no', (eb) => eb.fn.max('counter_last').as('counter')])
      .groupBy('devices.device_no')
      .execute();
    const counterOf = new Map(counters.map((row) => [row.device_no, Number(row.counter)]));
    for (const device of written) expect(device.counter).toBe(counterOf.get(device.device_no));
  });
});

describe('demo maintenance', () => {
  it('puts PM tasks in each status once the job has run, with a history', async () => {
    // The simulator's first readings carry on from the history's last counters.
    await sql`insert into mold_status (mold_id, state, online, counter, state_since, accounted_until)
      select mold_id, 'run', true, max(counter_last), now(), now() from mold_rollups group by mold_id
      on conflict (mold_id) do update set counter = excluded.counter`.execute(server.context.db);
    await server.services.maintenance.evaluate();
    const statuses = await server.context.db.selectFrom('maintenance_task_molds').select('status').distinct().execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(['exceeded', 'normal', 'warning']);
    const records = await server.context.db.selectFrom('maintenance_records').select('id').execute();
    expect(records.length).toBeGreaterThan(0);
  });
});
