import { sql, type Kysely } from 'kysely';
import { createKeptDays, dropKeptDays, NUMERIC_DAY_COLUMNS, type DayColumn } from './0027_report_days.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A roll-up's float seconds, kWh or cycle-time sum as a whole number of millionths, rounded once per roll-up. */
const micro = (name: string, column: string): DayColumn => {
  const of = (roll: string) => `round(${roll}.${column} * 1e6)::bigint`;
  return { name, type: 'bigint', added: of, filled: of };
};
const counted = (name: string): DayColumn => {
  const of = (roll: string) => `${roll}.${name}::bigint`;
  return { name, type: 'bigint', added: of, filled: of };
};

/** The days' columns: millionths of a second / kWh as bigint. */
const MICRO_COLUMNS: readonly DayColumn[] = [
  ...['run', 'idle', 'alarm', 'stop', 'off'].map((state) => micro(`${state}_us`, `${state}_s`)),
  counted('shots'),
  micro('energy_ukwh', 'energy_kwh'),
  micro('cycle_time_sum_us', 'cycle_time_sum'),
  counted('cycle_time_n'),
];

/**
 * Reports, kept local days in whole millionths (issue 14, 500 moulds × 12 months within 500 ms):
 * `mold_day_rollups` as in 0027, but seconds, kWh and cycle-time sums are `bigint` millionths
 * (`run_us` … `off_us`, `energy_ukwh`, `cycle_time_sum_us`) instead of `numeric`. Reading a year of
 * days turned 1.3 million numeric values into floats (PostgreSQL does that through text) and every
 * figure built on `numeric` shots: most of the report's time. A bigint becomes a float exactly.
 *
 * Each roll-up's float is rounded to millionths once, the same way by the triggers and by the fill,
 * so a day is exactly the sum of its roll-ups' rounded values whatever order they came in, and adding
 * and taking back the same roll-up leaves exactly 0 (0027's reason for `numeric`). A millionth of a
 * second or kWh is far below anything a report shows.
 *
 * The primary key includes those columns: a report reads a year of one zone's days from the index
 * alone (the heap mixes every kept zone's days of a date on the same pages). Each change of a day
 * then writes an index entry (no HOT update), which the roll-up job's few hundred days per run afford.
 *
 * Existing days are converted by computing every kept zone again from the roll-ups with that
 * rounding (`report_days_fill`), not by rounding the old sums: a rounded sum differs from the sum of
 * rounded roll-ups by a few millionths, which a later removal would leave behind (a day of no planned
 * time reading 0.000003 s: availability 0 instead of none). Zones registered but not filled stay so.
 */
export async function up(db: AnyDb): Promise<void> {
  await keptDays(db, MICRO_COLUMNS, true);
}

export async function down(db: AnyDb): Promise<void> {
  await keptDays(db, NUMERIC_DAY_COLUMNS, false);
}

/**
 * Replaces the kept days' table, triggers and fill with `columns` (0027's builder), and computes the
 * filled zones again. `covering`: the primary key carries the summed columns, so a report reads one
 * zone's days from the index alone (index-only scan), not from heap pages shared with every other zone.
 */
async function keptDays(db: AnyDb, columns: readonly DayColumn[], covering: boolean): Promise<void> {
  // The old days are not read: each filled zone is computed again from the roll-ups below.
  await dropKeptDays(db);
  await createKeptDays(db, columns, covering);
  const { rows } = await sql<{ zone: string }>`
    update report_day_zones set filled_at = null where filled_at is not null returning zone`.execute(db);
  for (const { zone } of rows.sort((a, b) => a.zone.localeCompare(b.zone))) {
    await sql`select report_days_fill(${zone})`.execute(db);
  }
  // The planner's figures for the new table now (autovacuum would take a while to come by); the
  // visibility map, which index-only reads need, follows with autovacuum's first pass over it.
  await sql`analyze mold_day_rollups`.execute(db);
}
