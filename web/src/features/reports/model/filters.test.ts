import { describe, expect, it } from 'vitest';
import { cycleStatsWindow, reportQuery, type ReportFilters } from './filters';

const base: ReportFilters = { mode: 'all', moldIds: [], period: 'today', range: 'hour', report: 'oee' };
// Wednesday 2026-11-25 10:00 +05:30.
const NOW = Date.UTC(2026, 10, 25, 4, 30) / 1000;

describe('reportQuery', () => {
  it('today in +5:30 starts at local midnight and ends now', () => {
    expect(reportQuery(base, NOW, 'Asia/Kolkata')).toEqual({ start: NOW - 10 * 3600, end: NOW, range: 'hour' });
  });

  it('a custom period covers whole days of the zone, up to now', () => {
    const query = reportQuery(
      {
        ...base,
        period: 'custom',
        custom: [
          { year: 2026, month: 11, day: 1 },
          { year: 2026, month: 11, day: 2 },
        ],
      },
      NOW,
      'UTC',
    );
    expect(query).toMatchObject({ start: Date.UTC(2026, 10, 1) / 1000, end: Date.UTC(2026, 10, 3) / 1000 });
  });

  it('names the moulds, the group before the company, and nothing while a selection is empty', () => {
    expect(reportQuery({ ...base, mode: 'moulds', moldIds: [3, 5] }, NOW, 'UTC')?.mold_ids).toBe('3,5');
    expect(reportQuery({ ...base, mode: 'moulds' }, NOW, 'UTC')).toBeNull();
    expect(reportQuery({ ...base, mode: 'company', companyId: 1, groupId: 2 }, NOW, 'UTC')).toMatchObject({
      group_id: 2,
    });
    expect(reportQuery({ ...base, mode: 'company' }, NOW, 'UTC')).toBeNull();
    expect(reportQuery({ ...base, period: 'custom' }, NOW, 'UTC')).toBeNull();
  });
});

describe('cycleStatsWindow', () => {
  const DAY = 86_400;
  const query = (startDaysAgo: number, endDaysAgo: number, range: 'hour' | 'day' | 'month' = 'hour') => ({
    start: NOW - startDaysAgo * DAY,
    end: NOW - endDaysAgo * DAY,
    range,
    group_id: 7,
  });

  it('reads any period by day, week or month whole: the server keeps their days', () => {
    expect(cycleStatsWindow(query(366, 0, 'day'), NOW)).toEqual({ kind: 'whole', query: query(366, 0, 'day') });
    expect(cycleStatsWindow(query(400, 300, 'month'), NOW)).toEqual({ kind: 'whole', query: query(400, 300, 'month') });
  });

  it('reads up to 31 days by the hour whole', () => {
    expect(cycleStatsWindow(query(31, 0), NOW)).toEqual({ kind: 'whole', query: query(31, 0) });
  });

  it('offers the last 31 days of a longer period by the hour while their raw cycles are kept', () => {
    expect(cycleStatsWindow(query(33, 0), NOW)).toEqual({ kind: 'tooLong', lastDays: query(31, 0) });
    // A period that ended 4 days ago: its last 31 days start 35 days ago, the oldest kept.
    expect(cycleStatsWindow(query(37, 4), NOW)).toEqual({ kind: 'tooLong', lastDays: query(35, 4) });
    expect(cycleStatsWindow(query(38, 5), NOW)).toEqual({ kind: 'tooLong', lastDays: null });
  });

  it('counts 31 days and a second by the hour as too long', () => {
    expect(cycleStatsWindow({ ...query(31, 0), start: NOW - 31 * DAY - 1 }, NOW).kind).toBe('tooLong');
  });
});
