import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { moldInfoSchema } from '@mouldwatch/shared';
import { createUser } from '../seed/organization.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../test/test-app.js';
import { mouldWithDevice, userIdOf } from '../../test/factories.js';
import type { BusEvents } from '../infra/bus/event-bus.js';
import { AlarmEngine } from './alarm-engine.js';
import { AlarmsRepository, MAX_READINGS_PER_RUN } from './alarms.repository.js';

const HOUR = 3_600_000;
/** The scheduler's jobs stay out of the way: tests run them by hand. */
const QUIET = { catchUpIntervalMs: HOUR, offlineIntervalMs: HOUR, escalationIntervalMs: HOUR };

let app: TestApp;
let adminToken: string;
let adminId: number;
let viewerId: number;
let sharedId: number;
/**
 * Readings start here, 200 s before each test: recent enough that the test's mould is online (off
 * after 180 s of silence) however long the tests before it took, early enough that none is in the
 * future.
 */
let base: number;
beforeEach(() => {
  base = Math.floor(Date.now() / 1000) - 200;
});

beforeAll(async () => {
  app = await startTestApp({}, undefined, { jobs: { alarms: QUIET, state: { applyDelayMs: 10 } } });
  adminToken = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewerId = await userIdOf(app.context.db, VIEWER.username);
  const role = await app.context.db
    .selectFrom('roles')
    .select('id')
    .where('org_id', '=', app.orgId)
    .where('is_viewer', '=', true)
    .executeTakeFirstOrThrow();
  await createUser(
    app.context.db,
    app.orgId,
    role.id,
    { username: 'sharee', password: 'share1234', name: 'S', email: 's@example.com' },
    false,
  );
  sharedId = await userIdOf(app.context.db, 'sharee');
});

afterAll(async () => {
  await app?.close();
});

const INFO = moldInfoSchema.parse({
  mold_temp_setting: [{ name: 'A', set: 60, alert: 5 }],
  hot_temp_setting: [{ name: 'Nozzle', set: 230, alert: 10 }],
  cycle_time: 30,
  cycle_time_setting: { time: 120, alert: 5, early: 2 },
});

/** A monitored mould granted to the admin and shared to `sharee` (not to the viewer), with a device. */
async function monitoredMould(launchListen = 1) {
  const mould = await mouldWithDevice(app, adminToken, [adminId]);
  await app.context.db
    .insertInto('user_mold_grants')
    .values({ user_id: sharedId, mold_id: mould.moldId, shared_by: adminId })
    .execute();
  await app.context.db
    .updateTable('molds')
    .set({ launch_listen: launchListen, info: JSON.stringify(INFO) })
    .where('id', '=', mould.moldId)
    .execute();
  return mould;
}

const reading = (seq: number, temp: number, extra: Record<string, unknown> = {}) => ({
  seq,
  ts: base + seq * 30,
  event: 'cycle',
  counter: 1000 + seq,
  cycle_time: 30,
  mold_temp: [temp, null, null, null],
  ...extra,
});

const alarmsOf = (moldId: number) =>
  app.context.db.selectFrom('alarms').selectAll().where('mold_id', '=', moldId).orderBy('id').execute();
const noticesOf = (moldId: number) =>
  app.context.db.selectFrom('user_messages').selectAll().where('mold_id', '=', moldId).orderBy('id').execute();

function recorded<T extends keyof BusEvents>(topic: T): BusEvents[T][] {
  const events: BusEvents[T][] = [];
  app.context.bus.subscribe(topic, (event) => events.push(event));
  return events;
}

/**
 * Judges everything stored so far. The cursor waits for every transaction running on the database
 * server, and on PostgreSQL the other test files' transactions run there too: under CI's load one
 * of them can outlast catchUp's default 10 s, so the wait here is the test's.
 */
const JUDGE_ALL_WAIT_MS = 25_000;

async function settle() {
  await app.services.alarmEngine.settled();
  await app.services.state.settled();
}

/** The reading time (ms) up to which the mould has been judged. */
const lastJudgedMs = async (moldId: number) =>
  (
    await app.context.db
      .selectFrom('alarm_tracks')
      .select('last_ts')
      .where('mold_id', '=', moldId)
      .executeTakeFirstOrThrow()
  ).last_ts?.getTime();

describe('alarm engine', () => {
  it('opens on readings over a bound with notices for each reader, shows the mould in alarm, closes back within bounds', async () => {
    const changed = recorded('alarmChanged');
    const noticed = recorded('notice');
    const { moldId, send } = await monitoredMould();
    await send([reading(1, 60), reading(2, 70), reading(3, 71)]);
    await settle();
    expect(await alarmsOf(moldId)).toEqual([]);
    await send([reading(4, 72.5)]);
    await settle();
    const [alarm] = await alarmsOf(moldId);
    expect(alarm).toMatchObject({
      alarm_type: 3,
      channel: 'mold_temp:1',
      channel_name: 'T1',
      temp_type: 1,
      level: 'alert',
      value: 72.5,
      bound: 65,
      set_value: 60,
      closed_at: null,
      notified_count: 1,
    });
    expect(alarm!.unique_str).toMatch(/^[0-9a-f]{32}$/);
    expect(alarm!.opened_at.getTime()).toBe((base + 60) * 1000);
    const notices = await noticesOf(moldId);
    expect(notices.map((notice) => notice.user_id).sort()).toEqual([adminId, sharedId].sort());
    expect(notices.map((notice) => notice.user_id)).not.toContain(viewerId);
    expect(JSON.parse(notices[0]!.content)).toMatchObject({
      temp_type: 1,
      temp_name: 'T1',
      value: 72.5,
      bound: 65,
      level: 'alert',
    });
    expect(notices[0]!.unique_str).toBe(alarm!.unique_str);
    expect(noticed.map((event) => event.noticeId).sort()).toEqual(notices.map((notice) => notice.id).sort());
    expect(changed).toContainEqual(expect.objectContaining({ moldId, alarmId: alarm!.id, change: 'opened' }));
    const status = await app.context.db
      .selectFrom('mold_status')
      .select('state')
      .where('mold_id', '=', moldId)
      .executeTakeFirst();
    expect(status?.state).toBe('alarm');

    await send([reading(5, 64.5), reading(6, 63.9)]);
    await settle();
    const [closed] = await alarmsOf(moldId);
    expect(closed!.closed_at?.getTime()).toBe((base + 180) * 1000);
    expect(changed).toContainEqual(expect.objectContaining({ alarmId: alarm!.id, change: 'closed' }));
    const after = await app.context.db
      .selectFrom('mold_status')
      .select('state')
      .where('mold_id', '=', moldId)
      .executeTakeFirst();
    expect(after?.state).not.toBe('alarm');
    expect(await noticesOf(moldId)).toHaveLength(2);
  });

  it('opens a cycle time early alert and tells the readers again when it becomes an alert', async () => {
    const { moldId, send } = await monitoredMould();
    await send([reading(1, 60, { cycle_time: 32.5 }), reading(2, 60, { cycle_time: 32.6 })]);
    await settle();
    const [early] = await alarmsOf(moldId);
    expect(early).toMatchObject({ alarm_type: 2, channel: 'cycle_time', level: 'early', value: 32.6, bound: 32 });
    expect(await noticesOf(moldId)).toHaveLength(2);
    await send([reading(3, 60, { cycle_time: 36 })]);
    await settle();
    const [alert] = await alarmsOf(moldId);
    expect(alert).toMatchObject({ id: early!.id, level: 'alert', value: 36, bound: 35, closed_at: null });
    const notices = await noticesOf(moldId);
    expect(notices).toHaveLength(4);
    expect(JSON.parse(notices[3]!.content)).toMatchObject({ level: 'alert', value: 36, channel: 'cycle_time' });
    expect(notices[3]!.unique_str).toBe(early!.unique_str);
  });

  it('raises nothing for a mould that is not monitored', async () => {
    const { moldId, send } = await monitoredMould(0);
    await send([reading(1, 90), reading(2, 90), reading(3, 90), reading(4, 90)]);
    await settle();
    expect(await alarmsOf(moldId)).toEqual([]);
  });

  it('after a restart judges what was stored meanwhile, and judges nothing twice', async () => {
    const { moldId, send } = await monitoredMould();
    await app.services.alarmEngine.stop();
    try {
      await send([reading(1, 70), reading(2, 70), reading(3, 70)]);
      expect(await alarmsOf(moldId)).toEqual([]);
      const restarted = new AlarmEngine(app.context);
      await restarted.catchUp(JUDGE_ALL_WAIT_MS);
      expect(await alarmsOf(moldId)).toHaveLength(1);
      const again = new AlarmEngine(app.context);
      await again.catchUp(JUDGE_ALL_WAIT_MS);
      expect(await alarmsOf(moldId)).toHaveLength(1);
      expect(await noticesOf(moldId)).toHaveLength(2);
    } finally {
      app.services.alarmEngine.start();
    }
  });

  const shuffleTestReadings = () => [
    reading(1, 60),
    reading(2, 70),
    reading(3, 71, { cycle_time: 33 }),
    reading(4, 75, { cycle_time: 33 }),
    reading(5, 70, { cycle_time: 36 }),
    reading(6, 60),
    reading(7, 60, { event: 'power_off' }),
    reading(20, 60, { event: 'power_on' }),
  ];

  /**
   * Sends the readings in order to one mould and shuffled, in two batches, to another, then judges;
   * `betweenBatches` runs after the first batch is stored and answers what to do once catchUp was called.
   */
  async function inOrderAndShuffled(betweenBatches: () => Promise<() => Promise<void>> = async () => async () => {}) {
    const readings = shuffleTestReadings();
    const inOrder = await monitoredMould();
    const shuffled = await monitoredMould();
    await app.services.alarmEngine.stop();
    try {
      await inOrder.send(readings);
      const order = [5, 0, 7, 2, 6, 3, 1, 4];
      await shuffled.send(order.slice(0, 3).map((index) => readings[index]!));
      const afterCatchUpCalled = await betweenBatches();
      await shuffled.send(order.slice(3).map((index) => readings[index]!));
      await Promise.all([app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS), afterCatchUpCalled()]);
    } finally {
      app.services.alarmEngine.start();
    }
    return { inOrder, shuffled };
  }

  async function expectSameAlarms({ inOrder, shuffled }: Awaited<ReturnType<typeof inOrderAndShuffled>>) {
    const shape = (rows: Awaited<ReturnType<typeof alarmsOf>>) =>
      rows
        .map((row) => [row.alarm_type, row.channel, row.level, row.value, row.opened_at, row.closed_at] as const)
        .sort((a, b) => a[0] - b[0]);
    const expected = shape(await alarmsOf(inOrder.moldId));
    expect(expected.map(([type, channel, level]) => [type, channel, level])).toEqual([
      [2, 'cycle_time', 'alert'],
      [3, 'mold_temp:1', 'alert'],
      [4, 'offline', 'alert'],
    ]);
    expect(shape(await alarmsOf(shuffled.moldId))).toEqual(expected);
  }

  it('gives the same alarms for readings arriving late and shuffled as for readings in order', async () => {
    await expectSameAlarms(await inOrderAndShuffled());
  });

  // Another session's transaction that began between the two batches holds the cursor below the
  // second one: catchUp waits for it rather than judge the batches in two runs.
  it.skipIf(!process.env.DATABASE_URL)(
    'judges two batches together when another transaction runs between them',
    async () => {
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      try {
        const moulds = await inOrderAndShuffled(async () => {
          await other.query('begin');
          await other.query('select pg_current_xact_id()');
          return async () => {
            await new Promise((resolve) => setTimeout(resolve, 500));
            await other.query('commit');
          };
        });
        await expectSameAlarms(moulds);
      } finally {
        await other.end();
      }
    },
  );

  /**
   * Stores `count` readings of a mould, the ingest's bus bypassed (the runs find them), 1,000 a
   * transaction as the ingest's batches are (a run judges one transaction's readings whole).
   */
  async function storeMany(moldId: number, deviceId: number, from: number, count: number) {
    for (let first = from; first < from + count; first += 1000) {
      const last = Math.min(from + count, first + 1000) - 1;
      await sql`insert into readings (device_id, seq, ts, mold_id, event, counter, cycle_time, mold_temp)
        select ${deviceId}, s, to_timestamp(${base} + s), ${moldId}, 'cycle', s, 30, array[60, null, null, null]::real[]
        from generate_series(${first}::bigint, ${last}::bigint) as s`.execute(app.context.db);
    }
  }

  /** Block ranges of the readings' BRIN indexes left for a vacuum to summarize (summarizes them). */
  const unsummarized = async () =>
    (
      await sql<{ ranges: number }>`select (brin_summarize_new_values('readings_received_at')
        + brin_summarize_new_values('readings_xid_order'))::int as ranges`.execute(app.context.db)
    ).rows[0]!.ranges;

  // PostgreSQL summarizes a BRIN range only in a vacuum, and the embedded database runs none on an
  // insert-only table: every range not summarized is read whole by every run (issue 23).
  it('keeps the block ranges of the readings it reads summarized as the table grows', async () => {
    const { moldId, device } = await monitoredMould(0);
    await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
    await unsummarized();
    // About 35 readings a page, 128 pages a range: 12,000 readings begin two or three new ranges.
    for (const from of [1, 6001]) {
      await storeMany(moldId, device.id, from, 6000);
      await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
      expect(await unsummarized()).toBe(0);
    }
    expect(await lastJudgedMs(moldId)).toBe((base + 12_000) * 1000);
  });

  // The run finds its readings by the storing transaction's id, not by when they were received: a
  // system clock set back (here an hour) hides nothing from it. Bounded by `received_at`, it lost them.
  it('judges readings received under a clock set back', async () => {
    const { moldId, device } = await monitoredMould(0);
    await storeMany(moldId, device.id, 1, 10);
    await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
    await sql`insert into readings (device_id, seq, ts, mold_id, event, counter, cycle_time, received_at)
      select ${device.id}, s, to_timestamp(${base} + s), ${moldId}, 'cycle', s, 30, now() - interval '1 hour'
      from generate_series(11, 20) as s`.execute(app.context.db);
    await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
    expect(await lastJudgedMs(moldId)).toBe((base + 20) * 1000);
  });

  // One HTTP request (1 MB) may carry more readings than a run takes (MAX_READINGS_PER_RUN): its
  // transaction is judged whole, and the cursor moves past it.
  it('judges a transaction that stored more readings than a run takes, and what follows it', async () => {
    const { moldId, device } = await monitoredMould(0);
    await sql`insert into readings (device_id, seq, ts, mold_id, event, counter, cycle_time, mold_temp)
      select ${device.id}, s, to_timestamp(${base} + s), ${moldId}, 'cycle', s, 30, array[60, null, null, null]::real[]
      from generate_series(1, 6000) as s`.execute(app.context.db);
    await storeMany(moldId, device.id, 6001, 10);
    await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
    expect(await lastJudgedMs(moldId)).toBe((base + 6010) * 1000);
  }, 60_000);

  // Behind (here stopped), a run judges a run's worth of this instance's readings, held or not, and
  // its read-back scans only those: it used to scan the whole backlog at every run, so that the
  // engine fell further behind the more it was behind.
  it('catches up on a backlog of its own readings a run at a time, each judged once', async () => {
    const { moldId, send } = await monitoredMould();
    await settle();
    await app.services.alarmEngine.stop();
    const start = base - 20_000;
    const at = (seq: number, temp = 60) => ({ ...reading(seq, temp), ts: start + seq, counter: seq });
    try {
      // 14,000 readings in 14 requests: 10,000 held, 4,000 past the store's limit. Three over their
      // bound open an alarm across the first run's end (after 5,000), the next one closes it.
      const over = new Set([5000, 5001, 5002]);
      for (let first = 1; first <= 14_000; first += 1000) {
        await send(Array.from({ length: 1000 }, (_, index) => at(first + index, over.has(first + index) ? 72.5 : 60)));
      }
      const readBack = vi.spyOn(AlarmsRepository.prototype, 'readingsFrom');
      const run = await app.services.alarmEngine.evaluate();
      expect(run).toMatchObject({ truncated: true, more: true });
      expect(run.judged).toBeGreaterThan(0);
      expect(run.judged).toBeLessThanOrEqual(MAX_READINGS_PER_RUN);
      // What it judged was held; the 4,000 not held are past its end: it read back none of them.
      expect(readBack).toHaveBeenCalledOnce();
      expect(await readBack.mock.results[0]!.value).toEqual([]);
      readBack.mockRestore();
      await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
    } finally {
      app.services.alarmEngine.start();
    }
    expect(await lastJudgedMs(moldId)).toBe((start + 14_000) * 1000);
    const alarms = await alarmsOf(moldId);
    expect(alarms.map(({ value, closed_at }) => [value, closed_at])).toEqual([[72.5, new Date((start + 5003) * 1000)]]);
  }, 120_000);

  // A transaction still running holds the cursor below a stored backlog bigger than a run: the runs
  // judge nothing until it ends, and must poll for that, not run back to back.
  it.skipIf(!process.env.DATABASE_URL)(
    'waits, not spins, while a running transaction keeps a backlog from being judged',
    async () => {
      const { moldId, device, send } = await monitoredMould(0);
      await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      const engine = app.services.alarmEngine;
      const evaluate = engine.evaluate.bind(engine);
      const runs: Array<{ start: number; end: number }> = [];
      const spy = vi.spyOn(engine, 'evaluate').mockImplementation(async () => {
        const start = Date.now();
        try {
          return await evaluate();
        } finally {
          runs.push({ start, end: Date.now() });
        }
      });
      try {
        await other.query('begin');
        await other.query('select pg_current_xact_id()');
        await sql`insert into readings (device_id, seq, ts, mold_id, event, counter, cycle_time)
          select ${device.id}, s, to_timestamp(${base} + s), ${moldId}, 'cycle', s, 30
          from generate_series(1, 6000) as s`.execute(app.context.db);
        await send([{ ...reading(6001, 60), ts: base + 150 }]);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect(runs.length).toBeGreaterThan(2);
        // Each run starts its wait's 100 ms after the last one ended (the timer's own rounding aside).
        const gaps = runs.slice(1).map((run, index) => run.start - runs[index]!.end);
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
      } finally {
        spy.mockRestore();
        await other.query('commit');
        await other.end();
      }
      await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
      expect(await lastJudgedMs(moldId)).toBe((base + 6000) * 1000);
    },
  );

  // A vacuum holds a lock on the table the summarization would wait for (and waiting behind an
  // autovacuum cancels it): the run judges, leaves the summarization for later and waits for nothing.
  it.skipIf(!process.env.DATABASE_URL)(
    'judges while another session holds the lock a vacuum takes on the readings, without waiting for it',
    async () => {
      const { moldId, device } = await monitoredMould(0);
      await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(app.context.db);
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`lock table "${rows[0]!.schema}".readings in share update exclusive mode`);
        await storeMany(moldId, device.id, 1, 6000);
        await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
        expect(await lastJudgedMs(moldId)).toBe((base + 6000) * 1000);
        await other.query('commit');
      } finally {
        await other.end();
      }
      await storeMany(moldId, device.id, 6001, 1);
      await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
      expect(await unsummarized()).toBe(0);
    },
  );

  it('two engines on one database open an alarm once', async () => {
    const { moldId, send } = await monitoredMould();
    await app.services.alarmEngine.stop();
    try {
      await send([reading(1, 70), reading(2, 70), reading(3, 70)]);
      const engines = [new AlarmEngine(app.context), new AlarmEngine(app.context)];
      await Promise.all(engines.map((engine) => engine.catchUp(JUDGE_ALL_WAIT_MS)));
      expect(await alarmsOf(moldId)).toHaveLength(1);
      expect(await noticesOf(moldId)).toHaveLength(2);
    } finally {
      app.services.alarmEngine.start();
    }
  });

  it('opens offline once the device is silent past its learned interval; the next reading closes it', async () => {
    const { moldId, send } = await monitoredMould();
    await send([1, 2, 3, 4, 5].map((seq) => reading(seq, 60)));
    await settle();
    const tracks = await app.context.db
      .selectFrom('alarm_tracks')
      .selectAll()
      .where('mold_id', '=', moldId)
      .executeTakeFirstOrThrow();
    expect(tracks.offline_after_s).toBe(180);
    const realNow = app.context.now;
    try {
      app.context.now = () => new Date((base + 150 + 170) * 1000);
      await app.services.alarmEngine.checkSilence();
      expect((await alarmsOf(moldId)).filter((alarm) => alarm.alarm_type === 4)).toEqual([]);
      app.context.now = () => new Date((base + 150 + 200) * 1000);
      await app.services.alarmEngine.checkSilence();
      await app.services.alarmEngine.checkSilence();
      const offline = (await alarmsOf(moldId)).filter((alarm) => alarm.alarm_type === 4);
      expect(offline).toHaveLength(1);
      expect(offline[0]!.opened_at.getTime()).toBe((base + 150 + 180) * 1000);
    } finally {
      app.context.now = realNow;
    }
    await send([reading(20, 60)]);
    await settle();
    const [closed] = (await alarmsOf(moldId)).filter((alarm) => alarm.alarm_type === 4);
    expect(closed!.closed_at?.getTime()).toBe((base + 600) * 1000);
    expect(closed!.value).toBe(450);
  });

  it('escalates an open, unacknowledged alarm after the delay, again every interval, not when acknowledged', async () => {
    const { moldId, send } = await monitoredMould();
    await send([reading(1, 70), reading(2, 70), reading(3, 70)]);
    await settle();
    const [alarm] = await alarmsOf(moldId);
    const changed = recorded('alarmChanged');
    const realNow = app.context.now;
    try {
      const at = (minutes: number) => () => new Date(alarm!.last_notified_at.getTime() + minutes * 60_000);
      app.context.now = at(29);
      await app.services.jobs.runNow('alarm-escalation');
      expect(await noticesOf(moldId)).toHaveLength(2);
      app.context.now = at(30);
      await app.services.jobs.runNow('alarm-escalation');
      let notices = await noticesOf(moldId);
      expect(notices).toHaveLength(4);
      expect(JSON.parse(notices[3]!.content)).toMatchObject({ escalation: 1 });
      expect(changed).toContainEqual(expect.objectContaining({ alarmId: alarm!.id, change: 'escalated' }));
      app.context.now = at(61);
      await app.services.jobs.runNow('alarm-escalation');
      notices = await noticesOf(moldId);
      expect(JSON.parse(notices[5]!.content)).toMatchObject({ escalation: 2 });
      expect((await alarmsOf(moldId))[0]!.notified_count).toBe(3);
      await app.context.db
        .updateTable('alarms')
        .set({ acknowledged_at: new Date(), acknowledged_by: adminId })
        .where('id', '=', alarm!.id)
        .execute();
      app.context.now = at(200);
      await app.services.jobs.runNow('alarm-escalation');
      expect(await noticesOf(moldId)).toHaveLength(6);
    } finally {
      app.context.now = realNow;
    }
  });

  it('does not escalate where the organisation turned it off', async () => {
    const { moldId, send } = await monitoredMould();
    await send([reading(1, 70), reading(2, 70), reading(3, 70)]);
    await settle();
    await app.context.db
      .insertInto('alarm_settings')
      .values({ org_id: app.orgId, escalation_minutes: 0 })
      .onConflict((conflict) => conflict.column('org_id').doUpdateSet({ escalation_minutes: 0 }))
      .execute();
    const realNow = app.context.now;
    try {
      app.context.now = () => new Date(Date.now() + 10 * HOUR);
      await app.services.alarmEngine.escalate();
      expect(await noticesOf(moldId)).toHaveLength(2);
    } finally {
      app.context.now = realNow;
      await app.context.db.deleteFrom('alarm_settings').where('org_id', '=', app.orgId).execute();
    }
  });

  it('turns maintenance status into a type 1 alarm: warning early, exceeded alert, normal closes', async () => {
    const { moldId, send } = await monitoredMould();
    const due = (status: BusEvents['maintenanceDue']['status'], remaining: number) =>
      app.services.alarmEngine.onMaintenanceDue({
        orgId: app.orgId,
        moldId,
        taskId: 7,
        taskName: 'PM',
        status,
        remaining,
        unit: 'cycles',
      });
    await due('warning', 100);
    await due('warning', 100);
    let [alarm] = await alarmsOf(moldId);
    expect(alarm).toMatchObject({
      alarm_type: 1,
      channel: 'task:7',
      channel_name: 'PM',
      level: 'early',
      value: 100,
      unit: 'cycles',
    });
    expect(JSON.parse((await noticesOf(moldId))[0]!.content)).toMatchObject({ value: 100, unit: 'cycles' });
    expect(await noticesOf(moldId)).toHaveLength(2);
    await due('exceeded', -5);
    [alarm] = await alarmsOf(moldId);
    expect(alarm).toMatchObject({ level: 'alert', value: -5, closed_at: null });
    // The task edited to count days: the open alarm counts in days from now on, even a higher value.
    await app.services.alarmEngine.onMaintenanceDue({
      orgId: app.orgId,
      moldId,
      taskId: 7,
      taskName: 'PM',
      status: 'exceeded',
      remaining: -1,
      unit: 'days',
    });
    [alarm] = await alarmsOf(moldId);
    expect(alarm).toMatchObject({ level: 'alert', value: -1, unit: 'days', closed_at: null });
    // A mould past its maintenance that runs is running: only process alarms make its state `alarm`.
    await send([reading(1, 60), reading(2, 60)]);
    await settle();
    const status = await app.context.db
      .selectFrom('mold_status')
      .select('state')
      .where('mold_id', '=', moldId)
      .executeTakeFirst();
    expect(status?.state).toBe('run');
    await due('normal', 1000);
    expect((await alarmsOf(moldId))[0]!.closed_at).not.toBeNull();
    await app.services.alarmEngine.onMaintenanceDue({
      orgId: app.orgId + 999,
      moldId,
      taskId: 8,
      taskName: 'X',
      status: 'warning',
      remaining: 1,
      unit: 'days',
    });
    expect(await alarmsOf(moldId)).toHaveLength(1);
  });
});
