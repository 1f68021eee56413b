import {
  barsOfBins,
  cycleStats,
  emptyFigures,
  kwhPerGoodPart,
  moldInfoSchema,
  mouldFigures,
  oeeOf,
  oeeWaterfall,
  reportBounds,
  REPORT_MAX_CELLS,
  REPORT_MAX_MOULDS,
  ResponseCode,
  type CycleStats,
  type OeeWaterfall,
  type ReportRange,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { ApiError, notFound } from '../../infra/http/errors.js';
import type { Principal } from '../access/access.service.js';
import { CycleDaysRepository, type CycleTargets } from '../../rollup/cycle-days.repository.js';
import type { CycleRow } from './cycle-row.js';
import { presentFigures, type FiguresOut, type Sums } from './reports.presenter.js';
import {
  ReportsRepository,
  type CellSums,
  type CellWindow,
  type MouldSelection,
  type ReportMouldRow,
  type RowsPageQuery,
  type SummedMould,
} from './reports.repository.js';

export interface ReportWindow {
  start: number;
  end: number;
  range: ReportRange;
  zone: string;
}

/** A mould of a report with its settings. */
export interface ReportMould {
  mold_id: number;
  mold_name: string;
  mold_number: string;
  company_name: string | null;
  group_name: string | null;
  cavitation: number | null;
  target_cycle_s: number | null;
  /** Target OEE (update_target), 0..1. */
  target_oee: number | null;
  voltage: number | null;
}

export interface ReportCell {
  mould: ReportMould;
  index: number;
  sums: Sums;
}

export interface GroupedSummary {
  bounds: number[];
  moulds: ReportMould[];
  total: Sums;
  buckets: Sums[];
  perMould: Map<number, Sums>;
}

/** Cells per page of an export: each page is one sorted, paged query. */
export const EXPORT_PAGE_ROWS = 5000;

/**
 * The longest window the cycle-time report reads from the raw cycles, exactly; a longer one, or one
 * reaching back before the raw readings kept, is read from the kept days (buckets of a day or more).
 */
export const CYCLE_WINDOW_DAYS = 31;
/** The raw readings' retention (the roll-up job's default). */
const RAW_CYCLES_KEPT_DAYS = 35;
const DAY = 86_400;

/** Cycle statistics of a mould and bucket (or the whole period) against its target. */
function statsOf(row: CycleRow | undefined, target: number | null, lastAvg: number | null): CycleStats {
  if (!row || row.count === 0) return { ...cycleStats([], target), last100_avg_s: lastAvg };
  const rated = target !== null && target > 0;
  return {
    count: row.count,
    avg_s: row.avg_s,
    median_s: row.median_s,
    min_s: row.min_s,
    max_s: row.max_s,
    last100_avg_s: lastAvg,
    within2: rated ? row.within2 / row.count : null,
    within5: rated ? row.within5 / row.count : null,
    outside5: rated ? (row.count - row.within2 - row.within5) / row.count : null,
  };
}

/** What the cycle report's sources answer, before they become each mould's statistics. */
interface CycleSources {
  rows: CycleRow[];
  perMould: CycleRow[];
  last100: Map<number, number | null>;
  histogram: Array<{ from_s: number; to_s: number; count: number }>;
  /** From when the moulds have cycle statistics (epoch s): the raw readings kept, or the oldest kept day. */
  statsFrom: number;
}

export const emptySums = (): Sums => ({
  figures: emptyFigures(),
  reject_recorded: 0,
  rejects_recorded: false,
  energy_kwh: 0,
  cycle_time_sum: 0,
  cycle_time_n: 0,
});

/** The factors, energy per good part and average cycle of sums: what every row and total shows. */
export function figuresOf(sums: Sums): FiguresOut {
  const factors = oeeOf(sums.figures);
  return presentFigures(sums, factors, kwhPerGoodPart(sums.energy_kwh, factors.good));
}

export const waterfallOf = (sums: Sums): OeeWaterfall => oeeWaterfall(sums.figures);

function reportMould(row: ReportMouldRow): ReportMould {
  const info = moldInfoSchema.safeParse(row.info);
  return {
    mold_id: row.id,
    mold_name: row.name,
    mold_number: row.mold_number,
    company_name: row.company_name,
    group_name: row.group_name,
    cavitation: row.cavitation,
    target_cycle_s: info.success ? info.data.cycle_time : null,
    target_oee: info.success ? info.data.oee : null,
    voltage: info.success ? info.data.voltage : null,
  };
}

/**
 * Reports (issue 14): OEE, energy and cycle time of the caller's moulds per bucket of their time
 * zone, from the 15-minute roll-ups (cached per bucket), the slots of the quarter in progress and
 * the rejects ledger of the work orders. Every mould is one the caller is granted or shared.
 */
export class ReportsService {
  readonly #repository: ReportsRepository;
  readonly #cycleDays = new CycleDaysRepository();

  constructor(private readonly context: AppContext) {
    this.#repository = new ReportsRepository(context.db);
  }

  /** The moulds of a selection; one named mould the caller may not read is as absent as one that does not exist. */
  async moulds(principal: Principal, selection: MouldSelection): Promise<ReportMould[]> {
    const rows = await this.#repository.moulds(principal.userId, selection, REPORT_MAX_MOULDS + 1);
    if (rows.length > REPORT_MAX_MOULDS) {
      throw new ApiError(400, ResponseCode.invalid, 'reportTooManyMoulds', { max: REPORT_MAX_MOULDS });
    }
    if (selection.moldIds?.length === 1 && rows.length === 0) throw notFound('moldNotFound');
    return rows.map(reportMould);
  }

  /**
   * One page of the mould × bucket cells, sorted and paged by the database; `total` is the number of
   * cells (every mould × bucket, empty ones included).
   */
  async rows(
    principal: Principal,
    selection: MouldSelection,
    window: ReportWindow,
    page: RowsPageQuery,
  ): Promise<{ bounds: number[]; cells: ReportCell[]; total: number }> {
    const { bounds, moulds } = await this.#checked(principal, selection, window);
    return {
      bounds,
      cells: await this.#page(moulds, bounds, window, page),
      total: moulds.length * (bounds.length - 1),
    };
  }

  /**
   * Every cell of a report, by mould name and time, a page of whole moulds (about `pageSize` cells)
   * at a time: each page sums only its own moulds, so the export does the work of one report and
   * never holds more than a page.
   */
  async *allRows(
    principal: Principal,
    selection: MouldSelection,
    window: ReportWindow,
    pageSize = EXPORT_PAGE_ROWS,
  ): AsyncGenerator<{ bounds: number[]; cells: ReportCell[] }> {
    const { bounds, moulds } = await this.#checked(principal, selection, window);
    const buckets = bounds.length - 1;
    const perPage = Math.max(1, Math.floor(pageSize / buckets));
    for (let from = 0; from < moulds.length; from += perPage) {
      const chunk = moulds.slice(from, from + perPage);
      const page = { sort: 'mold_name', order: 'asc', limit: chunk.length * buckets, offset: 0 } as const;
      yield { bounds, cells: await this.#page(chunk, bounds, window, page) };
    }
  }

  async #page(moulds: ReportMould[], bounds: number[], window: ReportWindow, page: RowsPageQuery) {
    const rows = await this.#repository.rowsPage(summed(moulds), this.#cellWindow(bounds, window), page);
    const byId = new Map(moulds.map((mould) => [mould.mold_id, mould]));
    return rows.map((row) => {
      const mould = byId.get(row.mold_id)!;
      return { mould, index: row.index, sums: cellSums(mould, row, row.reject_recorded, row.rejects_recorded) };
    });
  }

  #cellWindow(bounds: number[], window: ReportWindow): CellWindow {
    return { bounds, range: window.range, zone: window.zone, now: Math.floor(this.context.now().getTime() / 1000) };
  }

  /**
   * The summary's sums (per bucket over the moulds, per mould over the buckets, the total), added up
   * by the database: no cell leaves it.
   */
  async groupedSummary(principal: Principal, selection: MouldSelection, window: ReportWindow): Promise<GroupedSummary> {
    const { bounds, moulds } = await this.#checked(principal, selection, window);
    const rows = await this.#repository.grouped(summed(moulds), this.#cellWindow(bounds, window));
    const empty = () => emptySums();
    const buckets = bounds.slice(0, -1).map(empty);
    const perMould = new Map<number, Sums>();
    let total = empty();
    for (const row of rows) {
      const sums: Sums = {
        figures: {
          run_s: row.run_s,
          idle_s: row.idle_s,
          alarm_s: row.alarm_s,
          stop_s: row.stop_s,
          off_s: row.off_s,
          shots: row.shots,
          parts: row.parts,
          reject: row.reject,
          ideal_s: row.ideal_s,
          rated_run_s: row.rated_run_s,
          rated_shots: row.rated_shots,
        },
        reject_recorded: row.reject_recorded,
        rejects_recorded: row.rejects_recorded,
        energy_kwh: row.energy_kwh,
        cycle_time_sum: row.cycle_time_sum,
        cycle_time_n: row.cycle_time_n,
      };
      if (row.mold_id !== null) perMould.set(row.mold_id, sums);
      else if (row.index !== null) buckets[row.index] = sums;
      else total = sums;
    }
    return { bounds, moulds, total, buckets, perMould };
  }

  /**
   * Cycle-time statistics per mould and bucket, per mould, and the distribution: from the raw cycles
   * for up to 31 days they still hold, else from the kept days (not by the hour).
   */
  async cycles(principal: Principal, selection: MouldSelection, window: ReportWindow, bins: number, perBucket = true) {
    const rawFrom = Math.floor(this.context.now().getTime() / 1000) - RAW_CYCLES_KEPT_DAYS * DAY;
    const fromRaw = window.end - window.start <= CYCLE_WINDOW_DAYS * DAY && window.start >= rawFrom;
    if (!fromRaw && (window.range === 'hour' || !(await this.#repository.keptZone(window.zone)))) {
      throw new ApiError(400, ResponseCode.invalid, 'reportCycleWindowTooLong', { days: CYCLE_WINDOW_DAYS });
    }
    const { bounds, moulds } = await this.#checked(principal, selection, window);
    const targets = moulds.map((mould) => ({ moldId: mould.mold_id, target: mould.target_cycle_s }));
    const sources = fromRaw
      ? await this.#rawCycles(targets, bounds, bins, rawFrom, perBucket)
      : await this.#keptCycles(targets, bounds, window.zone, bins, rawFrom, perBucket);
    const cellOf = new Map(sources.rows.map((row) => [`${row.mold_id}:${row.index}`, row]));
    const wholeOf = new Map(sources.perMould.map((row) => [row.mold_id, row]));
    return {
      bounds,
      statsFrom: sources.statsFrom,
      moulds: moulds.map((mould) => ({
        mould,
        stats: statsOf(wholeOf.get(mould.mold_id), mould.target_cycle_s, sources.last100.get(mould.mold_id) ?? null),
        buckets:
          perBucket &&
          bounds.slice(0, -1).map((start, index) => ({
            start,
            stats: statsOf(cellOf.get(`${mould.mold_id}:${index}`), mould.target_cycle_s, null),
          })),
      })),
      histogram: sources.histogram,
    };
  }

  async #rawCycles(
    targets: CycleTargets,
    bounds: number[],
    bins: number,
    rawFrom: number,
    perBucket: boolean,
  ): Promise<CycleSources> {
    const ids = targets.map((target) => target.moldId);
    const [start, end] = [bounds[0]!, bounds.at(-1)!];
    const [rows, perMould, last100, histogram] = await Promise.all([
      perBucket ? this.#repository.cycleStats(targets, bounds) : [],
      this.#repository.cycleStats(targets, [start, end]),
      this.#repository.last100(ids, start, end),
      this.#repository.histogram(ids, start, end, bins),
    ]);
    return {
      rows,
      perMould,
      last100,
      histogram: histogram.map(({ bin, lo, hi, count }) => {
        const width = hi > lo ? (hi - lo) / bins : 0;
        return { from_s: lo + (bin - 1) * width, to_s: width ? lo + bin * width : hi, count };
      }),
      statsFrom: rawFrom,
    };
  }

  async #keptCycles(
    targets: CycleTargets,
    bounds: number[],
    zone: string,
    bins: number,
    rawFrom: number,
    perBucket: boolean,
  ): Promise<CycleSources> {
    const db = this.context.db;
    const ids = targets.map((target) => target.moldId);
    const [rows, whole, keptSince] = await Promise.all([
      perBucket ? this.#cycleDays.cells(db, zone, targets, bounds) : [],
      this.#cycleDays.whole(db, zone, targets, bounds[0]!, bounds.at(-1)!),
      this.#cycleDays.keptSince(db, zone, ids),
    ]);
    const counted = whole.rows.filter((row) => row.count > 0);
    const min = Math.min(...counted.map((row) => row.min_s ?? Infinity));
    const max = Math.max(...counted.map((row) => row.max_s ?? -Infinity));
    return {
      rows,
      perMould: whole.rows,
      last100: whole.last100,
      histogram: counted.length === 0 ? [] : barsOfBins(whole.bins, min, max, bins),
      statsFrom: Math.min(keptSince ?? rawFrom, rawFrom),
    };
  }

  /** The bounds and moulds of a report, refused when they make too many figures. */
  async #checked(principal: Principal, selection: MouldSelection, window: ReportWindow) {
    const bounds = this.#bounds(window);
    const moulds = await this.moulds(principal, selection);
    const buckets = bounds.length - 1;
    if (moulds.length * buckets > REPORT_MAX_CELLS) {
      throw new ApiError(400, ResponseCode.invalid, 'reportTooLarge', {
        moulds: moulds.length,
        buckets,
        max: REPORT_MAX_CELLS,
      });
    }
    return { bounds, moulds };
  }

  #bounds({ range, start, end, zone }: ReportWindow): number[] {
    const bounds = reportBounds(range, start, end, zone);
    if (Array.isArray(bounds)) return bounds;
    if (bounds.problem === 'endNotAfterStart') throw new ApiError(400, ResponseCode.invalid, 'reportEndNotAfterStart');
    throw new ApiError(400, ResponseCode.invalid, 'reportTooManyBuckets', { max: bounds.max });
  }
}

/** The moulds as the database sums them: one part per shot without a cavitation, 0 without a target cycle time. */
const summed = (moulds: readonly ReportMould[]): SummedMould[] =>
  moulds.map((mould) => ({
    moldId: mould.mold_id,
    cavitation: mould.cavitation && mould.cavitation > 0 ? mould.cavitation : 1,
    target: mould.target_cycle_s ?? 0,
  }));

/** One cell's sums; rejects above the parts the cell made (recorded in another bucket than the shots) are capped. */
function cellSums(mould: ReportMould, cell: CellSums, recorded: number, rejectsRecorded: boolean): Sums {
  const figures = mouldFigures({
    run_s: cell.run_s,
    idle_s: cell.idle_s,
    alarm_s: cell.alarm_s,
    stop_s: cell.stop_s,
    off_s: cell.off_s,
    shots: cell.shots,
    cavitation: mould.cavitation,
    reject: 0,
    target_cycle_s: mould.target_cycle_s,
  });
  figures.reject = Math.min(recorded, figures.parts);
  return {
    figures,
    reject_recorded: recorded,
    rejects_recorded: rejectsRecorded,
    energy_kwh: cell.energy_kwh,
    cycle_time_sum: cell.cycle_time_sum,
    cycle_time_n: cell.cycle_time_n,
  };
}
