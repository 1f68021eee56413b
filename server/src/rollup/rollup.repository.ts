import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { SLOT_SECONDS } from '@mouldwatch/shared';
import type { Database } from '../infra/db/schema.js';

/** A roll-up bucket to compute again: a mould and the start of a 15-minute bucket. */
export interface TouchedBucket {
  moldId: number;
  bucket: Date;
}

/** The same on every instance sharing a schema, and apart from those of other schemas (tests). */
const PROGRESS_NAME = 'mold_rollups';
const bucketOf = (column: RawBuilder<unknown>) => sql`date_bin('15 minutes', ${column}, timestamptz '2000-01-01Z')`;

const temperatureSums = (array: 'mold_temp' | 'hrs_temp', prefix: 'mt' | 'hr', count: number) =>
  Array.from({ length: count }, (_, index) => {
    const value = sql.raw(`r.${array}[${index + 1}]`);
    return sql`sum(${value}) as ${sql.raw(`${prefix}${index + 1}_sum`)}, count(${value})::int as ${sql.raw(`${prefix}${index + 1}_n`)}`;
  });

/** Cycle, open and close times count from cycle reports, not from heartbeats repeating the last one. */
const cycleSums = ['cycle_time', 'open_time', 'close_time'].map((measure) => {
  const value = sql.raw(`r.${measure}`);
  const fromCycles = sql`filter (where r.event is null or r.event = 'cycle')`;
  return sql`coalesce(sum(${value}) ${fromCycles}, 0) as ${sql.raw(`${measure}_sum`)}, (count(${value}) ${fromCycles})::int as ${sql.raw(`${measure}_n`)}`;
});

const ROLLUP_COLUMNS = [
  ...[
    'mt1',
    'mt2',
    'mt3',
    'mt4',
    'hr1',
    'hr2',
    'hr3',
    'hr4',
    'hr5',
    'hr6',
    'cycle_time',
    'open_time',
    'close_time',
  ].flatMap((measure) => [`${measure}_sum`, `${measure}_n`]),
  'shots',
  'counter_last',
  'run_s',
  'idle_s',
  'alarm_s',
  'stop_s',
  'off_s',
  'energy_kwh',
];

const SLOT_COLUMNS = new Set(['run_s', 'idle_s', 'alarm_s', 'stop_s', 'off_s', 'energy_kwh']);

/** A roll-up column from the aggregates `rd` (readings), `sl` (slots) and `earlier` (last counter before). */
function computedColumn(column: string): RawBuilder<unknown> {
  if (column === 'shots') {
    return sql`coalesce(case when earlier.counter is null then rd.cycle_events
      else greatest(rd.counter_last - earlier.counter, 0) end, 0)`;
  }
  if (column === 'counter_last') return sql`rd.counter_last`;
  return sql`coalesce(${sql.ref(`${SLOT_COLUMNS.has(column) ? 'sl' : 'rd'}.${column}`)}, 0)`;
}

/** The roll-up's queries; each runs in the caller's transaction. */
export class RollupRepository {
  /** Whether this transaction holds the roll-up lock (released at its end). */
  async databaseNow(trx: Transaction<Database>): Promise<Date> {
    const { rows } = await sql<{ now: Date }>`select now() as now`.execute(trx);
    return rows[0]!.now;
  }

  async watermark(trx: Transaction<Database>): Promise<Date | undefined> {
    const row = await trx
      .selectFrom('rollup_progress')
      .select('watermark')
      .where('name', '=', PROGRESS_NAME)
      .executeTakeFirst();
    return row?.watermark;
  }

  async saveWatermark(trx: Transaction<Database>, watermark: Date): Promise<void> {
    await trx
      .insertInto('rollup_progress')
      .values({ name: PROGRESS_NAME, watermark })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ watermark }))
      .execute();
  }

  /** Buckets with readings or slots written since `since`, no older than `horizon`. */
  async touchedSince(trx: Transaction<Database>, since: Date, horizon: Date): Promise<TouchedBucket[]> {
    const { rows } = await sql<{ mold_id: string | number; bucket: Date }>`
      select distinct mold_id, bucket from (
        select mold_id, ${bucketOf(sql.ref('ts'))} as bucket from readings
        where received_at >= ${since} and mold_id is not null and ts >= ${horizon}
        union all
        select mold_id, ${bucketOf(sql.ref('slot_start'))} as bucket from time_state_slots
        where updated_at >= ${since} and slot_start >= ${horizon}
      ) as touched`.execute(trx);
    return rows.map((row) => ({ moldId: Number(row.mold_id), bucket: row.bucket }));
  }

  /**
   * Computes the buckets again from the raw readings and slots and replaces them: running it twice
   * gives the same rows. Shots are the rise of the counter over the last one before the bucket (a
   * counter that went back — a reset device — counts none); without an earlier counter, the
   * bucket's cycle events.
   */
  async recompute(trx: Transaction<Database>, buckets: readonly TouchedBucket[]): Promise<void> {
    if (buckets.length === 0) return;
    const moldIds = buckets.map((bucket) => bucket.moldId);
    const starts = buckets.map((bucket) => bucket.bucket.toISOString());
    const columns = sql.raw(ROLLUP_COLUMNS.join(', '));
    const updates = sql.raw(ROLLUP_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', '));
    await sql`
      with touched as (
        select * from unnest(${moldIds}::bigint[], ${starts}::timestamptz[]) as t(mold_id, bucket)
      ),
      from_readings as (
        select t.mold_id, t.bucket,
          ${sql.join([...temperatureSums('mold_temp', 'mt', 4), ...temperatureSums('hrs_temp', 'hr', 6), ...cycleSums])},
          max(r.counter) as counter_last,
          (count(*) filter (where r.event = 'cycle'))::int as cycle_events
        from touched t
        join readings r on r.mold_id = t.mold_id and r.ts >= t.bucket and r.ts < t.bucket + interval '15 minutes'
        group by t.mold_id, t.bucket
      ),
      from_slots as (
        select t.mold_id, t.bucket,
          sum(s.c_run_time) * ${SLOT_SECONDS} as run_s, sum(s.c_idle_time) * ${SLOT_SECONDS} as idle_s,
          sum(s.c_alarm_time) * ${SLOT_SECONDS} as alarm_s, sum(s.c_stop_time) * ${SLOT_SECONDS} as stop_s,
          sum(s.c_off_time) * ${SLOT_SECONDS} as off_s, sum(s.energy_kwh) as energy_kwh
        from touched t
        join time_state_slots s on s.mold_id = t.mold_id
          and s.slot_start >= t.bucket and s.slot_start < t.bucket + interval '15 minutes'
        group by t.mold_id, t.bucket
      )
      insert into mold_rollups (mold_id, bucket, ${columns})
      select t.mold_id, t.bucket, ${sql.join(ROLLUP_COLUMNS.map(computedColumn))}
      from touched t
      left join from_readings rd on rd.mold_id = t.mold_id and rd.bucket = t.bucket
      left join from_slots sl on sl.mold_id = t.mold_id and sl.bucket = t.bucket
      left join lateral (
        select p.counter from readings p
        where p.mold_id = t.mold_id and p.ts < t.bucket and p.counter is not null
        order by p.ts desc limit 1
      ) as earlier on true
      on conflict (mold_id, bucket) do update set ${updates}`.execute(trx);
  }

  /**
   * Keeps the local days of every user's zone for the reports (migration 0027): a zone a user chose
   * since the last run, and the database knows, has its days computed now. Answers the zones filled.
   */
  async keepUserZones(trx: Transaction<Database>): Promise<string[]> {
    const { rows } = await sql<{ zone: string }>`
      select distinct u.time_zone as zone from users u
      where u.time_zone <> ''
        and not exists (select 1 from report_day_zones z where z.zone = u.time_zone and z.filled_at is not null)`.execute(
      trx,
    );
    if (rows.length === 0) return [];
    const { rows: filled } = await sql<{ zone: string }>`
      select zone, report_days_fill(zone) from unnest(${rows.map((row) => row.zone)}::text[]) as z(zone)
      where zone in (select name from pg_timezone_names)`.execute(trx);
    return filled.map((row) => row.zone);
  }

  /** Drops raw readings and slots older than `before`: the roll-ups keep their history. */
  async pruneRaw(db: Kysely<Database>, before: Date): Promise<void> {
    await db.deleteFrom('readings').where('ts', '<', before).execute();
    await db.deleteFrom('time_state_slots').where('slot_start', '<', before).execute();
  }

  /**
   * Analyses, as autovacuum would, the tables of this schema never analysed or whose number of rows
   * moved by more than 50 and 10 % since; none where an autovacuum launcher runs. The embedded
   * database runs none: without statistics its planner takes a user's 10,000 granted moulds for a
   * few dozen and joins them one by one, doubling the home list's time. Answers the tables analysed.
   */
  async analyseChangedTables(db: Kysely<Database>): Promise<string[]> {
    // Row counts reach the statistics views at most once a second, unless asked.
    await sql`select pg_stat_force_next_flush()`.execute(db);
    const { rows } = await sql<{ name: string }>`
      select c.relname as name
      from pg_stat_user_tables t join pg_class c on c.oid = t.relid
      where t.schemaname = current_schema()
        and (c.reltuples < 0 or abs(t.n_live_tup - c.reltuples) > 50 + 0.1 * c.reltuples)
        and not exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher')
      order by 1`.execute(db);
    for (const { name } of rows) await sql`analyze ${sql.table(name)}`.execute(db);
    return rows.map(({ name }) => name);
  }

  /**
   * Vacuums, as autovacuum would, the tables of this schema whose dead rows number more than 50 and
   * 20 % of their rows; none where an autovacuum launcher runs. The embedded database runs none:
   * its updated and deleted rows would stay in the tables and their indexes for good. Answers the
   * tables vacuumed.
   */
  async vacuumDeadTables(db: Kysely<Database>): Promise<string[]> {
    await sql`select pg_stat_force_next_flush()`.execute(db);
    const { rows } = await sql<{ name: string }>`
      select c.relname as name
      from pg_stat_user_tables t join pg_class c on c.oid = t.relid
      where t.schemaname = current_schema() and t.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
        and not exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher')
      order by 1`.execute(db);
    for (const { name } of rows) await sql`vacuum ${sql.table(name)}`.execute(db);
    return rows.map(({ name }) => name);
  }
}
