import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import {
  CYCLE_BIN_RATIO,
  CYCLE_GOOD_TOLERANCE,
  CYCLE_WARN_TOLERANCE,
  LAST_CYCLES,
  type KeptBin,
} from '@mouldwatch/shared';
import type { Database } from '../infra/db/schema.js';
import type { CycleRow } from '../modules/reports/cycle-row.js';
import { readReport } from '../modules/reports/report-read.js';
import { inParameterSlices } from '../infra/db/parameter-slices.js';

type Db = Kysely<Database>;

/** A bucket whose readings changed: a mould and a 15-minute start (the roll-up job's `TouchedBucket`). */
export interface ChangedBucket {
  moldId: number;
  bucket: Date;
}

/** The key of a cycle's logarithmic bin, in SQL: bin k holds [r^k, r^(k+1)) s (shared `cycleBinKey`). */
const binKey = (value: string) => sql.raw(`floor(ln(${value}) / ${Math.log(CYCLE_BIN_RATIO)})::smallint`);
/** Slack on the band limits so that exactly 2 % or 5 % in decimal stays in the better band (as `cycleBand`). */
const within = (tolerance: number) => sql.raw(`abs(c.cycle_time - c.target) <= c.target * ${tolerance + 1e-9}`);

/** The mould's target cycle time from its settings, or null. */
export const targetOf = (mould: string) =>
  sql.raw(
    `case when jsonb_typeof(${mould}.info->'cycle_time') = 'number' then (${mould}.info->>'cycle_time')::float8 end`,
  );

/**
 * The cycle statistics, as kept in `mold_cycle_days`, of each range of `ranges` (columns zone,
 * mold_id, lo, hi, target) computed from the raw readings: ranges without cycles answer n = 0.
 */
export function statsFromReadings(ranges: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    with ranges as materialized (${ranges}),
    c as materialized (
      select g.zone, g.mold_id, g.lo, g.target, r.ts, r.seq, r.cycle_time
      from ranges g join readings r on r.mold_id = g.mold_id and r.ts >= g.lo and r.ts < g.hi
      where r.cycle_time > 0 and (r.event is null or r.event = 'cycle')
    ),
    stats as (
      select zone, mold_id, lo, count(*)::int as n, sum(round(cycle_time * 1e6))::bigint as sum_us,
        min(cycle_time) as min_s, max(cycle_time) as max_s,
        percentile_cont(0.5) within group (order by cycle_time) as median_s,
        (count(*) filter (where c.target > 0 and ${within(CYCLE_GOOD_TOLERANCE)}))::int as within2,
        (count(*) filter (where c.target > 0 and not ${within(CYCLE_GOOD_TOLERANCE)}
          and ${within(CYCLE_WARN_TOLERANCE)}))::int as within5,
        (array_agg(cycle_time::real order by ts desc, seq desc))[1:100] as tail
      from c group by 1, 2, 3
    ),
    bins as (
      select zone, mold_id, lo, array_agg(key order by key) as bin_keys, array_agg(count order by key) as bin_counts
      from (select zone, mold_id, lo, ${binKey('cycle_time')} as key, count(*)::int as count from c group by 1, 2, 3, 4) k
      group by 1, 2, 3
    )
    select g.zone, g.mold_id, g.lo, g.hi, coalesce(s.n, 0) as n, coalesce(s.sum_us, 0) as sum_us,
      s.min_s, s.max_s, s.median_s, g.target as target_s, coalesce(s.within2, 0) as within2,
      coalesce(s.within5, 0) as within5, coalesce(s.tail, '{}') as tail,
      coalesce(b.bin_keys, '{}') as bin_keys, coalesce(b.bin_counts, '{}') as bin_counts
    from ranges g
    left join stats s on s.zone = g.zone and s.mold_id = g.mold_id and s.lo = g.lo
    left join bins b on b.zone = g.zone and b.mold_id = g.mold_id and b.lo = g.lo`;
}

/** A queued day as the job reads it. */
export interface PendingDay {
  zone: string;
  mold_id: number;
  lo: Date;
  hi: Date;
  version: number;
}

/** Days (zone, mould, start; and what else they carry) as a table `t` of the statement. */
const pendingRows = (days: ReadonlyArray<{ zone: string; mold_id: number; lo: Date }>) =>
  sql`json_to_recordset(${JSON.stringify(days)})
    as t(zone text, mold_id bigint, lo timestamptz, hi timestamptz, version integer)`;

const dayKey = (day: { zone: string; mold_id: number | string; lo: Date | string }) =>
  `${day.zone}:${day.mold_id}:${new Date(day.lo).getTime()}`;

/** The moulds of a report and their target cycle times (bands of what is not kept yet are judged against them). */
export type CycleTargets = ReadonlyArray<{ moldId: number; target: number | null }>;

/** The whole period's statistics: per mould, the last-100 average, and the distribution over all moulds. */
export interface WholeCycleStats {
  rows: CycleRow[];
  last100: Map<number, number | null>;
  bins: KeptBin[];
}

const toNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Every day of the moulds in the zone that overlaps [start, end), as CTEs: `live`, the days computed
 * from the raw readings (rows of `mold_cycle_days` with cycles: queued days — the day in progress,
 * late readings — and kept days the period only partly covers, clipped to it); `months`, the kept
 * months (`mold_cycle_months`, migration 0036) that lie inside one bucket of `bounds` and hold no
 * queued day; and `indexed`, those months, the live days and the other kept days inside the period
 * that no late reading has made stale, with `index`, the bucket of `bounds` each starts in, and
 * `parts`, the days each adds up. A year of a mould is about 12 months and 30 days, not 366 days.
 * Kept days leave out their last 100 cycles (`tail`: read for the newest few only).
 */
function periodDays(zone: string, targets: CycleTargets, bounds: readonly number[]): RawBuilder<unknown> {
  const ids = targets.map((target) => target.moldId);
  const from = sql`to_timestamp(${bounds[0]!})`;
  const to = sql`to_timestamp(${bounds.at(-1)!})`;
  const names = 'mold_id, lo, n, sum_us, min_s, max_s, median_s, within2, within5, bin_keys, bin_counts'.split(', ');
  const columns = (table: string) => sql.raw(names.map((name) => `${table}.${name}`).join(', '));
  const bucketOf = (epoch: string) => sql`width_bucket(${sql.raw(epoch)}, ${bounds as number[]}::float8[])`;
  const pending = sql`exists (select 1 from cycle_day_pending p
    where p.zone = d.zone and p.mold_id = d.mold_id and p.lo = d.lo)`;
  // A day is at most 25 hours long: the days around each end of the period are a range of the key each.
  const across = (edge: RawBuilder<unknown>) =>
    sql`(lo < ${edge} and lo > ${edge} - interval '25 hours' and hi > ${edge})`;
  const ranges = sql`
    select ${zone}::text as zone, g.mold_id, greatest(g.lo, ${from}) as lo, least(g.hi, ${to}) as hi, t.target
    from (
      select mold_id, lo, hi from cycle_day_pending
      where zone = ${zone} and mold_id = any(${ids}::bigint[]) and lo < ${to} and hi > ${from}
      union
      select mold_id, lo, hi from mold_cycle_days d
      where zone = ${zone} and mold_id = any(${ids}::bigint[]) and (${across(from)} or ${across(to)})
    ) as g
    join unnest(${ids}::bigint[], ${targets.map((target) => target.target ?? 0)}::float8[]) as t(mold_id, target)
      on t.mold_id = g.mold_id`;
  return sql`
    live as materialized (select * from (${statsFromReadings(ranges)}) as computed where n > 0),
    months as materialized (
      select m.* from mold_cycle_months m
      where m.zone = ${zone} and m.mold_id = any(${ids}::bigint[]) and m.lo >= ${from} and m.hi <= ${to}
        and ${bucketOf("date_part('epoch', m.lo)")} = ${bucketOf("date_part('epoch', m.hi) - 0.001")}
        and not exists (select 1 from cycle_day_pending p
          where p.zone = m.zone and p.mold_id = m.mold_id and p.lo >= m.lo and p.lo < m.hi)
    ),
    -- The spans of each mould's period between its months: its kept days are read there alone.
    edges as (
      select mold_id, lo, hi from months
      union all
      select mold_id, ${to}, ${to} from unnest(${ids}::bigint[]) as t(mold_id)
    ),
    gaps as (
      select mold_id, coalesce(lag(hi) over (partition by mold_id order by lo), ${from}) as lo, lo as hi from edges
    ),
    indexed as materialized (
      select days.*, (${bucketOf("date_part('epoch', lo)")} - 1)::int as index
      from (
        -- A range of the key per span (lateral): joined by hash, the planner read every day of the zone.
        select ${columns('d')}, 1 as parts, null::real[] as tail
        from gaps g cross join lateral (
          select * from mold_cycle_days d
          where d.zone = ${zone} and d.mold_id = g.mold_id and d.lo >= g.lo and d.lo < g.hi and d.hi <= ${to}
            and not ${pending}
        ) as d
        where g.lo < g.hi
        union all
        select ${columns('l')}, 1, l.tail from live l
        union all
        select ${columns('m')}, m.days, m.tail from months m
      ) as days
    )`;
}

/** A median from merged bins: the centres of the bins holding the middle cycle(s), averaged. */
const binnedMedian = sql.raw(`(power(${CYCLE_BIN_RATIO}, k_lo + 0.5) + power(${CYCLE_BIN_RATIO}, k_hi + 0.5)) / 2`);

/**
 * The cells (mould × bucket of `bounds`) of the moulds' days in the zone, with a bucket's median
 * exact when one day makes it and read from the days' merged bins otherwise; `binned` also answers
 * the merged bins.
 */
function cellsOf(zone: string, targets: CycleTargets, bounds: readonly number[]): RawBuilder<unknown> {
  return sql`
    ${periodDays(zone, targets, bounds)},
    cells as (
      select mold_id, index, sum(n)::bigint as count, sum(sum_us)::float8 / 1e6 as sum_s, min(min_s) as min_s,
        max(max_s) as max_s, sum(within2)::bigint as within2, sum(within5)::bigint as within5,
        sum(parts) as parts, min(median_s) as only_median
      from indexed group by 1, 2
    ),
    binned as (
      select i.mold_id, i.index, b.key, sum(b.count)::bigint as count
      from indexed i join cells c on c.mold_id = i.mold_id and c.index = i.index and c.parts > 1
      cross join lateral unnest(i.bin_keys, i.bin_counts) as b(key, count)
      group by 1, 2, 3
    ),
    ranks as (
      select b.mold_id, b.index, b.key, c.count as total,
        sum(b.count) over (partition by b.mold_id, b.index order by b.key) as upto
      from binned b join cells c on c.mold_id = b.mold_id and c.index = b.index
    ),
    middles as (
      select mold_id, index, min(key) filter (where upto >= (total + 1) / 2) as k_lo,
        min(key) filter (where upto >= total / 2 + 1) as k_hi
      from ranks group by 1, 2
    ),
    stats as (
      select c.*, case when c.parts = 1 then c.only_median else ${binnedMedian} end as median_s
      from cells c left join middles m on m.mold_id = c.mold_id and m.index = c.index
    )`;
}

const cycleRowOf = (row: Record<string, unknown>): CycleRow => {
  const count = toNumber(row.count);
  return {
    mold_id: Number(row.mold_id),
    index: Number(row.index),
    count,
    avg_s: count > 0 ? Number(row.sum_s) / count : null,
    median_s: orNull(row.median_s),
    min_s: orNull(row.min_s),
    max_s: orNull(row.max_s),
    within2: toNumber(row.within2),
    within5: toNumber(row.within5),
  };
};

/**
 * The kept days of cycle statistics (migration 0030): queued by the roll-up job, computed once a day
 * has ended, and read by the cycle report together with what is not kept yet.
 */
export class CycleDaysRepository {
  /**
   * Queues, in every kept zone, the local day of each bucket whose readings changed (the roll-up
   * job's buckets, late readings included), to compute it (again) once it has ended.
   */
  async queue(db: Db, buckets: readonly ChangedBucket[]): Promise<void> {
    if (buckets.length === 0) return;
    await sql`
      insert into cycle_day_pending (zone, mold_id, lo, hi)
      select distinct z.zone, b.mold_id,
        date_trunc('day', b.bucket at time zone z.zone) at time zone z.zone,
        (date_trunc('day', b.bucket at time zone z.zone) + interval '1 day') at time zone z.zone
      from unnest(${buckets.map((b) => b.moldId)}::bigint[], ${buckets.map((b) => b.bucket.toISOString())}::timestamptz[])
        as b(mold_id, bucket)
      cross join report_day_zones z
      where z.filled_at is not null and exists (select 1 from molds m where m.id = b.mold_id)
      on conflict (zone, mold_id, lo) do update set version = cycle_day_pending.version + 1`.execute(db);
  }

  /**
   * Computes up to `limit` queued days that ended before `now` (oldest first) from the raw readings
   * and keeps them (a day without cycles keeps no row); answers how many were read. A day that
   * starts before `horizon`, where the raw readings are being pruned, leaves the queue and keeps what
   * it had. The days are read outside any write transaction (the alarm engine's cursor waits for the
   * oldest one still writing) and kept in a short one; a day queued again meanwhile (a late reading)
   * stays queued for the next run.
   */
  async computeEnded(db: Db, now: Date, horizon: Date, limit: number): Promise<number> {
    await sql`delete from cycle_day_pending where lo < ${horizon}`.execute(db);
    const { rows: due } = await sql<PendingDay>`
      select zone, mold_id, lo, hi, version from cycle_day_pending where hi <= ${now}
      order by hi limit ${limit}`.execute(db);
    await this.keepDays(db, due);
    return due.length;
  }

  /**
   * Computes `due` (queued days as read) from the raw readings and keeps those still queued at the
   * version read; answers how many were kept.
   */
  async keepDays(db: Db, due: readonly PendingDay[]): Promise<number> {
    if (due.length === 0) return 0;
    const { rows: computed } = await sql<Insertable<Database['mold_cycle_days']>>`
      select * from (${statsFromReadings(sql`
        select t.zone, t.mold_id, t.lo, t.hi, ${targetOf('m')} as target
        from ${pendingRows(due)} join molds m on m.id = t.mold_id`)}) as computed`.execute(db);
    return db.transaction().execute(async (trx) => {
      const { rows: done } = await sql<{ zone: string; mold_id: number; lo: Date }>`
        delete from cycle_day_pending p using ${pendingRows(due)}
        where p.zone = t.zone and p.mold_id = t.mold_id and p.lo = t.lo and p.version = t.version
        returning p.zone, p.mold_id, p.lo`.execute(trx);
      if (done.length === 0) return 0;
      await sql`
        delete from mold_cycle_days d using ${pendingRows(done)}
        where d.zone = t.zone and d.mold_id = t.mold_id and d.lo = t.lo`.execute(trx);
      const isDone = new Set(done.map(dayKey));
      const kept = computed.filter((day) => Number(day.n) > 0 && isDone.has(dayKey(day)));
      await inParameterSlices(kept, (slice) => trx.insertInto('mold_cycle_days').values(slice).execute());
      return done.length;
    });
  }

  /** Per mould and bucket of `bounds`, the statistics of the days of the zone in the period. */
  async cells(db: Db, zone: string, targets: CycleTargets, bounds: readonly number[]): Promise<CycleRow[]> {
    if (targets.length === 0) return [];
    const rows = await readReport(
      db,
      sql<Record<string, unknown>>`
      with ${cellsOf(zone, targets, bounds)}
      select mold_id, index, count, sum_s, min_s, max_s, within2, within5, median_s from stats
      order by 1, 2`,
      true,
    );
    return rows.map(cycleRowOf);
  }

  /**
   * The whole period's statistics per mould, the average of each mould's last 100 cycles in it (from
   * the newest days' `tail`), and the distribution of all cycles as merged bins.
   */
  async whole(db: Db, zone: string, targets: CycleTargets, start: number, end: number): Promise<WholeCycleStats> {
    if (targets.length === 0) return { rows: [], last100: new Map(), bins: [] };
    const rows = await readReport(
      db,
      sql<Record<string, unknown>>`
      with ${cellsOf(zone, targets, [start, end])},
      newest as (
        select d.mold_id, d.lo, coalesce(d.tail, k.tail) as tail
        from (
          select mold_id, lo, tail, sum(n) over (partition by mold_id order by lo desc) - n as after from indexed
        ) as d
        left join mold_cycle_days k on d.tail is null and k.zone = ${zone} and k.mold_id = d.mold_id and k.lo = d.lo
        where d.after < ${LAST_CYCLES}
      ),
      last as (
        select mold_id, avg(value) as last100 from (
          select n.mold_id, t.value,
            row_number() over (partition by n.mold_id order by n.lo desc, t.place) as place
          from newest n cross join lateral unnest(n.tail) with ordinality as t(value, place)
        ) as cycles where place <= ${LAST_CYCLES} group by 1
      ),
      single as (
        select i.mold_id, b.key, b.count from indexed i join cells c on c.mold_id = i.mold_id and c.parts = 1
        cross join lateral unnest(i.bin_keys, i.bin_counts) as b(key, count)
      ),
      distribution as (
        select key, sum(count)::bigint as count from (
          select key, count from binned union all select key, count from single
        ) as merged group by 1
      )
      select 'mould' as kind, s.mold_id, s.index, s.count, s.sum_s, s.min_s, s.max_s, s.within2, s.within5,
        s.median_s, l.last100, null::int as key
      from stats s left join last l on l.mold_id = s.mold_id
      union all
      select 'bin', null, null, count, null, null, null, null, null, null, null, key from distribution`,
      true,
    );
    const moulds = rows.filter((row) => row.kind === 'mould');
    return {
      rows: moulds.map(cycleRowOf),
      last100: new Map(moulds.map((row) => [Number(row.mold_id), orNull(row.last100)])),
      bins: rows
        .filter((row) => row.kind === 'bin')
        .map((row) => ({ key: Number(row.key), count: toNumber(row.count) })),
    };
  }

  /** The start of the oldest day kept for these moulds in the zone, in epoch seconds, or null. */
  async keptSince(db: Db, zone: string, moldIds: readonly number[]): Promise<number | null> {
    if (moldIds.length === 0) return null;
    const { rows } = await sql<{ since: number | null }>`
      select extract(epoch from min(d.lo))::float8 as since
      from unnest(${moldIds as number[]}::bigint[]) as m(id)
      -- Each mould's first day from the key (min over all moulds' days read a year of each).
      cross join lateral (
        select lo from mold_cycle_days where zone = ${zone} and mold_id = m.id order by lo limit 1
      ) as d`.execute(db);
    return orNull(rows[0]?.since);
  }
}
