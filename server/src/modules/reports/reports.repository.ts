import { sql, type Kysely, type RawBuilder } from 'kysely';
import { bucketStartOf, nextBucketStart, type ReportRange, type StateSeconds } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import type { CycleRow } from './cycle-row.js';
import { readReport } from './report-read.js';

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
/**
 * What each piece of a cell adds up: seconds, kWh and cycle-time sums in millionths, shots, cycles,
 * and the rejects recorded and how many records. The kept days' and months' are whole numbers (each
 * roll-up rounded once), exact as float8 below 2^53: a cell or a mould's period adds up to the same
 * from months as from their days, in whatever order. Quarters and slots keep their own floats.
 */
export const KEPT_DAY_SUMS = [
  'run_us',
  'idle_us',
  'alarm_us',
  'stop_us',
  'off_us',
  'shots',
  'energy_ukwh',
  'cycle_time_sum_us',
  'cycle_time_n',
  'rejects',
  'reject_records',
] as const;
const PIECE_COLUMNS = sql.raw(`mold_id, i, ${KEPT_DAY_SUMS.join(', ')}`);
const SUM_NAMES = sql.raw(KEPT_DAY_SUMS.join(', '));
/** The sums of table `table` as floats. */
const floatSums = (table: string) => sql.raw(KEPT_DAY_SUMS.map((name) => `${table}.${name}::float8`).join(', '));
const SUMMED = sql.raw(KEPT_DAY_SUMS.map((name) => `sum(${name}) as ${name}`).join(', '));
/** A piece of the edges without roll-up figures (a reject of the ledger). */
const NO_ROLLUP = sql.raw(Array(9).fill('0::float8').join(', '));
/** The columns of table `made` after mould, rank, bucket, cavitation and target, for a cell that made nothing. */
const NOTHING = sql.raw(`${Array(9).fill('0::float8').join(', ')}, false, 0::float8, 0::float8, 0::float8`);

/**
 * The summary's figures of a group of cells of table `made`, in seconds and kWh: each cell's rejects
 * capped at its parts (`reject`), the ideal time and rated run of the moulds with a target.
 */
const ADDED_UP: ReadonlyArray<readonly [string, string]> = [
  ['run_s', 'sum(run_us) / 1e6::float8'],
  ['idle_s', 'sum(idle_us) / 1e6::float8'],
  ['alarm_s', 'sum(alarm_us) / 1e6::float8'],
  ['stop_s', 'sum(stop_us) / 1e6::float8'],
  ['off_s', 'sum(off_us) / 1e6::float8'],
  ['shots', 'sum(shots)'],
  ['parts', 'sum(parts)'],
  ['reject', 'sum(reject)'],
  ['reject_recorded', 'sum(recorded)'],
  ['rejects_recorded', 'bool_or(rejects_recorded)'],
  ['ideal_s', 'sum(case when target > 0 then target * shots else 0 end)'],
  ['rated_run_s', 'sum(case when target > 0 then run_us else 0 end) / 1e6::float8'],
  ['rated_shots', 'sum(case when target > 0 then shots else 0 end)'],
  ['energy_kwh', 'sum(energy_ukwh) / 1e6::float8'],
  ['cycle_time_sum', 'sum(cycle_time_sum_us) / 1e6::float8'],
  ['cycle_time_n', 'sum(cycle_time_n)'],
];
const addedUp = sql.raw(ADDED_UP.map(([name, expression]) => `${expression} as ${name}`).join(', '));
const ADDED_UP_NAMES = sql.raw(ADDED_UP.map(([name]) => name).join(', '));

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
 * The grid of the rows (table x) of a report that reads no kept days: the cells that made or rejected
 * something (table made) and a row of zeros for each mould × bucket that did neither. Only the moulds
 * with fewer cells than buckets are laid out bucket by bucket to find theirs.
 */
const emptyCells = (buckets: number) => sql`
  counted as (
    select mold_id, count(*) as n from made group by 1
  ), x as (
    select * from made
    union all
    select m.mold_id, m.rank, b.i, m.cavitation, m.target, ${NOTHING}
    from m left join counted c on c.mold_id = m.mold_id
      cross join generate_series(0, ${buckets - 1}::int) as b(i)
    where coalesce(c.n, 0) < ${buckets}
      and not exists (select 1 from made where made.mold_id = m.mold_id and made.i = b.i)
  )`;

/**
 * The grid of the rows (table x) of a report read from kept days, without reading the cells twice: a
 * mould has a cell in every bucket that holds one of its kept days or a piece of the edges (table
 * rest). The moulds whose months and days count fewer kept days than the span has (table short) are
 * laid out bucket by bucket, the others only in the buckets outside the span; a row of zeros for each
 * such mould × bucket without a kept day or piece. A year of moulds that report every day reads no
 * day twice.
 */
const emptyKeptCells = (kept: KeptPieces, bounds: readonly number[]) => {
  const [lo, hi] = [new Date(kept.span.lo * 1000), new Date(kept.span.hi * 1000)];
  const outside = bounds
    .slice(0, -1)
    .flatMap((bound, index) =>
      Math.max(bound, kept.span.lo) >= Math.min(bounds[index + 1]!, kept.span.hi) ? [index] : [],
    );
  return sql`
  coverage as (
    select mold_id, sum(days) as days from ${kept.whole} as w group by 1
  ), short as (
    select m.mold_id from m left join coverage c on c.mold_id = m.mold_id
    where coalesce(c.days, 0) < (${hi}::timestamptz at time zone ${kept.zone})::date
      - (${lo}::timestamptz at time zone ${kept.zone})::date
  ), short_days as (
    select s.mold_id, ${bucketIndex('d.lo', bounds)} as i
    from short s cross join lateral (
      select d.lo from mold_day_rollups d
      where d.zone = ${kept.zone} and d.mold_id = s.mold_id and d.lo >= ${lo} and d.lo < ${hi}
    ) as d
  ), laid as (
    select s.mold_id, b.i from short s cross join generate_series(0, ${bounds.length - 2}::int) as b(i)
    union all
    select m.mold_id, b.i from m cross join unnest(${outside}::int[]) as b(i)
    where not exists (select 1 from short s where s.mold_id = m.mold_id)
  ), x as (
    select * from made
    union all
    select m.mold_id, m.rank, l.i, m.cavitation, m.target, ${NOTHING}
    from laid l join m on m.mold_id = l.mold_id
    where not exists (select 1 from rest r where r.mold_id = l.mold_id and r.i = l.i)
      and not exists (select 1 from short_days d where d.mold_id = l.mold_id and d.i = l.i)
  )`;
};

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
/** Epoch seconds as a timestamptz[] parameter. */
const instants = (values: readonly number[]) =>
  sql`${values.map((value) => new Date(value * 1000).toISOString())}::timestamptz[]`;
/** The bucket of `bounds` (from 0) that the instant in `column` falls in: a search of the bounds as timestamps. */
const bucketIndex = (column: string, bounds: readonly number[]) =>
  sql`(width_bucket(${sql.raw(column)}, ${instants(bounds)}) - 1)::int`;

/** A report's whole local days [lo, hi) of a kept zone, in epoch seconds. */
interface DaySpan {
  lo: number;
  hi: number;
}

/** The pieces a report reads from its kept days and months (columns mold_id, i, days — kept days — and KEPT_DAY_SUMS). */
interface KeptPieces {
  zone: string;
  span: DaySpan;
  /** By the report's buckets: months that lie inside one bucket, the days between them. */
  cells: RawBuilder<unknown>;
  /** The whole span in bucket 0: every whole month in it, the days at its edges. */
  whole: RawBuilder<unknown>;
}

/**
 * Each mould's kept pieces of the span in a kept zone, by the buckets of `bounds`: its months
 * (`mold_day_months`, migration 0037) that lie inside the span and inside one bucket, and its kept days
 * between them, read by a range of the key each (lateral: a hash join read every day of the zone). A
 * mould's year by month is 12 months; its whole year about 11 months and 30 days.
 */
function keptPieces(zone: string, ids: RawBuilder<unknown>, span: DaySpan, bounds: readonly number[]) {
  const [lo, hi] = [new Date(span.lo * 1000), new Date(span.hi * 1000)];
  const bucketOf = (instant: string) => sql`width_bucket(${sql.raw(instant)}, ${instants(bounds)})`;
  return sql`(
    with months as (
      select o.mold_id, o.lo, o.hi, o.days, ${floatSums('o')} from mold_day_months o
      where o.zone = ${zone} and o.mold_id = any(${ids}) and o.lo >= ${lo} and o.hi <= ${hi}
        and ${bucketOf('o.lo')} = ${bucketOf("o.hi - interval '1 millisecond'")}
    ), gaps as (
      select mold_id, coalesce(lag(hi) over (partition by mold_id order by lo), ${lo}) as lo, lo as hi
      from (
        select mold_id, lo, hi from months
        union all
        select mold_id, ${hi}, ${hi} from unnest(${ids}) as t(mold_id)
      ) as edges
    )
    select mold_id, ${bucketIndex('lo', bounds)} as i, days, ${SUM_NAMES} from months
    union all
    select d.mold_id, ${bucketIndex('d.lo', bounds)}, 1, ${floatSums('d')}
    from gaps g cross join lateral (
      select d.mold_id, d.lo, ${SUM_NAMES} from mold_day_rollups d
      where d.zone = ${zone} and d.mold_id = g.mold_id and d.lo >= g.lo and d.lo < g.hi
    ) as d
    where g.lo < g.hi
  )`;
}

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
   * Every (mould, bucket) piece of the report's sums (the caller adds them up), in millionths: in a
   * kept zone, its whole local days from the kept months and days (`kept`, rejects included);
   * everything else (table `rest`: hour buckets, a partial first or last day, the day in progress, a
   * zone not kept) from the 15-minute roll-ups and the ledger's rejects, one range scan per span; the
   * quarter in progress from the 5-minute slots while it has no roll-up.
   */
  async #pieces(moldIds: readonly number[], { bounds, range, zone, now }: CellWindow) {
    const start = bounds[0]!;
    const end = bounds.at(-1)!;
    const quarter = Math.floor(now / QUARTER_SECONDS) * QUARTER_SECONDS;
    const span =
      range !== 'hour' && (await this.keptZone(zone)) ? await this.#daySpan(bounds, zone, quarter) : undefined;
    const edges = (
      span
        ? [
            [start, span.lo],
            [span.hi, end],
          ]
        : [[start, end]]
    ).filter(([lo, hi]) => hi! > lo!);
    const ids = sql`${moldIds as number[]}::bigint[]`;
    const within = (column: string, lo: number, hi: number) =>
      sql`${sql.raw(column)} >= ${new Date(lo * 1000)} and ${sql.raw(column)} < ${new Date(hi * 1000)}`;
    const millionths = (column: string) => sql.raw(`${column} * 1e6::float8`);
    // One scan per span with its bounds as values, so the planner sees how few quarters it reads
    // (a join on unnested bounds looked like a million rows to it, and it compiled the query: seconds).
    const fromEdges = edges.flatMap(([lo, hi]) => [
      sql`
        select r.mold_id, ${bucketIndex('r.bucket', bounds)}, ${millionths('r.run_s')}, ${millionths('r.idle_s')},
          ${millionths('r.alarm_s')}, ${millionths('r.stop_s')}, ${millionths('r.off_s')}, r.shots::float8, ${millionths('r.energy_kwh')},
          ${millionths('r.cycle_time_sum')}, r.cycle_time_n::float8, 0::float8, 0::float8
        from mold_rollups r
        where r.mold_id = any(${ids}) and ${within('r.bucket', lo!, hi!)}
        union all`,
      sql`
        select w.mold_id, ${bucketIndex('w.recorded_at', bounds)}, ${NO_ROLLUP}, w.quantity::float8, 1::float8
        from work_order_rejects w
        where w.mold_id = any(${ids}) and ${within('w.recorded_at', lo!, hi!)}
        union all`,
    ]);
    const rest = sql`
      ${sql.join(fromEdges, sql` `)}
      select s.mold_id, ${bucketIndex('s.slot_start', bounds)}, ${millionths('s.c_run_time * 300')},
        ${millionths('s.c_idle_time * 300')}, ${millionths('s.c_alarm_time * 300')}, ${millionths('s.c_stop_time * 300')},
        ${millionths('s.c_off_time * 300')}, 0::float8, ${millionths('s.energy_kwh')}, 0::float8, 0::float8, 0::float8, 0::float8
      from time_state_slots s
      where s.mold_id = any(${ids}) and ${within('s.slot_start', Math.max(start, quarter), Math.min(end, now))}
        and not exists (
          select 1 from mold_rollups q where q.mold_id = s.mold_id and q.bucket = to_timestamp(${quarter}::float8)
        )`;
    const kept: KeptPieces | undefined = span && {
      zone,
      span,
      cells: keptPieces(zone, ids, span, bounds),
      whole: keptPieces(zone, ids, span, [start, end]),
    };
    // By day each kept day is a whole bucket of its own (no month and no quarter falls in it): it is a
    // cell as it stands, and only the edges are added up.
    return { kept, keptAreCells: range === 'day', rest };
  }

  /**
   * The cells of the report (table made: each (mould, bucket) that made or recorded something, its
   * figures as the shared rules add them, rejects capped at its parts) and what they are made of.
   */
  async #cellsSql(moulds: readonly SummedMould[], window: CellWindow) {
    const ids = moulds.map((mould) => mould.moldId);
    const pieces = await this.#pieces(ids, window);
    const { kept } = pieces;
    const cells =
      kept && pieces.keptAreCells
        ? sql`select ${PIECE_COLUMNS} from kept union all select mold_id, i, ${SUMMED} from rest group by 1, 2`
        : sql`select mold_id, i, ${SUMMED} from (${kept ? sql`select ${PIECE_COLUMNS} from kept union all ` : sql``}
            select * from rest) as p group by 1, 2`;
    const ctes = sql`
      m as (
        select * from unnest(${ids}::bigint[], ${moulds.map((mould) => mould.cavitation)}::int[],
          ${moulds.map((mould) => mould.target)}::float8[]) with ordinality as m(mold_id, cavitation, target, rank)
      ), ${kept ? sql`kept as (select * from ${kept.cells} as k), ` : sql``}rest (${PIECE_COLUMNS}) as (
        ${pieces.rest}
      ), cell as (
        ${cells}
      ), made as (
        select m.mold_id, m.rank, c.i, m.cavitation, m.target, c.run_us, c.idle_us, c.alarm_us, c.stop_us, c.off_us,
          c.shots, c.shots * m.cavitation as parts, least(c.rejects, c.shots * m.cavitation) as reject,
          c.rejects as recorded, c.reject_records > 0 as rejects_recorded, c.energy_ukwh, c.cycle_time_sum_us,
          c.cycle_time_n
        from cell c join m on m.mold_id = c.mold_id
      )`;
    return { ctes, kept };
  }

  /**
   * The summary's sums without bringing any cell out of the database: the cells added up per mould,
   * per bucket and in total. Each cell's rejects are capped at its parts before they are added, as the
   * rows do. With kept days, a mould's period is added up from its whole months, the days at the
   * edges and the rest (about 40 rows for a year, not 366 cells), and its capped rejects are its
   * recorded ones less what its cells recorded beyond their parts (gathered per bucket); the total
   * adds up the moulds. Without, grouping sets over the cells.
   */
  async grouped(moulds: readonly SummedMould[], window: CellWindow): Promise<GroupedRow[]> {
    if (moulds.length === 0) return [];
    const { ctes, kept } = await this.#cellsSql(moulds, window);
    const query = kept
      ? sql<Record<string, unknown>>`
      with ${ctes}, buckets as (
        select i, ${addedUp}, array_agg(mold_id) filter (where recorded > parts) as over_moulds,
          array_agg(recorded - parts) filter (where recorded > parts) as overs
        from made group by i
      ), over as (
        select o.mold_id, sum(o.over) as over
        from buckets b cross join unnest(b.over_moulds, b.overs) as o(mold_id, over) group by 1
      ), period as (
        select mold_id, ${SUMMED} from (
          select ${PIECE_COLUMNS} from ${kept.whole} as w union all select * from rest
        ) as p group by 1
      ), moulds as (
        select m.mold_id, m.target, p.run_us, p.idle_us, p.alarm_us, p.stop_us, p.off_us, p.shots,
          p.shots * m.cavitation as parts, p.rejects - coalesce(o.over, 0) as reject, p.rejects as recorded,
          p.reject_records > 0 as rejects_recorded, p.energy_ukwh, p.cycle_time_sum_us, p.cycle_time_n
        from period p join m on m.mold_id = p.mold_id left join over o on o.mold_id = p.mold_id
      )
      select 0 as by_bucket, 1 as by_mould, mold_id, null::int as i, ${addedUp} from moulds group by mold_id
      union all
      select 1, 0, null, i, ${ADDED_UP_NAMES} from buckets
      union all
      select 1, 1, null, null, ${addedUp} from moulds`
      : sql<Record<string, unknown>>`
      with ${ctes}
      select grouping(mold_id) as by_bucket, grouping(i) as by_mould, mold_id, i, ${addedUp}
      from made group by grouping sets ((mold_id), (i), ())`;
    // Grouping sets are all hashed (a sort of a year of cells for one of them spilled to disk); the
    // months' edges need a sort, which the planner must not be told to avoid.
    const rows = await readReport(this.db, query, !kept);
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
   * The order is total (mould and bucket break every tie), so a page in the back half is picked as
   * the reversed order's page from the end: the sort keeps at most half of the cells plus a page, and
   * the deepest page costs what the first does. The cells are read once: empty ones are found from the
   * kept days' count (`emptyKeptCells`), or, without kept days, from the cells themselves.
   */
  async rowsPage(moulds: readonly SummedMould[], window: CellWindow, page: RowsPageQuery): Promise<CellRow[]> {
    if (moulds.length === 0) return [];
    const total = moulds.length * (window.bounds.length - 1);
    const end = Math.min(page.offset + page.limit, total);
    if (end <= page.offset) return [];
    const fromEnd = total - page.offset < end;
    const key = page.sort === 'mold_name' || page.sort === 'create_datetime' ? 'null' : SORT_EXPRESSIONS[page.sort];
    const { ctes, kept } = await this.#cellsSql(moulds, window);
    const grid = kept ? emptyKeptCells(kept, window.bounds) : emptyCells(window.bounds.length - 1);
    const rows = await readReport(
      this.db,
      sql<Record<string, unknown>>`
      with ${ctes}, ${grid}, y as (
        select mold_id, rank, i, target, run_us / 1e6::float8 as run_s, idle_us / 1e6::float8 as idle_s,
          alarm_us / 1e6::float8 as alarm_s, stop_us / 1e6::float8 as stop_s, off_us / 1e6::float8 as off_s, shots,
          parts, reject, recorded, rejects_recorded, energy_ukwh / 1e6::float8 as energy_kwh,
          cycle_time_sum_us / 1e6::float8 as cycle_time_sum, cycle_time_n,
          run_us / 1e6::float8 + idle_us / 1e6::float8 + alarm_us / 1e6::float8 + stop_us / 1e6::float8 as planned_s
        from x
      ), page as (
        select mold_id, i, rank, run_s, idle_s, alarm_s, stop_s, off_s, shots, energy_kwh, cycle_time_sum,
          cycle_time_n, recorded, rejects_recorded, ${sql.raw(`(${key})`)} as key
        from y
        order by ${rowOrder(page, fromEnd, '')}
        limit ${end - page.offset} offset ${fromEnd ? total - end : page.offset}
      )
      select * from page order by ${rowOrder(page, false, '')}`,
    );
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
