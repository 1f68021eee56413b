import { describe, expect, it } from 'vitest';
import { lineRange } from './useLineWindow';

const layout = { count: 100, lineHeight: 50, overscan: 2, scrollMargin: 0 };

describe('lineRange', () => {
  it('draws the lines in view and the overscan each way', () => {
    expect(lineRange(layout, 200, 0)).toEqual([0, 5]);
    // 1,010 px down, 200 high: lines 20 (partly) to 24 (partly) show.
    expect(lineRange(layout, 200, 1010)).toEqual([18, 26]);
  });

  it('stops at the last line, and draws none of an empty list', () => {
    expect(lineRange(layout, 200, 4800)).toEqual([94, 99]);
    expect(lineRange({ ...layout, count: 0 }, 200, 0)).toBeUndefined();
  });

  it('counts from below the margin (the rows header)', () => {
    expect(lineRange({ ...layout, scrollMargin: 36 }, 200, 0)).toEqual([0, 5]);
    expect(lineRange({ ...layout, scrollMargin: 36 }, 200, 136)).toEqual([0, 7]);
  });

  it('draws at least the first lines before the box is measured', () => {
    expect(lineRange(layout, 0, 0)).toEqual([0, 2]);
  });
});
