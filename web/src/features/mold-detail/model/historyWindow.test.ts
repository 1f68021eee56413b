import { describe, expect, it } from 'vitest';
import { historyWindow, isSelectableDate } from './historyWindow';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const NOW = at('2026-06-17T09:00:00Z'); // a Wednesday

describe('history window', () => {
  it('starts at the chosen day’s midnight in the user’s zone and ends when it was chosen', () => {
    const window = historyWindow('hour', { year: 2026, month: 6, day: 10 }, 'Asia/Kolkata', NOW);
    expect(window && { ...window, start: iso(window.start), end: iso(window.end) }).toEqual({
      range: 'hour',
      start: '2026-06-09T18:30:00.000Z',
      end: '2026-06-17T09:00:00.000Z',
    });
  });

  it('starts weeks on the Monday and months on the first', () => {
    expect(iso(historyWindow('week', { year: 2026, month: 6, day: 14 }, 'UTC', NOW)!.start)).toBe(
      '2026-06-08T00:00:00.000Z',
    );
    expect(iso(historyWindow('month', { year: 2026, month: 3, day: 20 }, 'UTC', NOW)!.start)).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  it('offers dates within the spec’s windows: a month by hour, 3 months by day, 52 weeks, 12 months', () => {
    const selectable = (range: Parameters<typeof isSelectableDate>[0], year: number, month: number, day: number) =>
      isSelectableDate(range, { year, month, day }, 'UTC', NOW);
    expect(selectable('hour', 2026, 5, 18)).toBe(true);
    expect(selectable('hour', 2026, 5, 17)).toBe(false);
    expect(selectable('day', 2026, 3, 18)).toBe(true);
    expect(selectable('day', 2026, 3, 17)).toBe(false);
    expect(selectable('week', 2025, 6, 23)).toBe(true);
    expect(selectable('week', 2025, 6, 15)).toBe(false);
    expect(selectable('month', 2025, 7, 1)).toBe(true);
    expect(selectable('month', 2025, 6, 1)).toBe(false);
  });

  it('offers no date in the future, today included while it has begun', () => {
    expect(isSelectableDate('day', { year: 2026, month: 6, day: 17 }, 'UTC', NOW)).toBe(true);
    expect(isSelectableDate('day', { year: 2026, month: 6, day: 18 }, 'UTC', NOW)).toBe(false);
    expect(historyWindow('day', { year: 2026, month: 6, day: 18 }, 'UTC', NOW)).toBeUndefined();
  });
});
