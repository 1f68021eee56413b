import { describe, expect, it } from 'vitest';
import { GAP_SECONDS, HOURLY_GAP_SECONDS, fillGaps } from './gaps.js';

interface Point {
  t: number;
  value: number | null;
}
const T0 = 1_700_000_000;
const at = (offset: number, value: number): Point => ({ t: T0 + offset, value });
const filler = (t: number): Point => ({ t, value: null });

describe('fillGaps', () => {
  it('is 10 and 60 minutes', () => {
    expect(GAP_SECONDS).toBe(600);
    expect(HOURLY_GAP_SECONDS).toBe(3600);
  });

  it('leaves points without a gap as they are', () => {
    const points = [at(0, 1), at(60, 2), at(660, 3)];
    expect(fillGaps(points, GAP_SECONDS, filler)).toEqual(points);
    expect(fillGaps([], GAP_SECONDS, filler)).toEqual([]);
    expect(fillGaps([at(0, 1)], GAP_SECONDS, filler)).toEqual([at(0, 1)]);
  });

  it('does not count exactly the threshold as a gap, one second more does', () => {
    expect(fillGaps([at(0, 1), at(600, 2)], GAP_SECONDS, filler)).toHaveLength(2);
    expect(fillGaps([at(0, 1), at(601, 2)], GAP_SECONDS, filler)).toEqual([
      at(0, 1),
      { t: T0 + 300.5, value: null },
      at(601, 2),
    ]);
  });

  it('puts one empty point in the middle of each gap', () => {
    const points = [at(0, 1), at(60, 2), at(1260, 3), at(1320, 4), at(5000, 5)];
    expect(fillGaps(points, GAP_SECONDS, filler)).toEqual([
      at(0, 1),
      at(60, 2),
      { t: T0 + 660, value: null },
      at(1260, 3),
      at(1320, 4),
      { t: T0 + 3160, value: null },
      at(5000, 5),
    ]);
  });

  it('uses the threshold it is given: hourly points break only past an hour', () => {
    const points = [at(0, 1), at(3600, 2), at(10800, 3)];
    expect(fillGaps(points, HOURLY_GAP_SECONDS, filler)).toEqual([
      at(0, 1),
      at(3600, 2),
      { t: T0 + 7200, value: null },
      at(10800, 3),
    ]);
  });

  it('sorts points out of order (a copy) before looking for gaps', () => {
    const points = [at(1000, 3), at(0, 1), at(60, 2)];
    expect(fillGaps(points, GAP_SECONDS, filler)).toEqual([
      at(0, 1),
      at(60, 2),
      { t: T0 + 530, value: null },
      at(1000, 3),
    ]);
    expect(points[0]).toEqual(at(1000, 3));
  });
});
