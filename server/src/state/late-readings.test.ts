import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTelemetry, userIdOf } from '../../test/factories.js';
import { chunks, mouldForStateTests, shuffled } from '../../test/replay.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import { StateEngine } from './state-engine.js';

/**
 * DESIGN §8, late readings: the same day of readings sent on time, in reverse, in shuffled batches
 * and days late gives the same slots and roll-ups, through the real ingest, state engine and roll-up.
 */

let app: TestApp;
let admin: string;
let adminId: number;
/** The app's clock, in epoch seconds; tests move it. */
let clock: number;

const DAY = 86_400;
/** A day ten days back, on a quarter hour: within the raw retention, its roll-ups recomputed. */
const DAY_START = Math.floor((Date.now() / 1000 - 10 * DAY) / 900) * 900;
const DAY_END = DAY_START + DAY;

beforeAll(async () => {
  app = await startTestApp({ DEVICE_RATE_LIMIT: '100000' }, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 } },
  });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  app.context.now = () => new Date(clock * 1000);
});
afterAll(async () => {
  await app?.close();
});

type Reading = Record<string, unknown> & { seq: number; ts: number };

/**
 * One day of a mould, a reading a minute: running (a counter rising each minute), idle then
 * stopped on heartbeats, powered off for an hour, silent for two, running on, silent at the end.
 */
function oneDay(): Reading[] {
  const readings: Reading[] = [];
  let counter = 5000;
  const add = (ts: number, fields: Record<string, unknown>) =>
    readings.push({ seq: readings.length + 1, ts: DAY_START + ts, ...fields });
  const hour = 3600;
  for (let ts = 7; ts < 6 * hour; ts += 60)
    add(ts, { event: 'cycle', counter: (counter += 1), cycle_time: 58, current: 8 });
  for (let ts = 6 * hour; ts < 6 * hour + 2400; ts += 60) add(ts, { event: 'heartbeat', counter, current: 2 });
  for (let ts = 6 * hour + 2400; ts < 12 * hour; ts += 60)
    add(ts, { event: 'cycle', counter: (counter += 1), current: 9 });
  add(12 * hour, { event: 'power_off', counter });
  add(13 * hour, { event: 'power_on', counter, current: 7 });
  for (let ts = 13 * hour + 60; ts < 18 * hour; ts += 60)
    add(ts, { counter: (counter += 1), mold_temp: [45, 46, null, null] });
  for (let ts = 20 * hour; ts < 23 * hour + 50 * 60; ts += 60) add(ts, { event: 'cycle', counter: (counter += 1) });
  return readings;
}

/** A mould with base idle 120 s, base stop 600 s and 380 V, and a device bound to it. */
async function mouldWithDevice() {
  const { moldId, device } = await mouldForStateTests(app, admin, [adminId]);
  /** Sends the batch as the device would (one request) and waits until the state engine applied it. */
  const send = async (batch: readonly Reading[], engines: readonly StateEngine[] = [app.services.state]) => {
    const response = await postTelemetry(app, device.token, batch);
    expect(response.statusCode).toBe(200);
    await Promise.all(engines.map((engine) => engine.settled()));
  };
  return { moldId, send };
}

const round = (value: number) => Math.round(value * 1e7) / 1e7 + 0;

/** The mould's slots of the day, rounded: equal rows mean equal slots. */
async function slotsOf(moldId: number) {
  const rows = await app.context.db
    .selectFrom('time_state_slots')
    .select(['slot_start', 'c_run_time', 'c_idle_time', 'c_alarm_time', 'c_stop_time', 'c_off_time', 'energy_kwh'])
    .where('mold_id', '=', moldId)
    .where('slot_start', '>=', new Date(DAY_START * 1000))
    .where('slot_start', '<', new Date(DAY_END * 1000))
    .orderBy('slot_start')
    .execute();
  return rows.map(({ slot_start, ...values }) => ({
    slot: slot_start.getTime() / 1000,
    ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, round(Number(value))])),
  }));
}

/** The mould's 15-minute roll-ups of the day (what the reports and history ranges read), rounded. */
async function rollupsOf(moldId: number) {
  const rows = await app.context.db
    .selectFrom('mold_rollups')
    .select(['bucket', 'shots', 'counter_last', 'run_s', 'idle_s', 'stop_s', 'off_s', 'energy_kwh', 'cycle_time_n'])
    .where('mold_id', '=', moldId)
    .where('bucket', '>=', new Date(DAY_START * 1000))
    .where('bucket', '<', new Date(DAY_END * 1000))
    .orderBy('bucket')
    .execute();
  return rows.map(({ bucket, ...values }) => ({
    bucket: bucket.getTime() / 1000,
    ...Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, value === null ? null : round(Number(value))]),
    ),
  }));
}

describe('a day of readings, whatever order and delay they arrive in', () => {
  const day = oneDay();

  it('gives the same slots and roll-ups on time, in reverse, in shuffled batches and days late', async () => {
    const onTime = await mouldWithDevice();
    for (const batch of chunks(day, 20)) {
      clock = batch.at(-1)!.ts + 2;
      await onTime.send(batch);
    }
    clock = DAY_END;
    const reverse = await mouldWithDevice();
    for (const batch of chunks([...day].reverse(), 90)) await reverse.send(batch);
    const shuffledBatches = await mouldWithDevice();
    for (const batch of shuffled(chunks(day, 90), 7)) await shuffledBatches.send(batch);
    await app.services.state.sweep();

    // Three days later, within the raw retention: the device uploads its buffer, newest batch first.
    clock = DAY_END + 3 * DAY;
    const late = await mouldWithDevice();
    for (const batch of chunks(day, 200).reverse()) await late.send(batch);
    await app.services.state.sweep();
    await app.services.rollups.run();

    const expected = await slotsOf(onTime.moldId);
    expect(expected).toHaveLength(288);
    // Running the first hour; powered off 12:00–13:00; silent 18:03–20:00.
    expect(expected[2]).toMatchObject({ c_run_time: 1, c_off_time: 0 });
    expect(expected[12 * 12 + 3]).toMatchObject({ c_off_time: 1 });
    expect(expected[19 * 12]).toMatchObject({ c_off_time: 1 });
    for (const mould of [reverse, shuffledBatches, late]) expect(await slotsOf(mould.moldId)).toEqual(expected);

    const rollups = await rollupsOf(onTime.moldId);
    expect(rollups).toHaveLength(96);
    const total = (key: string) => rollups.reduce((sum, row) => sum + Number(row[key as keyof typeof row]), 0);
    expect(total('run_s') + total('idle_s') + total('stop_s') + total('off_s')).toBeCloseTo(DAY - 7, 3);
    // Every rise of the counter from 5000 (the first bucket counts its cycle events).
    expect(total('shots')).toBe(Math.max(...day.map((reading) => Number(reading.counter ?? 0))) - 5000);
    for (const mould of [reverse, shuffledBatches, late]) expect(await rollupsOf(mould.moldId)).toEqual(rollups);
  });

  it('does not count twice when two instances apply the same late readings at once', async () => {
    // A second engine on the same database hears every reading too: the worst case of two instances.
    const second = new StateEngine(app.context, { sweepIntervalMs: 3_600_000, applyDelayMs: 0 });
    second.start();
    try {
      clock = DAY_END;
      const single = await mouldWithDevice();
      const twice = await mouldWithDevice();
      const batches = shuffled(chunks(day, 120), 3);
      for (const batch of batches) await single.send(batch);
      for (const batch of batches) await twice.send(batch, [app.services.state, second]);
      await Promise.all([app.services.state.sweep(), second.sweep()]);
      await app.services.state.sweep();
      expect(await slotsOf(twice.moldId)).toEqual(await slotsOf(single.moldId));
    } finally {
      await second.stop();
    }
  });

  it('stores a reading older than the raw retention without moving the slots or the status', async () => {
    clock = DAY_END;
    const mould = await mouldWithDevice();
    await mould.send(day.slice(0, 30));
    const before = await slotsOf(mould.moldId);
    const status = await app.context.db
      .selectFrom('mold_status')
      .selectAll()
      .where('mold_id', '=', mould.moldId)
      .executeTakeFirstOrThrow();
    const ancient = { seq: 100_000, ts: DAY_START - 40 * DAY, event: 'cycle', counter: 1 };
    await mould.send([ancient]);
    expect(await slotsOf(mould.moldId)).toEqual(before);
    const slotsThen = await app.context.db
      .selectFrom('time_state_slots')
      .select('slot_start')
      .where('mold_id', '=', mould.moldId)
      .where('slot_start', '<', new Date(DAY_START * 1000))
      .execute();
    expect(slotsThen).toEqual([]);
    expect(
      await app.context.db
        .selectFrom('mold_status')
        .select(['last_connect_at', 'last_cycle_at', 'counter', 'accounted_until'])
        .where('mold_id', '=', mould.moldId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      last_connect_at: status.last_connect_at,
      last_cycle_at: status.last_cycle_at,
      counter: status.counter,
      accounted_until: status.accounted_until,
    });
  });
});
