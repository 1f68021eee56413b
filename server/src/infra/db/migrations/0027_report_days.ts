import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A kept column of a day: its name and type, what one changed roll-up `c` adds to it in the
 * triggers and what a roll-up `r` adds to it in the fill.
 */
export interface DayColumn {
  name: string;
  type: string;
  added: (roll: string) => string;
  filled: (roll: string) => string;
}

/** The summed columns of a day, as in the roll-ups: seconds and energy `numeric` (0029 made them bigint millionths). */
const SUMS = ['run_s', 'idle_s', 'alarm_s', 'stop_s', 'off_s', 'shots', 'energy_kwh', 'cycle_time_sum', 'cycle_time_n'];
const NUMERIC_COLUMNS: readonly DayColumn[] = SUMS.map((name) => ({
  name,
  type: name === 'shots' || name === 'cycle_time_n' ? 'bigint' : 'numeric',
  added: (roll) => `${roll}.${name}::numeric`,
  filled: (roll) => `${roll}.${name}`,
}));
const EVENTS = [
  ['insert', 'new table as new_rows', 'select 1 as sign, * from new_rows'],
  ['delete', 'old table as old_rows', 'select -1 as sign, * from old_rows'],
  [
    'update',
    'old table as old_rows new table as new_rows',
    'select -1 as sign, * from old_rows union all select 1, * from new_rows',
  ],
] as const;

/**
 * Reports (issue 14): the roll-ups of each mould added up per day of each report zone, kept current
 * in the same transaction as the roll-ups, so a year by day reads 500 × 366 rows instead of 17.5
 * million quarters, with no cache to fill and none to go stale.
 *
 * - `report_day_zones`: the zones whose days are kept. A zone is kept once `filled_at` is set; until
 *   then reports in it add up the quarters. UTC and every zone of a user or a mould are filled here;
 *   the report service fills a new one the first time a report asks for it (`report_days_fill`).
 * - `mold_day_rollups`: per zone, mould and local day [lo, hi) (a day of 23 or 25 hours keeps its
 *   length; +5:30 days start at 18:30 UTC), the sums of the roll-ups whose bucket starts in the day.
 *   Seconds and energy are `numeric`, so adding and taking away the same roll-up leaves exactly
 *   what was there (a day with no planned time stays at 0, not 1e-13).
 * - Statement triggers on `mold_rollups` (insert, update, delete; transition tables) add each
 *   changed roll-up's difference to its day in every filled zone: the roll-up job, late readings,
 *   the seed and mould removal all keep the days right. Adding differences (`x = x + Δ`) is safe
 *   under concurrent writers, unlike recomputing the day from a snapshot.
 * - `report_days_fill(zone)` registers a zone and computes its days from the roll-ups, holding a
 *   SHARE ROW EXCLUSIVE lock on `mold_rollups`, so no roll-up changes between its read and its commit
 *   and two fills of one zone run one after the other (the second finds it filled).
 *
 * The report cache of 0021 (filled on first read, dropped on every change) is replaced and dropped.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`report_cache_forget_${event}`)} on mold_rollups`.execute(db);
  }
  await sql`drop function if exists report_cache_forget()`.execute(db);
  await sql`drop table if exists report_rollup_cache`.execute(db);

  await sql`
    create table report_day_zones (
      zone text primary key,
      filled_at timestamptz
    )`.execute(db);
  await createKeptDays(db, NUMERIC_COLUMNS, false);

  // UTC and the zones of the users and moulds there are (those the database knows).
  await sql`
    select report_days_fill(zone) from (
      select 'UTC' as zone
      union select time_zone from users
      union select time_zone from molds
    ) as zones
    where zone in (select name from pg_timezone_names)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await dropKeptDays(db);
  await sql`drop table if exists report_day_zones`.execute(db);
}

/** Drops the kept days, their triggers and their fill (the zones stay registered). */
export async function dropKeptDays(db: AnyDb): Promise<void> {
  for (const [event] of EVENTS) {
    await sql`drop trigger if exists ${sql.raw(`report_days_${event}`)} on mold_rollups`.execute(db);
    await sql`drop function if exists ${sql.raw(`report_days_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists report_days_fill(text)`.execute(db);
  await sql`drop table if exists mold_day_rollups`.execute(db);
}

/**
 * Creates `mold_day_rollups` with `columns`, the statement triggers that add each changed roll-up's
 * difference to its days, and `report_days_fill(zone)`. `covering`: the primary key includes the
 * summed columns (index-only reads, migration 0029). Nothing is filled here.
 */
export async function createKeptDays(db: AnyDb, columns: readonly DayColumn[], covering: boolean): Promise<void> {
  const names = columns.map((column) => column.name).join(', ');
  await sql`
    create table mold_day_rollups (
      zone text not null references report_day_zones(zone) on delete cascade,
      -- No foreign key, as the roll-ups have none: a mould's removal takes its roll-ups away first.
      mold_id bigint not null,
      lo timestamptz not null,
      hi timestamptz not null,
      ${sql.raw(columns.map((column) => `${column.name} ${column.type} not null default 0`).join(', '))},
      primary key (zone, mold_id, lo)${sql.raw(covering ? ` include (${names})` : '')}
    )`.execute(db);

  const summed = (expression: (column: DayColumn) => string) =>
    sql.raw(columns.map((column) => `sum(${expression(column)})::${column.type}`).join(', '));
  const added = sql.raw(
    columns.map((column) => `${column.name} = d.${column.name} + excluded.${column.name}`).join(', '),
  );
  const replaced = sql.raw(columns.map((column) => `${column.name} = excluded.${column.name}`).join(', '));
  // The local day of a roll-up's bucket in a zone, as [lo, hi).
  const dayOf = (bucket: string, zone: string) => ({
    lo: sql.raw(`date_trunc('day', ${bucket} at time zone ${zone}) at time zone ${zone}`),
    hi: sql.raw(`(date_trunc('day', ${bucket} at time zone ${zone}) + interval '1 day') at time zone ${zone}`),
  });
  const day = dayOf('b.bucket', 'z.zone');
  for (const [event, referencing, changed] of EVENTS) {
    await sql`
      create function ${sql.raw(`report_days_${event}`)}() returns trigger language plpgsql as $$
      begin
        with c as (${sql.raw(changed)}), days as materialized (
          select b.bucket, z.zone, ${day.lo} as lo, ${day.hi} as hi
          from (select distinct bucket from c) as b cross join report_day_zones z
          where z.filled_at is not null
        )
        insert into mold_day_rollups as d (zone, mold_id, lo, hi, ${sql.raw(names)})
        select days.zone, c.mold_id, days.lo, days.hi, ${summed((column) => `c.sign * ${column.added('c')}`)}
        from c join days on days.bucket = c.bucket
        group by 1, 2, 3, 4
        on conflict (zone, mold_id, lo) do update set ${added};
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`report_days_${event}`)} after ${sql.raw(event)} on mold_rollups
      referencing ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(`report_days_${event}`)}()`.execute(db);
  }

  const fillDay = dayOf('r.bucket', 'z');
  await sql`
    create function report_days_fill(z text) returns void language plpgsql as $$
    begin
      -- Roll-up writers wait until this commits; so does another fill.
      lock table mold_rollups in share row exclusive mode;
      if exists (select 1 from report_day_zones where zone = z and filled_at is not null) then
        return;
      end if;
      insert into report_day_zones (zone, filled_at) values (z, null) on conflict (zone) do nothing;
      delete from mold_day_rollups where zone = z;
      insert into mold_day_rollups as d (zone, mold_id, lo, hi, ${sql.raw(names)})
      select z, r.mold_id, ${fillDay.lo}, ${fillDay.hi}, ${summed((column) => column.filled('r'))}
      from mold_rollups r join molds m on m.id = r.mold_id
      group by 2, 3, 4
      on conflict (zone, mold_id, lo) do update set ${replaced};
      update report_day_zones set filled_at = now() where zone = z;
    end $$`.execute(db);
}

/** 0027's days (what 0029's `down` brings back). */
export { NUMERIC_COLUMNS as NUMERIC_DAY_COLUMNS };
