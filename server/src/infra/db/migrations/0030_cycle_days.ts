import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** How far back the raw readings reach (the roll-up job's retention): older days have no cycles left to keep. */
const RAW_DAYS = 35;

/**
 * Cycle-time statistics beyond the raw readings' 35 days (issue 14): per kept report zone (0027),
 * mould and local day, what the cycle report needs of the day's cycles, computed once from the raw
 * readings after the day ended.
 *
 * - `mold_cycle_days`: count, sum (millionths of a second, exact), min, max, the day's exact median,
 *   the cycles within 2 % and 2–5 % of the target in force when the day was kept (`target_s`), the
 *   day's last ≤ 100 cycles newest first (`tail`, for a last-100 average of a period long gone), and
 *   the distribution in 1 % logarithmic bins (`bin_keys`, `bin_counts`: bin k holds [1.01^k,
 *   1.01^(k+1)) s, only filled bins), from which a week's, month's or year's median is read within
 *   ±0.5 %.
 * - `cycle_day_pending`: the days to compute (again): every day a reading arrived for, in every kept
 *   zone, queued by the roll-up job from the buckets it recomputes (late readings too), and every
 *   day with cycles of a zone when it becomes kept. A report computes pending and current days from
 *   the raw readings itself, so it never shows a kept day that a late reading has made stale.
 *
 * The days with cycles still in the raw readings are queued here for the zones kept today.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table mold_cycle_days (
      zone text not null references report_day_zones(zone) on delete cascade,
      mold_id bigint not null references molds(id) on delete cascade,
      lo timestamptz not null,
      hi timestamptz not null,
      n integer not null,
      sum_us bigint not null,
      min_s float8,
      max_s float8,
      median_s float8,
      target_s float8,
      within2 integer not null,
      within5 integer not null,
      tail real[] not null,
      bin_keys smallint[] not null,
      bin_counts integer[] not null,
      primary key (zone, mold_id, lo)
    )`.execute(db);
  await sql`
    create table cycle_day_pending (
      zone text not null references report_day_zones(zone) on delete cascade,
      mold_id bigint not null references molds(id) on delete cascade,
      lo timestamptz not null,
      hi timestamptz not null,
      version integer not null default 0,
      primary key (zone, mold_id, lo)
    )`.execute(db);
  // The job takes the days that have ended, oldest first.
  await sql`create index cycle_day_pending_hi on cycle_day_pending (hi)`.execute(db);

  await sql`
    create function cycle_days_queue_zone(z text) returns void language sql as $$
      insert into cycle_day_pending (zone, mold_id, lo, hi)
      select distinct z, r.mold_id,
        date_trunc('day', r.bucket at time zone z) at time zone z,
        (date_trunc('day', r.bucket at time zone z) + interval '1 day') at time zone z
      from mold_rollups r join molds m on m.id = r.mold_id
      where r.cycle_time_n > 0 and r.bucket >= now() - interval '${sql.raw(String(RAW_DAYS + 1))} days'
      on conflict do nothing
    $$`.execute(db);
  await sql`
    create function cycle_days_zone_kept() returns trigger language plpgsql as $$
    begin
      if new.filled_at is not null and (tg_op = 'INSERT' or old.filled_at is null) then
        perform cycle_days_queue_zone(new.zone);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger cycle_days_zone_kept after insert or update of filled_at on report_day_zones
    for each row execute function cycle_days_zone_kept()`.execute(db);

  await sql`select cycle_days_queue_zone(zone) from report_day_zones where filled_at is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop trigger if exists cycle_days_zone_kept on report_day_zones`.execute(db);
  await sql`drop function if exists cycle_days_zone_kept()`.execute(db);
  await sql`drop function if exists cycle_days_queue_zone(text)`.execute(db);
  await sql`drop table if exists cycle_day_pending`.execute(db);
  await sql`drop table if exists mold_cycle_days`.execute(db);
}
