import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Reports (issue 14): the roll-ups of one mould added up over one report bucket [lo, hi), kept once
 * computed, so a year of 500 moulds by day reads 182,500 rows instead of 17.5 million roll-ups. A
 * bucket is any span of whole quarter hours, whatever the zone that cut it. Every change of a
 * mould's roll-ups (the roll-up job, late readings, the seed) drops that mould's cached buckets that
 * overlap the changed quarters, by statement triggers, so a cached bucket is always the sum of the
 * roll-ups it covers.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table report_rollup_cache (
      mold_id bigint not null references molds(id) on delete cascade,
      lo timestamptz not null,
      hi timestamptz not null,
      run_s double precision not null,
      idle_s double precision not null,
      alarm_s double precision not null,
      stop_s double precision not null,
      off_s double precision not null,
      shots bigint not null,
      energy_kwh double precision not null,
      cycle_time_sum double precision not null,
      cycle_time_n bigint not null,
      primary key (mold_id, lo, hi)
    )`.execute(db);
  await sql`
    create function report_cache_forget() returns trigger language plpgsql as $$
    begin
      delete from report_rollup_cache c
      using (select mold_id, min(bucket) as first, max(bucket) as last from changed group by mold_id) t
      where c.mold_id = t.mold_id and c.lo <= t.last and c.hi > t.first;
      return null;
    end $$`.execute(db);
  for (const [event, table] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`report_cache_forget_${event}`)} after ${sql.raw(event)} on mold_rollups
      referencing ${sql.raw(table)} table as changed
      for each statement execute function report_cache_forget()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`report_cache_forget_${event}`)} on mold_rollups`.execute(db);
  }
  await sql`drop function if exists report_cache_forget()`.execute(db);
  await sql`drop table if exists report_rollup_cache`.execute(db);
}
