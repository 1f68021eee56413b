import { sql, type Kysely, type RawBuilder } from 'kysely';
import { bucketStartOf, nextBucketStart, type ReportRange, type StateSeconds } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import type { CycleRow } from './cycle-row.js';

/** The moulds a report covers: the caller's granted or shared ones, narrowed by the selection. */
export interface MouldSelection {
  moldIds?: readonly number[];
  companyId?: number;
  groupId?: number;
}

export interface ReportMouldRow {
  id: number;
  name: string;
  mold_number: string;
  cavitation: number | null;
  info: unknown;
  company_name: string | null;
  group_name: string | null;
}

/** The roll-ups of one mould added up over one bucket. */
export type CellSums = StateSeconds & {
  shots: number;
  energy_kwh: number;
  cycle_time_sum: number;
  cycle_time_n: number;
};

/** A mould of a report as the database sums it: 1 for no cavitation, 0 for no target cycle time. */
export interface SummedMould {
  moldId: number;
  cavitation: number;
  target: number;
}

/** The report's buckets: bounds[i]..bounds[i + 1] is bucket i, cut by `range` in `zone`. */
export interface CellWindow {
  bounds: readonly number[];
  range: ReportRange;
  zone: string;
  /** Epoch seconds: the quarter hour in progress has no complete roll-up yet. */
  now: number;
}

/** One mould × bucket of the rows call, with the rejects its ledger holds. */
export interface CellRow extends CellSums {
  mold_id: number;
  /** The bucket's index in the bounds (from 0). */
  index: number;
  reject_recorded: number;
  rejects_recorded: boolean;
}

/** Cycle-time statistics of one mould and bucket, computed by the database from the raw readings. */

const SUM_KEYS = [
  'run_s',
  'idle_s',
  'alarm_s',
  'stop_s',
  'off_s',
  'shots',
  'energy_kwh',
  'cycle_time_sum',
  'cycle_time_n',
] as const;
const GROUPED_KEYS = [
  'run_s',
  'idle_s',
  'alarm_s',
  'stop_s',
  'off_s',
  'shots',
  'parts',
  'reject',
  'reject_recorded',
  'ideal_s',
  'rated_run_s',
  'rated_shots',
  'energy_kwh',
  'cycle_time_sum',
  'cycle_time_n',
] as const;

/** Sums of a mould (index null), a bucket (mold_id null) or everything (both null). */
export type GroupedRow = { mold_id: number | null; index: number | null; rejects_recorded: boolean } & Record<
  (typeof GROUPED_KEYS)[number],
  number
>;

/** The columns the rows call sorts by. */
export const ROW_SORTS = [
  'create_datetime',
  'mold_name',
  'oee',
  'availability',
  'performance',
  'quality',
  'planned_s',
  'run_s',
  'shots',
  'good',
  'reject',
  'energy_kwh',
  'kwh_per_good_part',
  'cycle_avg_s',
] as const;
export type RowSort = (typeof ROW_SORTS)[number];

export interface RowsPageQuery {
  sort: RowSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const QUARTER_SECONDS = 900;
const PIECE_COLUMNS = sql.raw(
  'mold_id, i, run_s, idle_s, alarm_s, stop_s, off_s, shots, energy_kwh, cycle_time_sum, cycle_time_n',
);

/**
 * The figures of one cell (table y of the rows query) as the shared rules compute them
 * (shared/src/report oeeOf, kwhPerGoodPart, averageCycle), to sort by in the database.
 */
const SORT_EXPRESSIONS: Record<Exclude<RowSort, 'create_datetime' | 'mold_name'>, string> = {
  planned_s: 'planned_s',
  run_s: 'run_s',
  shots: 'shots',
  good: 'parts - reject',
  reject: 'reject',
  energy_kwh: 'energy_kwh',
  availability: 'case when planned_s > 0 then run_s / planned_s end',
  performance: 'case when target > 0 and run_s > 0 then target * shots / run_s end',
  quality: 'case when parts > 0 then (parts - reject)::float8 / parts end',
  oee: `case when planned_s <= 0 then null
    when parts - reject > 0 and not (target > 0 and run_s > 0) then null
    when target > 0 and run_s > 0 and parts > 0
      then (run_s / planned_s) * (target * shots / run_s) * ((parts - reject)::float8 / parts)
    else 0 end`,
  kwh_per_good_part: 'case when parts - reject > 0 then energy_kwh / (parts - reject) end',
  cycle_avg_s: 'case when cycle_time_n > 0 then cycle_time_sum / cycle_time_n end',
};

/**
 * The grid of the rows (table x): the cells that made or rejected something (table made) and a row of
 * zeros for each mould × bucket that did neither. Only the moulds with fewer cells than buckets are
 * laid out bucket by bucket to find theirs: a year of moulds that report every day builds no grid.
 */
const emptyCells = (buckets: number) => sql`
  counted as (
    select mold_id, count(*) as n from made group by 1
  ), x as (
    select * from made
    union all
    select m.mold_id, m.rank, b.i, m.cavitation, m.target, 0::float8, 0::float8, 0::float8, 0::float8, 0::float8,
      0::float8, 0::float8, 0::float8, 0::float8, false, 0::float8, 0::float8, 0::float8
    from m left join counted c on c.mold_id = m.mold_id
      cross join generate_series(0, ${buckets - 1}::int) as b(i)
    where coalesce(c.n, 0) < ${buckets}
      and not exists (select 1 from made where made.mold_id = m.mold_id and made.i = b.i)
  )`;

/**
 * The rows' order (columns `key`, `rank`, `i` of table `prefix`): the figure's nulls last either way,
 * ties by mould name then time; `reversed`, exactly the opposite order (nulls first).
 */
const rowOrder = (page: RowsPageQuery, reversed: boolean, prefix: string) => {
  const flip = (order: 'asc' | 'desc') => (reversed ? (order === 'asc' ? 'desc' : 'asc') : order);
  const [direction, ascending] = [flip(page.order), flip('asc')];
  const order =
    page.sort === 'mold_name'
      ? `${prefix}rank ${direction}, ${prefix}i ${direction}`
      : page.sort === 'create_datetime'
        ? `${prefix}i ${direction}, ${prefix}rank ${ascending}`
        : `${prefix}key ${direction} nulls ${reversed ? 'first' : 'last'}, ${prefix}rank ${ascending}, ${prefix}i ${ascending}`;
  return sql.raw(order);
};

const toNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const sumsOf = (row: Record<string, unknown>): CellSums =>
  Object.fromEntries(SUM_KEYS.map((key) => [key, toNumber(row[key])])) as unknown as CellSums;
const float8 = (values: readonly number[]) => sql`${values as number[]}::float8[]`;

export class ReportsRepository {
  /** Zones whose days are kept (filled once, kept for good). */
  readonly #keptZones = new Set<string>();
  /** Per zone, instants the database found to be local midnights. */
  readonly #midnights = new Map<string, Set<number>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The caller's readable moulds of the selection, by name. */
  async moulds(userId: number, selection: MouldSelection, limit: number): Promise<ReportMouldRow[]> {
    let query = this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
      .leftJoin('companies as c', 'c.id', 'mg.company_id')
      .select([
        'm.id',
        'm.name',
        'm.mold_number',
        'm.cavitation',
        'm.info',
        'c.name as company_name',
        'mg.name as group_name',
      ])
      .where('g.user_id', '=', userId);
    if (selection.moldIds) query = query.where('m.id', 'in', selection.moldIds.length ? selection.moldIds : [0]);
    if (selection.groupId !== undefined) query = query.where('m.group_id', '=', selection.groupId);
    if (selection.companyId !== undefined) query = query.where('mg.company_id', '=', selection.companyId);
    return query.orderBy('m.name').orderBy('m.id').limit(limit).execute();
  }

  /**
   * Runs a report query with room to add up a year of cells in memory (not in temp files) and
   * without compiling it (JIT): it is read once, in well under the time compiling takes. `hashed`:
   * grouping sets are all added up in hash tables (a few hundred groups each) rather than by sorting
   * a year of cells for one of them, which spilled the sort to disk.
   */
  #read(query: RawBuilder<Record<string, unknown>>, hashed = false): Promise<Record<string, unknown>[]> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true),
        set_config('enable_sort', ${hashed ? 'off' : 'on'}, true)`.execute(trx);
      return (await query.execute(trx)).rows;
    });
  }

  /**
   * Whether the days of a zone are kept in `mold_day_rollups`; the first time a zone is asked for,
   * its days are computed from the roll-ups (once: from then on the roll-ups' triggers keep them).
   * A zone the database does not know is never kept: its reports add up the quarters.
   */
  async keptZone(zone: string): Promise<boolean> {
    if (this.#keptZones.has(zone)) return true;
    const kept = await this.db
      .selectFrom('report_day_zones')
      .select('zone')
      .where('zone', '=', zone)
      .where('filled_at', 'is not', null)
      .executeTakeFirst();
    if (!kept) {
      const { rows } = await sql<{ known: boolean }>`
        select exists (select 1 from pg_timezone_names where name = ${zone}) as known`.execute(this.db);
      if (!rows[0]!.known) return false;
      await this.db.transaction().execute((trx) => sql`select report_days_fill(${zone})`.execute(trx));
    }
    this.#keptZones.add(zone);
    return true;
  }

  /**
   * The span [lo, hi) of a report read from kept days: from the first local midnight at or after
   * the start to the last one at or before the end and before the quarter in progress (a report by
   * day, week or month has every inner bound at a local midnight). Undefined when no whole day fits,
   * or when the database cuts the zone's days elsewhere than the shared calendar does at any bound
   * in it (an old daylight-saving change at midnight): such a report adds up the quarters.
   */
  async #daySpan(bounds: readonly number[], zone: string, quarter: number) {
    const start = bounds[0]!;
    const end = bounds.at(-1)!;
    const lastDay = Math.min(end, quarter);
    const startOfDay = bucketStartOf('day', start, zone);
    const lo = startOfDay === start ? start : nextBucketStart('day', startOfDay, zone);
    const hi = bucketStartOf('day', lastDay, zone);
    if (hi <= lo) return undefined;
    const midnights = [lo, ...bounds.filter((bound) => bound > lo && bound < hi), hi];
    return (await this.#databaseMidnights(midnights, zone)) ? { lo, hi } : undefined;
  }

  /** Whether each instant is a local midnight for the database too (remembered: zones do not move). */
  async #databaseMidnights(instants: readonly number[], zone: string): Promise<boolean> {
    let known = this.#midnights.get(zone);
    if (!known) this.#midnights.set(zone, (known = new Set()));
    const unknown = instants.filter((instant) => !known.has(instant));
    if (unknown.length === 0) return true;
    const { rows } = await sql<{ at: number; midnight: boolean }>`
      select p.at, date_trunc('day', to_timestamp(p.at) at time zone ${zone}) at time zone ${zone} = to_timestamp(p.at)
        as midnight
      from unnest(${float8(unknown)}) as p(at)`.execute(this.db);
    for (const row of rows) if (row.midnight) known.add(Number(row.at));
    return rows.every((row) => row.midnight);
  }

  /**
   * Every (mould, bucket) piece of the report's sums, one row or several per cell (the caller adds
   * them up): the whole local days of a kept zone from `mold_day_rollups`; everything else (hour
   * buckets, a partial first or last day, the day in progress, a zone not kept) from the 15-minute
   * roll-ups, one range scan per span; the quarter in progress from the 5-minute slots while it has
   * no roll-up.
   */
  async #pieces(moldIds: readonly number[], { bounds, range, zone, now }: CellWindow) {
    const start = bounds[0]!;
    const end = bounds.at(-1)!;
    const quarter = Math.floor(now / QUARTER_SECONDS) * QUARTER_SECONDS;
    const days =
      range !== 'hour' && (await this.keptZone(zone)) ? await this.#daySpan(bounds, zone, quarter) : undefined;
    const quarters = (
      days
        ? [
            [start, days.lo],
            [days.hi, end],
          ]
        : [[start, end]]
    ).filter(([lo, hi]) => hi! > lo!);
    const ids = sql`${moldIds as number[]}::bigint[]`;
    // date_part, not extract: extract gives numeric, which PostgreSQL turns into a float through text.
    const byBucket = (column: string) =>
      sql`(width_bucket(date_part('epoch', ${sql.ref(column)}), ${float8(bounds)}) - 1)::int`;
    // Every figure is a float8 from here on: a bigint count or millionths become one exactly, and
    // nothing is summed or multiplied as numeric (slow to add, slower to turn into a float).
    const fromDays = days
      ? sql`
        select d.mold_id, ${byBucket('d.lo')}, d.run_us / 1e6::float8, d.idle_us / 1e6::float8,
          d.alarm_us / 1e6::float8, d.stop_us / 1e6::float8, d.off_us / 1e6::float8, d.shots::float8,
          d.energy_ukwh / 1e6::float8, d.cycle_time_sum_us / 1e6::float8, d.cycle_time_n::float8
        from mold_day_rollups d
        where d.zone = ${zone} and d.mold_id = any(${ids})
          and d.lo >= ${new Date(days.lo * 1000)} and d.lo < ${new Date(days.hi * 1000)}`
      : undefined;
    // One scan per span with its bounds as values, so the planner sees how few quarters it reads
    // (a join on unnested bounds looked like a million rows to it, and it compiled the query: seconds).
    const fromQuarters = quarters.map(
      ([lo, hi]) => sql`
        select r.mold_id, ${byBucket('r.bucket')}, r.run_s, r.idle_s, r.alarm_s, r.stop_s, r.off_s, r.shots::float8,
          r.energy_kwh, r.cycle_time_sum, r.cycle_time_n::float8
        from mold_rollups r
        where r.mold_id = any(${ids}) and r.bucket >= ${new Date(lo! * 1000)} and r.bucket < ${new Date(hi! * 1000)}
        union all`,
    );
    const rest = sql`
      ${sql.join(fromQuarters, sql` `)}
      select s.mold_id, ${byBucket('s.slot_start')}, s.c_run_time * 300, s.c_idle_time * 300, s.c_alarm_time * 300,
        s.c_stop_time * 300, s.c_off_time * 300, 0::float8, s.energy_kwh, 0::float8, 0::float8
      from time_state_slots s
      where s.mold_id = any(${ids}) and s.slot_start >= ${new Date(Math.max(start, quarter) * 1000)}
        and s.slot_start < ${new Date(Math.min(end, now) * 1000)}
        and not exists (
          select 1 from mold_rollups q where q.mold_id = s.mold_id and q.bucket = to_timestamp(${quarter}::float8)
        )`;
    // By day each kept day is a whole bucket of its own and no quarter falls in it: it is a cell as
    // it stands, and only the quarters and slots (the edges, the day in progress) are added up.
    return { days: fromDays, daysAreCells: range === 'day', rest };
  }

  /**
   * The sums of each (mould, bucket) with the rejects recorded in it (table x): with `grid`, every
   * cell, empty ones at 0 (the rows, `emptyCells`); without, only the cells that made or rejected
   * something (the sums, where an empty cell adds nothing).
   */
  async #cellsSql(moulds: readonly SummedMould[], window: CellWindow, grid: boolean) {
    const { bounds } = window;
    const ids = moulds.map((mould) => mould.moldId);
    const pieces = await this.#pieces(ids, window);
    const sums = sql`sum(run_s) as run_s, sum(idle_s) as idle_s, sum(alarm_s) as alarm_s, sum(stop_s) as stop_s,
      sum(off_s) as off_s, sum(shots) as shots, sum(energy_kwh) as energy_kwh, sum(cycle_time_sum) as cycle_time_sum,
      sum(cycle_time_n) as cycle_time_n`;
    const cells =
      pieces.days && pieces.daysAreCells
        ? sql`select * from days union all select mold_id, i, ${sums} from rest group by 1, 2`
        : sql`select mold_id, i, ${sums} from (${pieces.days ? sql`select * from days union all ` : sql``}
            select * from rest) as p group by 1, 2`;
    return sql`
      m as (
        select * from unnest(${ids}::bigint[], ${moulds.map((mould) => mould.cavitation)}::int[],
          ${moulds.map((mould) => mould.target)}::float8[]) with ordinality as m(mold_id, cavitation, target, rank)
      ), rej as (
        select mold_id, (width_bucket(date_part('epoch', recorded_at), ${float8(bounds)}) - 1)::int as i,
          sum(quantity)::float8 as quantity
        from work_order_rejects
        where mold_id = any(${ids}::bigint[])
          and recorded_at >= to_timestamp(${bounds[0]!}) and recorded_at < to_timestamp(${bounds.at(-1)!})
        group by 1, 2
      ), ${pieces.days ? sql`days (${PIECE_COLUMNS}) as (${pieces.days}), ` : sql``}rest (${PIECE_COLUMNS}) as (
        ${pieces.rest}
      ), cell as (
        ${cells}
      ), ${grid ? sql`made` : sql`x`} as (
        select m.mold_id, m.rank, coalesce(cell.i, rej.i) as i, m.cavitation, m.target,
          coalesce(cell.run_s, 0) as run_s, coalesce(cell.idle_s, 0) as idle_s, coalesce(cell.alarm_s, 0) as alarm_s,
          coalesce(cell.stop_s, 0) as stop_s, coalesce(cell.off_s, 0) as off_s, coalesce(cell.shots, 0) as shots,
          coalesce(cell.shots, 0) * m.cavitation as parts,
          least(coalesce(rej.quantity, 0), coalesce(cell.shots, 0) * m.cavitation) as reject,
          coalesce(rej.quantity, 0) as recorded, rej.quantity is not null as rejects_recorded,
          coalesce(cell.energy_kwh, 0) as energy_kwh, coalesce(cell.cycle_time_sum, 0) as cycle_time_sum,
          coalesce(cell.cycle_time_n, 0) as cycle_time_n
        from cell full join rej on rej.mold_id = cell.mold_id and rej.i = cell.i
          join m on m.mold_id = coalesce(cell.mold_id, rej.mold_id)
      )${grid ? sql`, ${emptyCells(bounds.length - 1)}` : sql``}`;
  }

  /**
   * The summary's sums without bringing any cell out of the database: the cells added up per mould,
   * per bucket and in total (grouping sets). Each cell's rejects are capped at its parts before they
   * are added, as the rows do.
   */
  async grouped(moulds: readonly SummedMould[], window: CellWindow): Promise<GroupedRow[]> {
    if (moulds.length === 0) return [];
    const cells = await this.#cellsSql(moulds, window, false);
    const rows = await this.#read(
      sql<Record<string, unknown>>`
      with ${cells}
      select grouping(mold_id) as by_bucket, grouping(i) as by_mould, mold_id, i,
        sum(run_s) as run_s, sum(idle_s) as idle_s, sum(alarm_s) as alarm_s, sum(stop_s) as stop_s, sum(off_s) as off_s,
        sum(shots) as shots, sum(parts) as parts, sum(reject) as reject,
        sum(recorded) as reject_recorded, bool_or(rejects_recorded) as rejects_recorded,
        sum(case when target > 0 then target * shots else 0 end) as ideal_s,
        sum(case when target > 0 then run_s else 0 end) as rated_run_s,
        sum(case when target > 0 then shots else 0 end) as rated_shots,
        sum(energy_kwh) as energy_kwh, sum(cycle_time_sum) as cycle_time_sum, sum(cycle_time_n) as cycle_time_n
      from x group by grouping sets ((mold_id), (i), ())`,
      true,
    );
    return rows.map((row) => ({
      mold_id: Number(row.by_bucket) === 0 ? Number(row.mold_id) : null,
      index: Number(row.by_mould) === 0 ? Number(row.i) : null,
      ...(Object.fromEntries(GROUPED_KEYS.map((key) => [key, toNumber(row[key])])) as Record<
        (typeof GROUPED_KEYS)[number],
        number
      >),
      rejects_recorded: row.rejects_recorded === true,
    }));
  }

  /**
   * One page of the mould × bucket cells sorted by a column's figure, computed and sorted by the
   * database (nulls last either way; equal figures by mould name, then time). By mould name the
   * cells come in the moulds' order (as given, by name) and time, all reversed for `desc`.
   *
   * Two passes in one query: the cells are sorted as narrow rows (identity and sort key) to pick the
   * page, and only the page's cells are joined back to their figures (a cell missing from `made` is
   * empty: its nulls read as 0). The order is total (mould and bucket break every tie), so a page in
   * the back half is picked as the reversed order's page from the end: the sort keeps at most half
   * of the cells, and the deepest page costs what the first does.
   */
  async rowsPage(moulds: readonly SummedMould[], window: CellWindow, page: RowsPageQuery): Promise<CellRow[]> {
    if (moulds.length === 0) return [];
    const total = moulds.length * (window.bounds.length - 1);
    const end = Math.min(page.offset + page.limit, total);
    if (end <= page.offset) return [];
    const fromEnd = total - page.offset < end;
    const key = page.sort === 'mold_name' || page.sort === 'create_datetime' ? 'null' : SORT_EXPRESSIONS[page.sort];
    const rows = await this.#read(sql<Record<string, unknown>>`
      with ${await this.#cellsSql(moulds, window, true)}, y as (
        select x.*, run_s + idle_s + alarm_s + stop_s as planned_s from x
      ), page as (
        select mold_id, i, rank, ${sql.raw(`(${key})`)} as key from y
        order by ${rowOrder(page, fromEnd, '')}
        limit ${end - page.offset} offset ${fromEnd ? total - end : page.offset}
      )
      select page.mold_id, page.i, made.run_s, made.idle_s, made.alarm_s, made.stop_s, made.off_s, made.shots,
        made.energy_kwh, made.cycle_time_sum, made.cycle_time_n, made.recorded, made.rejects_recorded
      from page left join made on made.mold_id = page.mold_id and made.i = page.i
      order by ${rowOrder(page, false, 'page.')}`);
    return rows.map((row) => ({
      mold_id: Number(row.mold_id),
      index: Number(row.i),
      ...sumsOf(row),
      reject_recorded: toNumber(row.recorded),
      rejects_recorded: row.rejects_recorded === true,
    }));
  }

  /** Cycle-time statistics per mould and bucket from the raw readings (cycles only), bands against each target. */
  async cycleStats(
    targets: ReadonlyArray<{ moldId: number; target: number | null }>,
    bounds: readonly number[],
  ): Promise<CycleRow[]> {
    if (targets.length === 0) return [];
    const { rows } = await sql<Record<string, unknown>>`
      with t as (
        select * from unnest(${targets.map((t) => t.moldId)}::bigint[], ${targets.map((t) => t.target ?? 0)}::float8[])
          as t(mold_id, target)
      ), c as (
        select r.mold_id, t.target, r.cycle_time,
          (width_bucket(extract(epoch from r.ts)::float8, ${bounds as number[]}::float8[]) - 1)::int as index
        from t join readings r on r.mold_id = t.mold_id
        where r.ts >= to_timestamp(${bounds[0]!}) and r.ts < to_timestamp(${bounds.at(-1)!})
          and r.cycle_time > 0 and (r.event is null or r.event = 'cycle')
      )
      select mold_id, index, count(*) as count, avg(cycle_time) as avg_s,
        percentile_cont(0.5) within group (order by cycle_time) as median_s,
        min(cycle_time) as min_s, max(cycle_time) as max_s,
        count(*) filter (where target > 0 and abs(cycle_time - target) <= target * (0.02 + 1e-9)) as within2,
        count(*) filter (where target > 0 and abs(cycle_time - target) > target * (0.02 + 1e-9)
          and abs(cycle_time - target) <= target * (0.05 + 1e-9)) as within5
      from c group by 1, 2 order by 1, 2`.execute(this.db);
    return rows.map((row) => ({
      mold_id: Number(row.mold_id),
      index: Number(row.index),
      count: toNumber(row.count),
      avg_s: row.avg_s === null ? null : Number(row.avg_s),
      median_s: row.median_s === null ? null : Number(row.median_s),
      min_s: row.min_s === null ? null : Number(row.min_s),
      max_s: row.max_s === null ? null : Number(row.max_s),
      within2: toNumber(row.within2),
      within5: toNumber(row.within5),
    }));
  }

  /** The last 100 cycles' average of each mould before `end`. */
  async last100(moldIds: readonly number[], start: number, end: number): Promise<Map<number, number | null>> {
    if (moldIds.length === 0) return new Map();
    const { rows } = await sql<Record<string, unknown>>`
      select m.mold_id, (select avg(cycle_time) from (
          select cycle_time from readings r
          where r.mold_id = m.mold_id and r.ts >= to_timestamp(${start}) and r.ts < to_timestamp(${end})
            and r.cycle_time > 0 and (r.event is null or r.event = 'cycle')
          order by r.ts desc, r.seq desc limit 100) as last) as avg_s
      from unnest(${moldIds as number[]}::bigint[]) as m(mold_id)`.execute(this.db);
    return new Map(rows.map((row) => [Number(row.mold_id), row.avg_s === null ? null : Number(row.avg_s)]));
  }

  /** The distribution of all cycles of the moulds in [start, end) in `bins` bars from the shortest to the longest. */
  async histogram(moldIds: readonly number[], start: number, end: number, bins: number) {
    if (moldIds.length === 0) return [];
    const { rows } = await sql<Record<string, unknown>>`
      with c as (
        select cycle_time from readings r
        where r.mold_id = any(${moldIds as number[]}::bigint[]) and r.ts >= to_timestamp(${start})
          and r.ts < to_timestamp(${end}) and r.cycle_time > 0 and (r.event is null or r.event = 'cycle')
      ), e as (select min(cycle_time) as lo, max(cycle_time) as hi from c)
      select least(${bins}, greatest(1, case when e.hi = e.lo then 1
          else width_bucket(c.cycle_time, e.lo, e.hi, ${bins}) end)) as bin,
        min(e.lo) as lo, min(e.hi) as hi, count(*) as count
      from c cross join e group by 1 order by 1`.execute(this.db);
    return rows.map((row) => ({
      bin: Number(row.bin),
      lo: Number(row.lo),
      hi: Number(row.hi),
      count: toNumber(row.count),
    }));
  }
}
