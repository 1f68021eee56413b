import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/** A roll-up column and how buckets add it up: counters take the highest, everything else sums. */
export interface RollupColumn {
  name: string;
  aggregate: 'sum' | 'max';
}

/** One history point's aggregates; `index` is the bucket's position in the bounds (from 0). */
export type BucketRow = { index: number } & Record<string, number | null>;

/** A raw reading as the real-time views read it; `shots` is the counter's rise over the reading before. */
export interface RawReadingRow {
  ts: Date;
  counter: number | null;
  shots: number;
  cycle_time: number | null;
  open_time: number | null;
  close_time: number | null;
  mold_temp: Array<number | null> | null;
  hrs_temp: Array<number | null> | null;
}

/** Which raw readings a real-time view lists. */
export type RawFilter = 'mold_temp' | 'hrs_temp' | 'counter' | 'cycle_time';

const RAW_FILTERS: Readonly<Record<RawFilter, RawBuilder<boolean>>> = {
  mold_temp: sql`mold_temp is not null`,
  hrs_temp: sql`hrs_temp is not null`,
  counter: sql`counter is not null and (event is null or event = 'cycle')`,
  cycle_time: sql`cycle_time is not null and (event is null or event = 'cycle')`,
};

export class MoldHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds up the mould's 15-minute roll-ups into the buckets [bounds[i], bounds[i + 1]) (epoch
   * seconds), oldest first; a bucket without roll-ups has null sums.
   */
  async buckets(moldId: number, bounds: readonly number[], columns: readonly RollupColumn[]): Promise<BucketRow[]> {
    const aggregates = columns.map(({ name, aggregate }) =>
      aggregate === 'max'
        ? sql`max(${sql.ref(name)}) as ${sql.ref(name)}`
        : sql`sum(${sql.ref(name)}) as ${sql.ref(name)}`,
    );
    // One index range scan per bucket (lateral, so even a table without statistics is read so):
    // cheaper than computing every roll-up's bucket. Empty buckets come back with null sums.
    const { rows } = await sql<Record<string, string | number | null>>`
      select (b.i - 1)::int as index, sums.*
      from unnest(${bounds.slice(0, -1)}::float8[], ${bounds.slice(1)}::float8[]) with ordinality as b(lo, hi, i)
      cross join lateral (
        select ${sql.join(aggregates)} from mold_rollups r
        where r.mold_id = ${moldId} and r.bucket >= to_timestamp(b.lo) and r.bucket < to_timestamp(b.hi)
      ) as sums
      order by b.i`.execute(this.db);
    return rows.map(numericRow) as BucketRow[];
  }

  /** The mould's raw readings of a kind in [from, to), oldest first, or a page of them newest first. */
  async readings(
    moldId: number,
    filter: RawFilter,
    from: Date,
    to: Date,
    page?: { offset: number; limit: number },
  ): Promise<{ rows: RawReadingRow[]; total: number }> {
    const order = page ? sql`desc` : sql`asc`;
    const window = sql`mold_id = ${moldId} and ts >= ${from} and ts < ${to} and ${RAW_FILTERS[filter]}`;
    const paging = page ? sql`offset ${page.offset} limit ${page.limit}` : sql``;
    const [{ rows }, count] = await Promise.all([
      sql<RawReadingRow>`
        select ts, counter, cycle_time, open_time, close_time, mold_temp, hrs_temp,
          (case when lag(counter) over w is null then (event = 'cycle')::int
            else greatest(counter - lag(counter) over w, 0) end)::int as shots
        from readings where ${window}
        window w as (order by ts, seq)
        order by ts ${order}, seq ${order} ${paging}`.execute(this.db),
      page
        ? sql<{ total: string | number }>`select count(*) as total from readings where ${window}`.execute(this.db)
        : undefined,
    ]);
    return { rows, total: count ? Number(count.rows[0]?.total ?? 0) : rows.length };
  }

  mould(moldId: number) {
    return this.db
      .selectFrom('molds')
      .select(['name', 'mold_number', 'info'])
      .where('id', '=', moldId)
      .executeTakeFirstOrThrow();
  }

  /** The mould's 5-minute slots starting in [from, to), oldest first. */
  slots(moldId: number, from: Date, to: Date) {
    return this.db
      .selectFrom('time_state_slots')
      .select(['slot_start', 'c_run_time', 'c_idle_time', 'c_alarm_time', 'c_stop_time', 'c_off_time', 'energy_kwh'])
      .where('mold_id', '=', moldId)
      .where('slot_start', '>=', from)
      .where('slot_start', '<', to)
      .orderBy('slot_start')
      .execute();
  }
}

/** PostgreSQL returns sums of integers as numeric strings. */
function numericRow(row: Record<string, string | number | null>): Record<string, number | null> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? null : Number(value)]));
}
