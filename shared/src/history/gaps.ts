/** Readings more than 10 minutes apart are not joined on a chart (spec §4 and §9). */
export const GAP_SECONDS = 600;
/** The same for hourly views, whose points are an hour apart by nature (spec §9: 60 minutes). */
export const HOURLY_GAP_SECONDS = 3600;

/**
 * The points in time order, with a filler point made by `makeFiller` between any two that are more
 * than `maxGapSeconds` apart (exactly that far is no gap). The filler carries no value, so a line
 * chart breaks there instead of drawing a line across a time without data; it sits at the middle
 * of the gap, strictly between the two points whatever their spacing.
 *
 * Input out of order is sorted (a copy; the input is left alone) rather than refused: order is
 * not what the caller means to say, and a chart should still break at the real gaps.
 */
export function fillGaps<P extends { t: number }>(
  points: readonly P[],
  maxGapSeconds: number,
  makeFiller: (t: number) => P,
): P[] {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  const filled: P[] = [];
  for (const point of sorted) {
    const previous = filled.at(-1);
    if (previous && point.t - previous.t > maxGapSeconds) filled.push(makeFiller((previous.t + point.t) / 2));
    filled.push(point);
  }
  return filled;
}
