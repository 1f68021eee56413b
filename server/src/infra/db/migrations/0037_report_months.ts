import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A kept day's sums as 0029 left them (the primary key carries them: index-only reads). */
const ROLLUP_SUMS = [
  'run_us',
  'idle_us',
  'alarm_us',
  'stop_us',
  'off_us',
  'shots',
  'energy_ukwh',
  'cycle_time_sum_us',
  'cycle_time_n',
];
/** What this migration adds to a day: the rejects the ledger records in it, and how many records. */
const REJECT_SUMS = ['rejects', 'reject_records'];
const DAY_SUMS = [...ROLLUP_SUMS, ...REJECT_SUMS];

/** Statement triggers: each event's changed rows signed, as a table `c`. */
const EVENTS = [
  ['insert', 'new table as new_rows', 'select 1 as sign, * from new_rows'],
  ['delete', 'old table as old_rows', 'select -1 as sign, * from old_rows'],
  [
    'update',
    'old table as old_rows new table as new_rows',
    'select -1 as sign, * from old_rows union all select 1, * from new_rows',
  ],
] as const;

/** The local day, or month, of an instant in a zone, as [lo, hi). */
const localSpan = (unit: 'day' | 'month', instant: string, zone: string) => ({
  lo: `date_trunc('${unit}', ${instant} at time zone ${zone}) at time zone ${zone}`,
  hi: `(date_trunc('${unit}', ${instant} at time zone ${zone}) + interval '1 ${unit}') at time zone ${zone}`,
});

const primaryKey = (sums: readonly string[]) => sql.raw(`primary key (zone, mold_id, lo) include (${sums.join(', ')})`);

/**
 * Reports at 500 moulds × a year within 500 ms (issue 23), two additions to the kept days (0027, 0029):
 *
 * - **Rejects in the kept days**: `rejects` and `reject_records`, the quantity and the number of the
 *   rejects the ledger (`work_order_rejects`) records in each kept day, by `recorded_at`. A report then
 *   reads a day's cell whole from its day, not by joining it with the ledger's rejects added up per
 *   mould and bucket (about a third of a year's report: 50,000 rejects). Kept by statement triggers on
 *   the ledger in every kept zone, adding each changed reject's difference to its day (a day of
 *   rejects alone is a row of zeros and rejects); a zone that becomes kept adds up its rejects when
 *   its fill marks it kept, holding writers of rejects off until it commits.
 * - **Months of the days** (`mold_day_months`): per kept zone, mould and local month [lo, hi), how many
 *   kept days it has and their sums (every column is a sum or a count), so a period reads its whole
 *   months as one row each, its days only at its edges: a year of 500 moulds is about 6,000 months
 *   and 15,000 days instead of 183,000 days. Kept by statement triggers on `mold_day_rollups`, which
 *   add each changed day's difference to its month in the same transaction — as the days are kept
 *   from the roll-ups, and for the same reason: a month computed again from its days would lose the
 *   day a concurrent writer added. Whole numbers, so a month is always exactly the sum of its days;
 *   a month whose last day goes goes too.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    alter table mold_day_rollups add column rejects bigint not null default 0,
      add column reject_records bigint not null default 0,
      drop constraint mold_day_rollups_pkey, add ${primaryKey(DAY_SUMS)}`.execute(db);

  const rejectDay = localSpan('day', 'r.recorded_at', 'z');
  await sql`
    create function report_day_rejects_fill(z text) returns void language plpgsql as $$
    begin
      -- Writers of rejects wait until this commits: a reject written meanwhile is added up here or by its trigger.
      lock table work_order_rejects in share row exclusive mode;
      insert into mold_day_rollups as d (zone, mold_id, lo, hi, rejects, reject_records)
      select z, r.mold_id, ${sql.raw(rejectDay.lo)}, ${sql.raw(rejectDay.hi)}, sum(r.quantity), count(*)
      from work_order_rejects r
      group by 2, 3, 4
      on conflict (zone, mold_id, lo) do update set rejects = excluded.rejects, reject_records = excluded.reject_records;
    end $$`.execute(db);
  await sql`
    create function report_day_rejects_zone_kept() returns trigger language plpgsql as $$
    begin
      if new.filled_at is not null and (tg_op = 'INSERT' or old.filled_at is null) then
        perform report_day_rejects_fill(new.zone);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger report_day_rejects_zone_kept after insert or update of filled_at on report_day_zones
    for each row execute function report_day_rejects_zone_kept()`.execute(db);
  const changedDay = localSpan('day', 'c.recorded_at', 'z.zone');
  for (const [event, referencing, changed] of EVENTS) {
    await sql`
      create function ${sql.raw(`report_day_rejects_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into mold_day_rollups as d (zone, mold_id, lo, hi, rejects, reject_records)
        select z.zone, c.mold_id, ${sql.raw(changedDay.lo)}, ${sql.raw(changedDay.hi)}, sum(c.sign * c.quantity),
          sum(c.sign)
        from (${sql.raw(changed)}) as c cross join report_day_zones z
        where z.filled_at is not null
        group by 1, 2, 3, 4
        on conflict (zone, mold_id, lo) do update
          set rejects = d.rejects + excluded.rejects, reject_records = d.reject_records + excluded.reject_records;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`report_day_rejects_${event}`)} after ${sql.raw(event)} on work_order_rejects
      referencing ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(`report_day_rejects_${event}`)}()`.execute(db);
  }

  await sql`select report_day_rejects_fill(zone) from report_day_zones where filled_at is not null`.execute(db);

  await sql`
    create table mold_day_months (
      zone text not null references report_day_zones(zone) on delete cascade,
      mold_id bigint not null,
      lo timestamptz not null,
      hi timestamptz not null,
      days integer not null,
      ${sql.raw(DAY_SUMS.map((name) => `${name} bigint not null`).join(', '))},
      ${primaryKey(['days', ...DAY_SUMS])}
    )`.execute(db);
  const dayMonth = localSpan('month', 'c.lo', 'c.zone');
  await sql`
    insert into mold_day_months (zone, mold_id, lo, hi, days, ${sql.raw(DAY_SUMS.join(', '))})
    select c.zone, c.mold_id, ${sql.raw(dayMonth.lo)}, ${sql.raw(dayMonth.hi)}, count(*),
      ${sql.raw(DAY_SUMS.map((name) => `sum(c.${name})`).join(', '))}
    from mold_day_rollups c
    group by 1, 2, 3, 4`.execute(db);
  const summed = sql.raw(DAY_SUMS.map((name) => `sum(c.sign * c.${name})`).join(', '));
  const added = sql.raw(['days', ...DAY_SUMS].map((name) => `${name} = m.${name} + excluded.${name}`).join(', '));
  for (const [event, referencing, changed] of EVENTS) {
    // A zone going (its days with it, by cascade) keeps no months.
    await sql`
      create function ${sql.raw(`report_months_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into mold_day_months as m (zone, mold_id, lo, hi, days, ${sql.raw(DAY_SUMS.join(', '))})
        select c.zone, c.mold_id, ${sql.raw(dayMonth.lo)}, ${sql.raw(dayMonth.hi)}, sum(c.sign), ${summed}
        from (${sql.raw(changed)}) as c
        where exists (select 1 from report_day_zones z where z.zone = c.zone)
        group by 1, 2, 3, 4
        order by 1, 2, 3
        on conflict (zone, mold_id, lo) do update set ${added};
        ${sql.raw(event === 'delete' ? 'delete from mold_day_months where days = 0;' : '')}
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`report_months_${event}`)} after ${sql.raw(event)} on mold_day_rollups
      referencing ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(`report_months_${event}`)}()`.execute(db);
  }

  // The planner's figures for the new table and the days' new columns now, not at autovacuum's first pass.
  await sql`analyze mold_day_rollups, mold_day_months`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [event] of EVENTS) {
    await sql`drop trigger if exists ${sql.raw(`report_months_${event}`)} on mold_day_rollups`.execute(db);
    await sql`drop function if exists ${sql.raw(`report_months_${event}`)}()`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`report_day_rejects_${event}`)} on work_order_rejects`.execute(db);
    await sql`drop function if exists ${sql.raw(`report_day_rejects_${event}`)}()`.execute(db);
  }
  await sql`drop table if exists mold_day_months`.execute(db);
  await sql`drop trigger if exists report_day_rejects_zone_kept on report_day_zones`.execute(db);
  await sql`drop function if exists report_day_rejects_zone_kept()`.execute(db);
  await sql`drop function if exists report_day_rejects_fill(text)`.execute(db);
  await sql`
    alter table mold_day_rollups drop constraint mold_day_rollups_pkey, add ${primaryKey(ROLLUP_SUMS)},
      drop column rejects, drop column reject_records`.execute(db);
}
