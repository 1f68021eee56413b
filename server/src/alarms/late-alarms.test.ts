import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moldInfoSchema } from '@mouldwatch/shared';
import { mouldWithDevice, userIdOf } from '../../test/factories.js';
import { chunks, shuffled } from '../../test/replay.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 14, alarms: the same readings sent in order, in reverse, in shuffled batches each judged
 * in its own run, and partly hours late give the same alarms and alarm tracks, through the real
 * ingest and alarm engine.
 */

const HOUR = 3_600_000;
const QUIET = { catchUpIntervalMs: HOUR, offlineIntervalMs: HOUR, escalationIntervalMs: HOUR };
/** Judging waits for every transaction of the database server (other test files' too). */
const JUDGE_ALL_WAIT_MS = 25_000;

let app: TestApp;
let admin: string;
let adminId: number;
/** The app's clock, in epoch seconds. */
let clock: number;
const DAY_START = Math.floor(Date.now() / 1000) - 2 * 86_400;

beforeAll(async () => {
  app = await startTestApp({ DEVICE_RATE_LIMIT: '100000' }, undefined, {
    jobs: { alarms: QUIET, state: { applyDelayMs: 10 } },
  });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  clock = Math.floor(Date.now() / 1000);
  app.context.now = () => new Date(clock * 1000);
});
afterAll(async () => {
  await app?.close();
});

const INFO = moldInfoSchema.parse({
  mold_temp_setting: [{ name: 'A', set: 60, alert: 5 }],
  cycle_time: 30,
  cycle_time_setting: { time: 120, alert: 5, early: 2 },
});

type Reading = {
  seq: number;
  ts: number;
  mold_temp: Array<number | null>;
  cycle_time: number;
  event: string;
  counter: number;
};

/** Temperature of reading `i` of the day (alarm A: set 60, alert 5, three readings to open). */
function temperature(i: number): number {
  if ([20, 21, 23, 24].includes(i)) return 70; // reading 22 inside bounds: no run of three
  if (i === 44) return 80; // the worst of the 40…50 alarm
  if (i >= 40 && i <= 50) return 70;
  if (i >= 95 && i <= 99) return 72; // opened and closed inside the late part
  return 60;
}

/** Cycle time of reading `i` (target 30 s, early 2 s, alert 5 s, two cycles to open). */
const cycleTime = (i: number) => (i >= 60 && i <= 64 ? 36 : i >= 100 && i <= 103 ? 33 : 30);

/** Three hours of a mould, a cycle a minute, two days back. */
function oneDay(): Reading[] {
  return Array.from({ length: 180 }, (_, i) => ({
    seq: i + 1,
    ts: DAY_START + i * 60,
    event: 'cycle',
    counter: 1000 + i,
    cycle_time: cycleTime(i),
    mold_temp: [temperature(i), null, null, null],
  }));
}

async function monitoredMould() {
  const mould = await mouldWithDevice(app, admin, [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ launch_listen: 1, info: JSON.stringify(INFO) })
    .where('id', '=', mould.moldId)
    .execute();
  return mould;
}

type Mould = Awaited<ReturnType<typeof monitoredMould>>;

/** Sends each batch to the mould and judges it in a run of its own. */
async function sendLate(mould: Mould, ...batches: readonly Reading[][]) {
  await app.services.alarmEngine.stop();
  try {
    for (const batch of batches) {
      await mould.send(batch);
      await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
    }
  } finally {
    app.services.alarmEngine.start();
  }
}

/** A new mould sent the batches, each judged in a run of its own. */
async function sendJudged(batches: readonly Reading[][]) {
  const mould = await monitoredMould();
  await sendLate(mould, ...batches);
  return mould;
}

const alarmsOf = (moldId: number) =>
  app.context.db.selectFrom('alarms').selectAll().where('mold_id', '=', moldId).orderBy('opened_at').execute();

async function outcome(moldId: number) {
  const alarms = (await alarmsOf(moldId)).map((row) => ({
    type: row.alarm_type,
    channel: row.channel,
    opened: row.opened_at.getTime(),
    closed: row.closed_at?.getTime() ?? null,
    level: row.level,
    value: row.value,
    bound: row.bound,
  }));
  const tracks = await app.context.db
    .selectFrom('alarm_tracks')
    .select(['last_ts', 'powered_off', 'offline_after_s', 'tracks'])
    .where('mold_id', '=', moldId)
    .executeTakeFirstOrThrow();
  return { alarms, tracks };
}

describe('alarms of late readings', () => {
  it('are the same in order, in reverse, in shuffled batches and hours late', async () => {
    const day = oneDay();
    const inOrder = await outcome((await sendJudged([day])).moldId);
    const at = (i: number) => DAY_START * 1000 + i * 60_000;
    expect(
      inOrder.alarms.map(({ type, opened, closed, level, value }) => [type, opened, closed, level, value]),
    ).toEqual([
      [3, at(40), at(51), 'alert', 80],
      [2, at(60), at(65), 'alert', 36],
      [3, at(95), at(100), 'alert', 72],
      [2, at(100), at(104), 'early', 33],
    ]);
    expect(inOrder.alarms.every((alarm) => alarm.bound !== null)).toBe(true);

    const reversed = await sendJudged(chunks([...day].reverse(), 7));
    expect(await outcome(reversed.moldId)).toEqual(inOrder);
    const batches = await sendJudged(chunks(shuffled(day, 14), 13));
    expect(await outcome(batches.moldId)).toEqual(inOrder);
    // The example of the brief: reading 22 alone after the others.
    const t22 = await sendJudged([day.filter((_, i) => i !== 22), [day[22]!]]);
    expect(await outcome(t22.moldId)).toEqual(inOrder);
  });

  it('keeps the row and acknowledgement of an alarm a late batch revises, hours later', async () => {
    const day = oneDay();
    const expected = await outcome((await sendJudged([day])).moldId);
    const late = (i: number) => i === 44 || (i >= 90 && i <= 120);
    const mould = await sendJudged([day.filter((_, i) => !late(i))]);
    const before = await alarmsOf(mould.moldId);
    const revised = before.find((row) => row.opened_at.getTime() === DAY_START * 1000 + 40 * 60_000)!;
    expect(revised.value).toBe(70);
    await app.context.db
      .updateTable('alarms')
      .set({ acknowledged_at: new Date(), acknowledged_by: adminId })
      .where('id', '=', revised.id)
      .execute();
    clock += 5 * 3600;
    await sendLate(
      mould,
      day.filter((_, i) => late(i)),
    );
    expect(await outcome(mould.moldId)).toEqual(expected);
    const after = await alarmsOf(mould.moldId);
    const kept = after.find((row) => row.id === revised.id)!;
    expect([kept.unique_str, kept.value, kept.acknowledged_by]).toEqual([revised.unique_str, 80, adminId]);
    // The alarms the late part opened were closed long ago: recorded, not notified.
    expect(after.filter((row) => row.id > before.at(-1)!.id).map((row) => row.notified_count)).toEqual([0, 0]);
  });

  it("gives an alarm a late reading closes earlier the worst value of its own readings, not a newer reading's", async () => {
    // Channel A at 70 for readings 10 to 59 (open at 10), back at 60 from 60; reading 90 alone at 90.
    const day = oneDay()
      .slice(0, 91)
      .map((reading, i) => ({
        ...reading,
        cycle_time: 30,
        mold_temp: [i === 90 ? 90 : i >= 10 && i < 60 ? 70 : 60, null, null, null],
      }));
    const at = (i: number) => DAY_START * 1000 + i * 60_000;
    const inOrder = await outcome((await sendJudged([day])).moldId);
    expect(inOrder.alarms.map(({ opened, closed, value }) => [opened, closed, value])).toEqual([[at(10), at(60), 70]]);
    // Reading 90, judged while the alarm was open, raised its value to 90; the late readings close it
    // at 60, long after the re-judge's anchor (the alarm is open there, not replayed from its opening).
    const late = (i: number) => i >= 60 && i < 90;
    const mould = await sendJudged([day.filter((_, i) => !late(i)), day.filter((_, i) => late(i))]);
    expect(await outcome(mould.moldId)).toEqual(inOrder);
  });

  it('withdraws an alarm the late reading undoes, with its notices', async () => {
    // Ends on reading 24: the alarm the missing reading 22 lets open is still open, so notified.
    const day = oneDay().slice(0, 25);
    const recent = day.map((reading) => ({ ...reading, ts: clock - 1800 + reading.seq * 60 }));
    const mould = await sendJudged([recent.filter((_, i) => i !== 22)]);
    const wrong = await alarmsOf(mould.moldId);
    expect(wrong.map((row) => row.opened_at.getTime() / 1000)).toEqual([recent[20]!.ts]);
    const notices = () =>
      app.context.db.selectFrom('user_messages').select('id').where('unique_str', '=', wrong[0]!.unique_str).execute();
    expect((await notices()).length).toBeGreaterThan(0);
    const events: string[] = [];
    const unsubscribe = app.context.bus.subscribe('alarmChanged', (event) => events.push(event.change));
    await sendLate(mould, [recent[22]!]);
    unsubscribe();
    expect(await alarmsOf(mould.moldId)).toEqual([]);
    expect(await notices()).toEqual([]);
    expect(events).toContain('withdrawn');
  });

  it('keeps an offline alarm of the silence job out of the reconciliation: the readings after the silence close it', async () => {
    const day = oneDay().slice(0, 12);
    const recent = day.map((reading) => ({ ...reading, ts: clock - 7200 + reading.seq * 60 }));
    const mould = await sendJudged([recent.filter((_, i) => i !== 3 && i < 10)]);
    expect(await app.services.alarmEngine.checkSilence()).toBeGreaterThan(0);
    const [silence] = await alarmsOf(mould.moldId);
    expect([silence?.alarm_type, silence?.closed_at]).toEqual([4, null]);
    await sendLate(mould, [recent[3]!, recent[10]!, recent[11]!]);
    const after = await alarmsOf(mould.moldId);
    expect(after.map((row) => [row.id, row.closed_at?.getTime()])).toEqual([[silence!.id, recent[10]!.ts * 1000]]);
    expect(after[0]!.value).toBe(recent[10]!.ts - recent[9]!.ts);
  });

  it('judges readings of one second by their seq, whichever is committed first', async () => {
    // Two instances may commit one device's readings of a second in either order: the hot reading
    // (seq 6) and the cool one after it (seq 7) share a second. In seq order, three hot readings in a
    // row open an alarm and the cool one closes it.
    const temps = [60, 60, 60, 70, 70, 70, 60];
    const readings = temps.map((temp, i) => ({
      ...oneDay()[i]!,
      ts: DAY_START + Math.min(i, 5) * 60,
      mold_temp: [temp, null, null, null],
    }));
    const inOrder = await outcome((await sendJudged([readings])).moldId);
    const second = DAY_START * 1000 + 5 * 60_000;
    expect(inOrder.alarms.map(({ opened, closed, value }) => [opened, closed, value])).toEqual([
      [DAY_START * 1000 + 3 * 60_000, second, 70],
    ]);
    const coolFirst = await sendJudged([readings.filter((reading) => reading.seq !== 6), [readings[5]!]]);
    expect(await outcome(coolFirst.moldId)).toEqual(inOrder);
  });

  it('changes nothing for late readings older than the raw retention', async () => {
    const day = oneDay();
    const mould = await sendJudged([day]);
    const before = await outcome(mould.moldId);
    const old = [1, 2, 3, 4].map((i) => ({
      ...day[i]!,
      seq: 1000 + i,
      ts: clock - 40 * 86_400 + i * 60,
      mold_temp: [90, null, null, null],
    }));
    await sendLate(mould, old);
    expect(await outcome(mould.moldId)).toEqual(before);
  });
});
