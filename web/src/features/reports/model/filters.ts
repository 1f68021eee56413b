import { create } from 'zustand';
import { instantOfWallClock, reportPeriod, type ReportPeriod, type ReportRange } from '@mouldwatch/shared';

export type PeriodChoice = ReportPeriod | 'custom';
export type ReportKind = 'oee' | 'cycle' | 'energy';
export type SelectionMode = 'all' | 'company' | 'moulds';

/** A calendar date as the date picker gives it: year, month (1-12), day. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** What the report screens show: one set of choices shared by /report/nav and /report/detailList. */
export interface ReportFilters {
  mode: SelectionMode;
  companyId?: number;
  groupId?: number;
  moldIds: number[];
  period: PeriodChoice;
  /** The custom period's first and last day (inclusive), in the user's zone. */
  custom?: [CalendarDate, CalendarDate];
  range: ReportRange;
  report: ReportKind;
}

interface FiltersStore extends ReportFilters {
  /** The moment (epoch s) the current periods end: taken at each change and when a screen opens. */
  now: number;
  set(patch: Partial<ReportFilters>): void;
  refresh(): void;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export const useReportFilters = create<FiltersStore>((set) => ({
  mode: 'all',
  moldIds: [],
  period: 'thisWeek',
  range: 'day',
  report: 'oee',
  now: nowSeconds(),
  set: (patch) => set({ ...patch, now: nowSeconds() }),
  refresh: () => set({ now: nowSeconds() }),
}));

/** The query of every report call (the server's names). */
export interface ReportQuery {
  start: number;
  end: number;
  range: ReportRange;
  mold_ids?: string;
  company_id?: number;
  group_id?: number;
}

/** The period [start, end) in epoch seconds in the zone; null for a custom period not chosen yet. */
export function periodWindow(filters: ReportFilters, now: number, zone: string): { start: number; end: number } | null {
  if (filters.period !== 'custom') return reportPeriod(filters.period, now, zone);
  if (!filters.custom) return null;
  const [first, last] = filters.custom;
  return {
    start: instantOfWallClock(zone, first.year, first.month, first.day),
    end: Math.min(now, instantOfWallClock(zone, last.year, last.month, last.day + 1)),
  };
}

/** The query of the filters at `now`, or null while they name no moulds or no period. */
export function reportQuery(filters: ReportFilters, now: number, zone: string): ReportQuery | null {
  const window = periodWindow(filters, now, zone);
  if (!window || window.end <= window.start) return null;
  const base = { ...window, range: filters.range };
  if (filters.mode === 'moulds')
    return filters.moldIds.length ? { ...base, mold_ids: filters.moldIds.join(',') } : null;
  if (filters.mode === 'company') {
    if (filters.groupId !== undefined) return { ...base, group_id: filters.groupId };
    return filters.companyId !== undefined ? { ...base, company_id: filters.companyId } : null;
  }
  return base;
}

const DAY_S = 86_400;
/** The raw cycles are kept 35 days (the server's raw retention). */
export const RAW_CYCLES_KEPT_DAYS = 35;
/** By the hour, the cycle statistics read at most 31 days of raw cycles (the server answers 400 beyond). */
export const CYCLE_STATS_MAX_DAYS = 31;

/**
 * What the cycle statistics can read of a report's period at `now`: the whole period by day, week
 * or month (the server reads the raw cycles or its kept days), and by the hour up to 31 days; a
 * longer period by the hour offers its last 31 days where their raw cycles are kept.
 */
export type CycleStatsWindow =
  { kind: 'whole'; query: ReportQuery } | { kind: 'tooLong'; lastDays: ReportQuery | null };

export function cycleStatsWindow(query: ReportQuery, now: number): CycleStatsWindow {
  if (query.range !== 'hour' || query.end - query.start <= CYCLE_STATS_MAX_DAYS * DAY_S)
    return { kind: 'whole', query };
  const lastStart = query.end - CYCLE_STATS_MAX_DAYS * DAY_S;
  const oldestKept = now - RAW_CYCLES_KEPT_DAYS * DAY_S;
  return { kind: 'tooLong', lastDays: lastStart >= oldestKept ? { ...query, start: lastStart } : null };
}

/** A fraction as a percentage with one decimal, or a dash. */
export const percent = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? '–' : `${(fraction * 100).toFixed(1)} %`;
/** Seconds as hours with one decimal. */
export const hours = (seconds: number) => (seconds / 3600).toFixed(1);
export const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? '–' : value.toFixed(digits);
