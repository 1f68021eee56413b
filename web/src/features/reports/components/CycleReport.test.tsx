import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportQuery } from '../model/filters';
import type { CycleReport, Summary } from '../api/types';

vi.mock('../../../i18n/featureCatalogs', () => ({
  registerFeatureCatalog: () => undefined,
  useFeatureTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('../../../components/EChart', () => ({ EChart: () => null }));
vi.mock('./echartsSetup', () => ({}));
const asked: Array<ReportQuery | null> = [];
/** What the cycle call answers, once asked. */
let answer: CycleReport | undefined;
vi.mock('../api/getCycles', () => ({
  useCycles: (query: ReportQuery | null) => {
    asked.push(query);
    const data = query === null ? undefined : answer;
    return { data, isPending: query !== null && !data, isError: false, refetch: () => undefined };
  },
}));

const { CycleReport } = await import('./CycleReport');
const { useReportFilters } = await import('../model/filters');

const DAY = 86_400;
const NOW = Date.UTC(2026, 10, 25, 12) / 1000;
const period = (startDaysAgo: number, endDaysAgo: number, range: 'hour' | 'day' = 'day'): ReportQuery => ({
  start: NOW - startDaysAgo * DAY,
  end: NOW - endDaysAgo * DAY,
  range,
});
const draw = (query: ReportQuery) =>
  render(<CycleReport summary={{ buckets: [] } as unknown as Summary} query={query} range={query.range} zone="UTC" />);

beforeEach(() => {
  asked.length = 0;
  answer = undefined;
  useReportFilters.setState({ now: NOW });
});
afterEach(cleanup);

describe('CycleReport: what the statistics read of the period', () => {
  it('reads a year by day whole', () => {
    draw(period(365, 0));
    expect(asked.at(-1)).toEqual(period(365, 0));
    expect(screen.queryByTestId('report-cycle-too-long')).toBeNull();
  });

  it('offers the last 31 days of a longer period by the hour, and reads them when asked', () => {
    draw(period(33, 0, 'hour'));
    expect(screen.getByTestId('report-cycle-too-long').textContent).toContain('cycle.tooLong {"days":31}');
    expect(asked.at(-1)).toBeNull();

    fireEvent.click(screen.getByTestId('report-cycle-last-days'));
    expect(asked.at(-1)).toEqual(period(31, 0, 'hour'));
    expect(screen.queryByTestId('report-cycle-too-long')).toBeNull();
    expect(screen.getByTestId('report-cycle-last-days-shown').textContent).toContain(
      'cycle.lastDaysShown {"days":31,"from":"2026-10-25","to":"2026-11-25"}',
    );
  });

  it('says why when the last 31 days of a longer period by the hour have no raw cycles kept', () => {
    draw(period(45, 10, 'hour'));
    expect(screen.queryByTestId('report-cycle-last-days')).toBeNull();
    expect(screen.getByTestId('report-cycle-too-long').textContent).toContain('cycle.rawKept {"days":35}');
    expect(asked.at(-1)).toBeNull();
  });

  it('warns when the period starts before the moulds have statistics, naming the day they start', () => {
    answer = { moulds: [], histogram: [], stats_from: NOW - 35 * DAY };
    draw(period(40, 20));
    expect(screen.getByTestId('report-cycle-pruned').textContent).toContain('cycle.statsFrom {"date":"2026-10-21"}');
    cleanup();

    draw(period(7, 0));
    expect(screen.queryByTestId('report-cycle-pruned')).toBeNull();
  });
});
