import { describe, expect, it } from 'vitest';
import { slotStartOf } from '@mouldwatch/shared';
import type { MoldStatusRow } from '../infra/db/schema.js';
import { chunks, shuffled } from '../../test/replay.js';
import {
  accountTimeline,
  addAccounts,
  blankStatus,
  inTimeOrder,
  type SlotAccounts,
  type TimedReading,
} from './slot-accounting.js';
import {
  advanceStatus,
  isLate,
  lookbackSeconds,
  recomputeStatus,
  type MouldSettings,
  type RecomputeInput,
} from './status-advance.js';

const SETTINGS: MouldSettings = {
  thresholds: { offlineAfterSeconds: 180, basicIdleSeconds: 120, basicStopSeconds: 600 },
  voltage: 380,
};
/** A slot start plus 17 s: the readings do not fall on slot bounds. */
const T0 = 1_700_000_100 + 17;
const HOUR = 3600;

/**
 * Six hours of one mould: running (a counter rising every 30 s), idle then stopped (heartbeats),
 * running again, powered off for half an hour, running, silent for an hour, then running on cycle
 * events without a counter. Sequence numbers follow time.
 */
function sixHours(): TimedReading[] {
  const readings: TimedReading[] = [];
  let counter = 1000;
  const add = (ts: number, fields: Partial<TimedReading>) => readings.push({ ts, seq: readings.length + 1, ...fields });
  for (let ts = T0; ts < T0 + HOUR; ts += 30) add(ts, { event: 'cycle', counter: (counter += 1), current: 10 });
  for (let ts = T0 + HOUR; ts < T0 + HOUR + 1200; ts += 60) add(ts, { event: 'heartbeat', counter, current: 3 });
  for (let ts = T0 + HOUR + 1200; ts < T0 + 2 * HOUR; ts += 30) add(ts, { counter: (counter += 1), mold_temp: [40] });
  add(T0 + 2 * HOUR, { event: 'power_off', counter });
  add(T0 + 2 * HOUR + 1800, { event: 'power_on', counter, current: 12 });
  for (let ts = T0 + 2 * HOUR + 1830; ts < T0 + 3 * HOUR; ts += 30)
    add(ts, { event: 'cycle', counter: (counter += 1) });
  for (let ts = T0 + 4 * HOUR; ts < T0 + 6 * HOUR; ts += 45) add(ts, { event: 'cycle' });
  return readings;
}

const END = T0 + 6 * HOUR + 100;
const at = (seconds: number) => new Date(seconds * 1000);

/** Slot accounts rounded, as plain rows: equal rows mean equal slots. */
function rows(accounts: SlotAccounts) {
  const round = (value: number) => Math.round(value * 1e9) / 1e9 + 0;
  return [...accounts]
    .sort(([a], [b]) => a - b)
    .map(([slot, { fractions, energyKwh }]) => ({
      slot,
      ...Object.fromEntries(Object.entries(fractions).map(([key, value]) => [key, round(value)])),
      energy: round(energyKwh),
    }));
}

/** The reference: every reading known from the start, one pass over them in time order. */
const reference = (readings: readonly TimedReading[]) =>
  accountTimeline(blankStatus(1, at(readings[0]!.ts)), inTimeOrder(readings), SETTINGS, readings[0]!.ts, END);

/** What the repository answers, from readings held in memory. */
function recomputeInput(stored: readonly TimedReading[], from: number): RecomputeInput {
  const windowStart = from - lookbackSeconds(SETTINGS);
  const sorted = inTimeOrder(stored);
  const before = sorted.filter((reading) => reading.ts < windowStart);
  const lastOf = (key: 'counter' | 'current') =>
    before.findLast((reading) => reading[key] !== undefined)?.[key] ?? null;
  return {
    from,
    readings: sorted.filter((reading) => reading.ts >= windowStart),
    before: { lastSeenAt: before.at(-1)?.ts ?? null, counter: lastOf('counter'), current: lastOf('current') },
  };
}

/**
 * The state engine in memory: each batch is stored, then applied at `now` as the engine does (moved
 * on, or its window recomputed when it reaches back); at the end a sweep moves the mould to END.
 */
function replay(batches: ReadonlyArray<{ readings: readonly TimedReading[]; now: number }>) {
  const slots: SlotAccounts = new Map();
  const stored: TimedReading[] = [];
  let status: MoldStatusRow | undefined;
  const add = (accounts: SlotAccounts, replace: boolean) => {
    if (replace) for (const slot of accounts.keys()) slots.delete(slot);
    addAccounts(slots, accounts);
  };
  const apply = (readings: readonly TimedReading[], now: number) => {
    stored.push(...readings);
    const moved =
      status && isLate(status, readings)
        ? recomputeStatus(
            status,
            SETTINGS,
            recomputeInput(stored, slotStartOf(Math.min(...readings.map((r) => r.ts)))),
            at(now),
          )
        : advanceStatus(1, status, SETTINGS, readings, at(now));
    if (moved.replace) add(moved.replace, true);
    add(moved.shares, false);
    status = moved.status;
  };
  for (const batch of batches) apply(batch.readings, batch.now);
  apply([], END);
  return { slots, status: status! };
}

describe('accountTimeline', () => {
  it('spends each stretch between readings as the earlier one makes the mould', () => {
    const readings: TimedReading[] = [
      { ts: 1000, seq: 1, event: 'cycle', current: 10 },
      { ts: 1030, seq: 2, event: 'cycle' },
      { ts: 1200, seq: 3, event: 'heartbeat' },
    ];
    // Run to 1150 (idle after 120 s), idle to 1380 (offline 180 s after the heartbeat), then off.
    const { accounts, status } = accountTimeline(blankStatus(1, at(1000)), readings, SETTINGS, 1000, 1500);
    const seconds = (key: 'c_run_time' | 'c_idle_time' | 'c_off_time') =>
      [...accounts.values()].reduce((sum, account) => sum + account.fractions[key] * 300, 0);
    expect(seconds('c_run_time')).toBeCloseTo(150, 9);
    expect(seconds('c_idle_time')).toBeCloseTo(230, 9);
    expect(seconds('c_off_time')).toBeCloseTo(120, 9);
    // 380 s online at 10 A and 380 V.
    const energy = [...accounts.values()].reduce((sum, account) => sum + account.energyKwh, 0);
    expect(energy).toBeCloseTo((380 * 10 * 380) / 3600 / 1000, 12);
    expect(status).toMatchObject({ last_connect_at: at(1200), last_cycle_at: at(1030), first_cycle_at: at(1000) });
  });

  it('draws energy at the reported current in every powered state, whatever the state, and none while off', () => {
    // A cycle at 10 A, then heartbeats: 2 A while idle (heaters on), 0 A once stopped (heaters off),
    // 6 A while re-heating, still stopped; then silence and off. The state does not decide the energy:
    // the current the device reports does (DESIGN §8, docs/device-protocol.md).
    const readings: TimedReading[] = [
      { ts: 1000, seq: 1, event: 'cycle', current: 10 },
      { ts: 1100, seq: 2, event: 'heartbeat', current: 2 },
      { ts: 1250, seq: 3, event: 'heartbeat', current: 2 },
      { ts: 1400, seq: 4, event: 'heartbeat', current: 2 },
      { ts: 1550, seq: 5, event: 'heartbeat', current: 2 },
      { ts: 1650, seq: 6, event: 'heartbeat', current: 0 },
      { ts: 1750, seq: 7, event: 'heartbeat', current: 6 },
    ];
    const { accounts } = accountTimeline(blankStatus(1, at(1000)), readings, SETTINGS, 1000, 2000);
    const seconds = (key: 'c_idle_time' | 'c_stop_time' | 'c_off_time') =>
      [...accounts.values()].reduce((sum, account) => sum + account.fractions[key] * 300, 0);
    // Idle 1120–1600, stopped 1600 until offline at 1930 (180 s after the last reading), then off.
    expect(seconds('c_idle_time')).toBeCloseTo(480, 9);
    expect(seconds('c_stop_time')).toBeCloseTo(330, 9);
    expect(seconds('c_off_time')).toBeCloseTo(70, 9);
    const kwh = (amperes: number, span: number) => (380 * amperes * span) / 3600 / 1000;
    const energy = [...accounts.values()].reduce((sum, account) => sum + account.energyKwh, 0);
    // 100 s at 10 A, 550 s at 2 A (run, then idle), 100 s at 0 A (stopped), 180 s at 6 A (stopped), off: none.
    expect(energy).toBeCloseTo(kwh(10, 100) + kwh(2, 550) + kwh(6, 180), 12);
    // A reading without a current keeps the last reported one.
    const kept = accountTimeline(
      blankStatus(1, at(1000)),
      [
        { ts: 1000, seq: 1, event: 'cycle', current: 10 },
        { ts: 1060, seq: 2, event: 'cycle' },
      ],
      SETTINGS,
      1000,
      1120,
    );
    expect([...kept.accounts.values()].reduce((sum, account) => sum + account.energyKwh, 0)).toBeCloseTo(
      kwh(10, 120),
      12,
    );
  });

  it('counts only the elapsed part of the slot in progress, and nothing before the first reading', () => {
    const { accounts } = accountTimeline(
      blankStatus(1, at(1260)),
      [{ ts: 1260, seq: 1, event: 'cycle' }],
      SETTINGS,
      1200,
      1300,
    );
    // The slot 1200–1500: 40 s watched (1260–1300), run; the rest neither past nor watched.
    expect(rows(accounts)).toEqual([
      {
        slot: 1200,
        c_run_time: 0.133333333,
        c_idle_time: 0,
        c_alarm_time: 0,
        c_stop_time: 0,
        c_off_time: 0,
        energy: 0,
      },
    ]);
  });

  it('turns power_off and silence into off', () => {
    const { accounts } = reference(sixHours());
    const slot = (offset: number) => accounts.get(slotStartOf(T0 + offset))!.fractions;
    // Powered off at 2 h: the slots of the next half hour are off.
    expect(slot(2 * HOUR + 600)).toMatchObject({ c_off_time: 1, c_run_time: 0 });
    // Silent from 3 h: off once the offline time has run out.
    expect(slot(3 * HOUR + 1800)).toMatchObject({ c_off_time: 1, c_run_time: 0 });
    // Heartbeats only, 30 min after the last cycle: stopped.
    expect(slot(HOUR + 900)).toMatchObject({ c_stop_time: 1 });
  });
});

describe('slots whatever order and delay the readings come in', () => {
  const readings = sixHours();
  const expected = rows(reference(readings).accounts);

  it('are those of the readings in time order, applied as they come or minutes after (batches of 1 and of 7)', () => {
    for (const size of [1, 7]) {
      for (const delay of [0.7, 90, 400]) {
        const batches = chunks(readings, size).map((batch) => ({
          readings: batch,
          now: Math.min(batch.at(-1)!.ts + delay, END),
        }));
        expect(rows(replay(batches).slots)).toEqual(expected);
      }
    }
  });

  it('are the same in reverse, in shuffled batches, and all at once days later', () => {
    const reverse = chunks([...readings].reverse(), 10).map((batch) => ({ readings: batch, now: END }));
    expect(rows(replay(reverse).slots)).toEqual(expected);
    for (const seed of [1, 2, 3]) {
      const batches = shuffled(chunks(readings, 25), seed).map((batch) => ({ readings: batch, now: END }));
      const { slots, status } = replay(batches);
      expect(rows(slots)).toEqual(expected);
      expect(status).toMatchObject({
        last_connect_at: at(readings.at(-1)!.ts),
        counter: Math.max(...readings.map((reading) => reading.counter ?? 0)),
      });
    }
    // On time until 3 h, then the rest uploaded late in one go and in reverse halves.
    const split = readings.findIndex((reading) => reading.ts >= T0 + 3 * HOUR);
    const onTime = chunks(readings.slice(0, split), 5).map((batch) => ({ readings: batch, now: batch.at(-1)!.ts + 1 }));
    const rest = readings.slice(split);
    const late = [rest.slice(80), rest.slice(0, 80)].map((batch) => ({ readings: batch, now: END }));
    expect(rows(replay([...onTime, ...late]).slots)).toEqual(expected);
  });

  it("take one second's readings in seq order, whichever is applied first", () => {
    // A cycle at 1 h reports 20 A, the heartbeat of the same second after it 3 A: 3 A from then on.
    const second = readings.findIndex((reading) => reading.ts === T0 + HOUR);
    const pair = readings.map((reading, index) =>
      index === second - 1 ? { ...reading, ts: T0 + HOUR, current: 20 } : reading,
    );
    const inOrder = rows(reference(pair).accounts);
    const higherFirst = [pair.slice(0, second - 1).concat(pair[second]!), [pair[second - 1]!], pair.slice(second + 1)];
    const { slots, status } = replay(higherFirst.map((batch) => ({ readings: batch, now: END })));
    expect(rows(slots)).toEqual(inOrder);
    expect(status!.current).toBe(reference(pair).status.current);
  });

  it('change nothing when a batch comes twice', () => {
    const batches = chunks(readings, 20).map((batch) => ({ readings: batch, now: batch.at(-1)!.ts + 2 }));
    const twice = batches.flatMap((batch) => [batch, batch]);
    expect(rows(replay(twice).slots)).toEqual(expected);
  });
});
