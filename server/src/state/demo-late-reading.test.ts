import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMoulds, type DemoDevice } from '../seed/demo-moulds.js';
import { postTelemetry } from '../../test/factories.js';
import { chunks } from '../../test/replay.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 25, data honesty: the demo's moulds have seeded roll-ups with no raw readings or slots
 * behind them. A device plugged into a demo mould that sends a reading days back (a late reading:
 * the simulator has reported since) must not wipe the seeded history after it.
 */

let app: TestApp;
let device: DemoDevice;
let moldId: number;
/** The app's clock, in epoch seconds. */
let clock: number;

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000 / 900) * 900;

beforeAll(async () => {
  app = await startTestApp({ DEVICE_RATE_LIMIT: '100000' }, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 } },
  });
  clock = NOW;
  app.context.now = () => new Date(clock * 1000);
  const devices = await seedDemoMoulds(app.context.db, app.orgId, { now: new Date(NOW * 1000), historyDays: 6 });
  device = devices[0]!;
  const bound = await app.context.db
    .selectFrom('devices')
    .select('mold_id')
    .where('device_no', '=', device.device_no)
    .executeTakeFirstOrThrow();
  moldId = Number(bound.mold_id);
});
afterAll(async () => {
  await app?.close();
});

/** Sends the readings as the device would (one request each batch) and waits until the state engine applied them. */
async function send(readings: ReadonlyArray<Record<string, unknown>>) {
  for (const batch of chunks(readings, 200)) {
    const response = await postTelemetry(app, device.token, batch);
    expect(response.statusCode).toBe(200);
    await app.services.state.settled();
  }
}

/** The mould's roll-ups in [from, until), as the history and the reports read them. */
async function rollupsOf(from: number, until: number) {
  const rows = await app.context.db
    .selectFrom('mold_rollups')
    .select(['bucket', 'shots', 'counter_last', 'run_s', 'idle_s', 'alarm_s', 'stop_s', 'off_s', 'energy_kwh', 'mt1_n'])
    .where('mold_id', '=', moldId)
    .where('bucket', '>=', new Date(from * 1000))
    .where('bucket', '<', new Date(until * 1000))
    .orderBy('bucket')
    .execute();
  const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    bucket: row.bucket.getTime() / 1000,
    shots: Number(row.shots),
    counter_last: numberOrNull(row.counter_last),
    run_s: Number(row.run_s),
    idle_s: Number(row.idle_s),
    alarm_s: Number(row.alarm_s),
    stop_s: Number(row.stop_s),
    off_s: Number(row.off_s),
    energy_kwh: Number(row.energy_kwh),
    mt1_n: Number(row.mt1_n),
  }));
}

describe('a late reading into a demo mould', () => {
  it('keeps the seeded history after it: only the time the reading watched is recomputed', async () => {
    // The simulator back-fills the hours since the seeded history, a cycle a minute, up to now.
    const backfill = [];
    for (let ts = device.history_until, n = 1; ts < NOW; ts += 60, n += 1)
      backfill.push({ seq: n, ts, event: 'cycle', counter: device.counter + n, cycle_time: 55, current: 8 });
    await send(backfill);
    await app.services.state.sweep();
    await app.services.rollups.run();

    const late = NOW - 3 * DAY + 7;
    // The seeded quarter hours from the late reading's day to the end of the history.
    const seededFrom = NOW - 3 * DAY - DAY;
    const before = await rollupsOf(seededFrom, device.history_until);
    expect(before).toHaveLength((4 * DAY) / 900 - 6 * 4);
    expect(before.some((row) => row.shots > 0)).toBe(true);
    const recentBefore = await rollupsOf(device.history_until, NOW);
    expect(recentBefore).toHaveLength(6 * 4);

    // A device plugged into the mould sends one reading taken three days ago.
    await send([{ seq: 100_000, ts: late, event: 'heartbeat', mold_temp: [50, null, null, null] }]);
    await app.services.state.sweep();
    await app.services.rollups.run();
    const after = await rollupsOf(seededFrom, device.history_until);

    // The late reading's own quarter hour now tells what the reading saw; every other seeded one is as it was.
    const ownBucket = Math.floor(late / 900) * 900;
    const changed = after.filter((row, index) => JSON.stringify(row) !== JSON.stringify(before[index]));
    expect(changed.map((row) => row.bucket)).toEqual([ownBucket]);
    expect(after.find((row) => row.bucket === ownBucket)).toMatchObject({ mt1_n: 1 });
    // The back-filled hours are untouched too.
    // The back-filled hours keep their time (the state they count it in may change: a recomputed
    // window holds the alarm open now over all of it, a known limit of "Late readings").
    const accounted = (rows: typeof recentBefore) =>
      rows.map((row) => row.run_s + row.idle_s + row.alarm_s + row.stop_s + row.off_s);
    expect(accounted(await rollupsOf(device.history_until, NOW))).toEqual(accounted(recentBefore));
  });
});
