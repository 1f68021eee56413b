import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The kept cycle days' statement triggers: each event's changed days, as a table `c` (zone, mold_id, lo). */
const EVENTS = [
  ['insert', 'new table as changed'],
  ['delete', 'old table as changed'],
  ['update', 'new table as changed'],
] as const;

/**
 * Cycle-time statistics of whole local months (issue 23: the cycle report of 500 moulds × a year in
 * 1 s): per kept zone, mould and local month [lo, hi), the sums of its kept days (`mold_cycle_days`,
 * 0030) — how many days, count, sum, min, max, the cycles within 2 % and 2–5 %, the day's median when
 * the month holds one day, the month's last ≤ 100 cycles newest first, and its merged 1 % bins. A
 * year of a mould is then 12 rows and their bins, not 366 days and theirs: the merged bins of 183,000
 * days (1.6 to 4 million bin entries) were most of the report's time.
 *
 * Kept by statement triggers on `mold_cycle_days`: every month a kept day was written to, changed in
 * or removed from is computed again from its days in the same transaction (the roll-up job keeps a
 * few hundred days a run; a removed mould or zone takes its months with it).
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table mold_cycle_months (
      zone text not null references report_day_zones(zone) on delete cascade,
      mold_id bigint not null references molds(id) on delete cascade,
      lo timestamptz not null,
      hi timestamptz not null,
      days integer not null,
      n bigint not null,
      sum_us bigint not null,
      min_s float8,
      max_s float8,
      median_s float8,
      within2 bigint not null,
      within5 bigint not null,
      tail real[] not null,
      bin_keys smallint[] not null,
      bin_counts bigint[] not null,
      primary key (zone, mold_id, lo)
    )`.execute(db);
  // The months of the days (zones, ids, los) computed again from their kept days; a month left without days goes.
  const touched = sql.raw(`(
    select distinct t.zone, t.mold_id, date_trunc('month', t.lo at time zone t.zone) at time zone t.zone as lo,
      (date_trunc('month', t.lo at time zone t.zone) + interval '1 month') at time zone t.zone as hi
    from unnest(zones, ids, los) as t(zone, mold_id, lo)
  ) as t`);
  const ofMonth = sql.raw('d.zone = t.zone and d.mold_id = t.mold_id and d.lo >= t.lo and d.lo < t.hi');
  await sql`
    create function cycle_months_refresh(zones text[], ids bigint[], los timestamptz[]) returns void
    language plpgsql as $$
    begin
      delete from mold_cycle_months m using ${touched}
      where m.zone = t.zone and m.mold_id = t.mold_id and m.lo = t.lo;
      insert into mold_cycle_months (zone, mold_id, lo, hi, days, n, sum_us, min_s, max_s, median_s, within2,
        within5, tail, bin_keys, bin_counts)
      select t.zone, t.mold_id, t.lo, t.hi, s.days, s.n, s.sum_us, s.min_s, s.max_s, s.median_s, s.within2,
        s.within5, l.tail, b.bin_keys, b.bin_counts
      from ${touched}
      cross join lateral (
        select count(*)::int as days, sum(d.n)::bigint as n, sum(d.sum_us)::bigint as sum_us, min(d.min_s) as min_s,
          max(d.max_s) as max_s, case when count(*) = 1 then min(d.median_s) end as median_s,
          sum(d.within2)::bigint as within2, sum(d.within5)::bigint as within5
        from mold_cycle_days d where ${ofMonth}
      ) as s
      -- The newest days first, each day's cycles newest first: the first 100 (days are read only until then).
      cross join lateral (
        select coalesce(array_agg(value order by day desc, place), '{}') as tail from (
          select d.lo as day, c.value, c.place
          from (select * from mold_cycle_days d where ${ofMonth} order by d.lo desc limit 100) as d
          cross join lateral unnest(d.tail) with ordinality as c(value, place)
          order by d.lo desc, c.place limit 100
        ) as newest
      ) as l
      cross join lateral (
        select coalesce(array_agg(key order by key), '{}') as bin_keys,
          coalesce(array_agg(count order by key), '{}') as bin_counts
        from (
          select c.key, sum(c.count)::bigint as count
          from mold_cycle_days d cross join lateral unnest(d.bin_keys, d.bin_counts) as c(key, count)
          where ${ofMonth}
          group by 1
        ) as merged
      ) as b
      where s.days > 0;
    end $$`.execute(db);
  for (const [event, referencing] of EVENTS) {
    await sql`
      create function ${sql.raw(`cycle_months_${event}`)}() returns trigger language plpgsql as $$
      begin
        perform cycle_months_refresh(array_agg(zone), array_agg(mold_id), array_agg(lo)) from changed;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`cycle_months_${event}`)} after ${sql.raw(event)} on mold_cycle_days
      referencing ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(`cycle_months_${event}`)}()`.execute(db);
  }
  await sql`
    select cycle_months_refresh(array_agg(zone), array_agg(mold_id), array_agg(lo)) from mold_cycle_days
    having count(*) > 0`.execute(db);
  // The planner's figures for the new table now, not at autovacuum's first pass.
  await sql`analyze mold_cycle_months`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [event] of EVENTS) {
    await sql`drop trigger if exists ${sql.raw(`cycle_months_${event}`)} on mold_cycle_days`.execute(db);
    await sql`drop function if exists ${sql.raw(`cycle_months_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists cycle_months_refresh(text[], bigint[], timestamptz[])`.execute(db);
  await sql`drop table if exists mold_cycle_months`.execute(db);
}
