import {
  HOT_RUNNER_TEMPERATURE_KEYS,
  MOLD_DATA_KEYS,
  MOLD_TEMPERATURE_KEYS,
  withUncoveredAsOff,
  type MoldDataKind,
  type MoldDataRecord,
  type SlotFractions,
  type TimeStateRecord,
} from '@mouldwatch/shared';
import type { BucketRow, RawFilter, RawReadingRow, RollupColumn } from './mold-history.repository.js';

type Content = MoldDataRecord['content'];

const round = (value: number | null, decimals: number) =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 10 ** decimals) / 10 ** decimals;
const average = (row: BucketRow, measure: string, decimals: number) =>
  row[`${measure}_n`] ? round((row[`${measure}_sum`] ?? 0) / row[`${measure}_n`]!, decimals) : null;
const sumAndCount = (measure: string): RollupColumn[] => [
  { name: `${measure}_sum`, aggregate: 'sum' },
  { name: `${measure}_n`, aggregate: 'sum' },
];
const oneKey = (keys: readonly string[], values: ReadonlyArray<number | null>): Content =>
  keys.map((key, index) => ({ [key]: values[index] ?? null }));
const hasValue = (content: Content) => content.some((entry) => Object.values(entry)[0] !== null);

/** How one kind of mould data is read from roll-ups and from raw readings. */
interface KindReader {
  columns: RollupColumn[];
  /** A bucket's content; undefined when the bucket holds nothing of this kind. */
  fromBucket(row: BucketRow): Content | undefined;
  /** Raw readings of the kind; energy has none (real time reads its 5-minute slots). */
  raw?: { filter: RawFilter; content(row: RawReadingRow): Content };
}

function temperatureReader(prefix: 'mt' | 'hr', keys: readonly string[], array: 'mold_temp' | 'hrs_temp'): KindReader {
  const measures = keys.map((_, index) => `${prefix}${index + 1}`);
  return {
    columns: measures.flatMap(sumAndCount),
    fromBucket: (row) => {
      const content = oneKey(
        keys,
        measures.map((measure) => average(row, measure, 1)),
      );
      return hasValue(content) ? content : undefined;
    },
    raw: {
      filter: array,
      content: (row) =>
        oneKey(
          keys,
          (row[array] ?? []).map((value) => round(value, 1)),
        ),
    },
  };
}

const CYCLE_MEASURES = MOLD_DATA_KEYS.moldCycleTimer;
const COUNTER_KEYS = MOLD_DATA_KEYS.moldCycleCounter;
/** Seconds per state in a roll-up, in the order of the time-state record's fractions. */
const STATE_SECONDS = ['run_s', 'idle_s', 'alarm_s', 'stop_s', 'off_s'] as const;
export const STATE_COLUMNS: RollupColumn[] = STATE_SECONDS.map((name) => ({ name, aggregate: 'sum' }));
const accountedSeconds = (row: BucketRow) => STATE_SECONDS.reduce((total, name) => total + (row[name] ?? 0), 0);

export const KIND_READERS: Readonly<Record<MoldDataKind, KindReader>> = {
  moldTemperature: temperatureReader('mt', MOLD_TEMPERATURE_KEYS, 'mold_temp'),
  hotRunnerTemperature: temperatureReader('hr', HOT_RUNNER_TEMPERATURE_KEYS, 'hrs_temp'),
  moldCycleCounter: {
    columns: [
      { name: 'counter_last', aggregate: 'max' },
      { name: 'shots', aggregate: 'sum' },
    ],
    fromBucket: (row) =>
      row.counter_last === null && !row.shots
        ? undefined
        : oneKey(COUNTER_KEYS, [row.counter_last ?? null, row.shots ?? 0]),
    raw: { filter: 'counter', content: (row) => oneKey(COUNTER_KEYS, [row.counter, row.shots]) },
  },
  moldCycleTimer: {
    columns: CYCLE_MEASURES.flatMap(sumAndCount),
    fromBucket: (row) =>
      row.cycle_time_n
        ? oneKey(
            CYCLE_MEASURES,
            CYCLE_MEASURES.map((measure) => average(row, measure, 2)),
          )
        : undefined,
    raw: {
      filter: 'cycle_time',
      content: (row) => oneKey(CYCLE_MEASURES, [row.cycle_time, row.open_time, row.close_time]),
    },
  },
  energyList: {
    columns: [{ name: 'energy_kwh', aggregate: 'sum' }, ...STATE_COLUMNS],
    fromBucket: (row) => (accountedSeconds(row) > 0 ? [{ energy: round(row.energy_kwh ?? 0, 3) }] : undefined),
  },
};

/**
 * A bucket's time-state record: each state's share of the time accounted in it, so the shares sum
 * to 1 also for the bucket under way. Undefined for a bucket with no accounted time.
 */
export function presentStateBucket(row: BucketRow, start: number): TimeStateRecord | undefined {
  const total = accountedSeconds(row);
  if (total <= 0) return undefined;
  const share = (name: (typeof STATE_SECONDS)[number]) => (row[name] ?? 0) / total;
  return {
    create_datetime: start,
    c_run_time: share('run_s'),
    c_idle_time: share('idle_s'),
    c_alarm_time: share('alarm_s'),
    c_stop_time: share('stop_s'),
    c_off_time: share('off_s'),
  };
}

/**
 * A stored 5-minute slot as the spec's record, its fractions those of the time accounted: the slot
 * under way counts only its elapsed part (the future is not "off"), like the hour and day buckets.
 */
export function presentTimeState({ slot_start, ...fractions }: SlotFractions & { slot_start: Date }): TimeStateRecord {
  const accounted = Object.values(fractions).reduce((sum, fraction) => sum + fraction, 0);
  const shares =
    accounted > 1e-9
      ? (Object.fromEntries(
          Object.entries(fractions).map(([key, fraction]) => [key, Math.max(0, fraction) / accounted]),
        ) as unknown as SlotFractions)
      : withUncoveredAsOff(fractions);
  return { create_datetime: Math.floor(slot_start.getTime() / 1000), ...shares };
}
