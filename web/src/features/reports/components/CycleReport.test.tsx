import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportQuery } from '../model/filters';
import type { Summary } from '../api/types';

vi.mock('../../../i18n/featureCatalogs', () => ({
  registerFeatureCatalog: () => undefined,
  useFeatureTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('../../../components/EChart', () => ({ EChart: () => null }));
vi.mock('./echartsSetup', () => ({}));
const asked: Array<ReportQuery | null> = [];
vi.mock('../api/getCycles', () => ({
  useCycles: (query: ReportQuery | null) => {
    asked.push(query);
    return { data: undefined, isPending: query !== null, isError: false, refetch: () => undefined };
  },
}));

const { CycleReport } = await import('./CycleReport');
const { useReportFilters } = await import('../model/filters');

const DAY = 86_400;
const NOW = Date.UTC(2026, 10, 25, 12) / 1000;
const period = (startDaysAgo: number, endDaysAgo: number): ReportQuery => ({
  start: NOW - startDaysAgo * DAY,
  end: NOW - endDaysAgo * DAY,
  range: 'day',
});
const draw = (query: ReportQuery) =>
  render(<CycleReport summary={{ buckets: [] } as unknown as Summary} query={query} range="day" zone="UTC" />);

beforeEach(() => {
  asked.length = 0;
  useReportFilters.setState({ now: NOW });
});
afterEach(cleanup);

describe('CycleReport: what the statistics read of the period', () => {
  it('offers the last 31 days of a longer period, and reads them when asked', () => {
    draw(period(90, 0));
    expect(screen.getByTestId('report-cycle-too-long').textContent).toContain('cycle.tooLong {"days":31}');
    expect(asked.at(-1)).toBeNull();

    fireEvent.click(screen.getByTestId('report-cycle-last-days'));
    expect(asked.at(-1)).toEqual(period(31, 0));
    expect(screen.queryByTestId('report-cycle-too-long')).toBeNull();
    expect(screen.getByTestId('report-cycle-last-days-shown').textContent).toContain(
      'cycle.lastDaysShown {"days":31,"from":"2026-10-25","to":"2026-11-25"}',
    );
  });

  it('says why when the last 31 days of a longer period have no raw cycles kept', () => {
    draw(period(90, 10));
    expect(screen.queryByTestId('report-cycle-last-days')).toBeNull();
    expect(screen.getByTestId('report-cycle-too-long').textContent).toContain('cycle.rawKept {"days":35}');
    expect(asked.at(-1)).toBeNull();
  });

  it('reads a period of up to 31 days whole, warning when it starts before the raw cycles kept', () => {
    draw(period(40, 20));
    expect(asked.at(-1)).toEqual(period(40, 20));
    expect(screen.getByTestId('report-cycle-pruned').textContent).toContain('cycle.partlyPruned {"days":35}');
    cleanup();

    draw(period(7, 0));
    expect(asked.at(-1)).toEqual(period(7, 0));
    expect(screen.queryByTestId('report-cycle-pruned')).toBeNull();
  });
});
