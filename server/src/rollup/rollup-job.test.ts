import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mouldWithDevice, telemetryMessage, orgIdOf, userIdOf } from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import { tryJobLock } from '../infra/jobs/job-lock.js';
import { ROLLUP_JOB } from './rollup-job.js';

let app: TestApp;
let admin: string;
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: {
      state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 },
      rollups: { intervalMs: 3_600_000, rawRetentionDays: 35 },
    },
  });
  admin = await app.login(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

const newMould = async () => mouldWithDevice(app, admin, [await userIdOf(app.context.db, ADMIN.username)]);

const rollupsOf = (moldId: number) =>
  app.context.db.selectFrom('mold_rollups').selectAll().where('mold_id', '=', moldId).orderBy('bucket').execute();
/** The first mould temperature's sums of the mould's buckets that hold one. */
const temperaturesOf = async (moldId: number) =>
  (await rollupsOf(moldId)).filter((rollup) => rollup.mt1_n > 0).map((rollup) => rollup.mt1_sum);

describe('the roll-up job', () => {
  // The embedded database has one session: a second transaction would wait for the first.
  it.runIf(process.env.DATABASE_URL)('leaves the work to the instance holding the lock', async () => {
    const { moldId, send } = await newMould();
    await send([telemetryMessage(1, { ts: now - 600 })]);
    await app.context.db.transaction().execute(async (otherInstance) => {
      expect(await tryJobLock(otherInstance, ROLLUP_JOB)).toBe(true);
      expect(await app.services.rollups.run()).toBe(0);
    });
    expect(await rollupsOf(moldId)).toHaveLength(0);
    expect(await app.services.rollups.run()).toBeGreaterThanOrEqual(1);
    // The reading's bucket, and the buckets of the time accounted since (late-state: from the reading on).
    const rollups = await rollupsOf(moldId);
    expect(rollups[0]!.bucket.getTime() / 1000).toBe(Math.floor((now - 600) / 900) * 900);
    expect(rollups.length).toBeLessThanOrEqual(Math.floor(Date.now() / 1000 / 900) - Math.floor((now - 600) / 900) + 1);
  });

  it('drops raw readings past the retention and keeps their roll-ups', async () => {
    const { moldId, send } = await newMould();
    await send([
      telemetryMessage(1, { ts: now - 34 * DAY, mold_temp: [50, null, null, null] }),
      telemetryMessage(2, { ts: now - 3600, mold_temp: [60, null, null, null] }),
    ]);
    await app.services.rollups.run();
    app.context.now = () => new Date((now + 2 * DAY) * 1000);
    try {
      await app.services.rollups.prune();
      const raw = await app.context.db.selectFrom('readings').select('seq').where('mold_id', '=', moldId).execute();
      expect(raw.map((reading) => Number(reading.seq))).toEqual([2]);
      // The buckets of the two readings' temperatures; the state engine may have added the
      // buckets of the time between them (run, stop, off seconds) before or after this run.
      expect(await temperaturesOf(moldId)).toEqual([50, 60]);
      // A late reading for the pruned bucket is stored but cannot rewrite its history.
      await send([telemetryMessage(3, { ts: now - 34 * DAY + 60, mold_temp: [1000, null, null, null] })]);
      await app.services.rollups.run();
      expect(await temperaturesOf(moldId)).toEqual([50, 60]);
    } finally {
      app.context.now = () => new Date();
    }
  });

  const addCompanies = async (count: number) => {
    const orgId = await orgIdOf(app.context.db, await userIdOf(app.context.db, ADMIN.username));
    await sql`insert into companies (org_id, name)
      select ${orgId}, 'Analysed ' || gen_random_uuid() from generate_series(1, ${count})`.execute(app.context.db);
  };

  it('analyses the tables whose rows changed, unless an autovacuum does', async () => {
    const db = app.context.db;
    const launcher = await sql<{ running: boolean }>`
      select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as running`.execute(db);
    const estimatedCompanies = async () => {
      const { rows } = await sql<{ reltuples: number }>`
        select reltuples from pg_class where oid = 'companies'::regclass`.execute(db);
      return rows[0]!.reltuples;
    };
    await app.services.rollups.analyse();
    await addCompanies(100);
    if (launcher.rows[0]!.running) {
      expect(await app.services.rollups.analyse()).toEqual([]);
      return;
    }
    expect(await app.services.rollups.analyse()).toContain('companies');
    expect(await estimatedCompanies()).toBeGreaterThanOrEqual(100);
    expect(await app.services.rollups.analyse()).not.toContain('companies');
  });

  it('vacuums the tables with many dead rows, unless an autovacuum does', async () => {
    const db = app.context.db;
    const launcher = await sql<{ running: boolean }>`
      select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as running`.execute(db);
    await addCompanies(100);
    await app.services.rollups.analyse();
    await app.services.rollups.vacuum();
    await sql`delete from companies where name like 'Analysed %'`.execute(db);
    if (launcher.rows[0]!.running) {
      expect(await app.services.rollups.vacuum()).toEqual([]);
      return;
    }
    expect(await app.services.rollups.vacuum()).toContain('companies');
    // Vacuumed (whether it could remove the rows depends on other sessions' snapshots on a server).
    await sql`select pg_stat_force_next_flush()`.execute(db);
    const { rows } = await sql<{ vacuumed: boolean }>`
      select last_vacuum is not null as vacuumed from pg_stat_user_tables
      where relid = 'companies'::regclass`.execute(db);
    expect(rows[0]!.vacuumed).toBe(true);
  });
});
