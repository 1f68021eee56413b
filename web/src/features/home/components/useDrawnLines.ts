import { useEffect, useState } from 'react';

/** The first and last line in view (the overscan included). */
export type LineSpan = readonly [number, number];

/**
 * The lines drawn in full after one more frame: those already drawn that are still in view, and
 * the first `perFrame` of the others, top to bottom.
 */
export function nextDrawn(drawn: ReadonlySet<number>, [first, last]: LineSpan, perFrame: number): Set<number> {
  const next = new Set<number>();
  let added = 0;
  for (let index = first; index <= last; index += 1) {
    if (drawn.has(index)) next.add(index);
    else if (added < perFrame) {
      next.add(index);
      added += 1;
    }
  }
  return next;
}

const everyLineDrawn = (drawn: ReadonlySet<number>, [first, last]: LineSpan) => {
  for (let index = first; index <= last; index += 1) if (!drawn.has(index)) return false;
  return true;
};

/**
 * Which lines in view are drawn in full. A line that comes into view is drawn as a placeholder
 * first, and at most `perFrame` lines are drawn in full each frame: a fling or a jump of the
 * scrollbar across 10,000 moulds costs a frame what a few moulds cost, not what a screenful does.
 * At a reading pace a line is drawn while in the overscan, before it shows. `layoutKey` starts
 * over (cards or rows, another number of columns); `enabled` false draws every line at once.
 */
export function useDrawnLines(
  span: LineSpan | undefined,
  perFrame: number,
  layoutKey: string,
  enabled: boolean,
): (index: number) => boolean {
  const [drawn, setDrawn] = useState<{ key: string; lines: ReadonlySet<number> }>({ key: layoutKey, lines: new Set() });
  const lines = drawn.key === layoutKey ? drawn.lines : new Set<number>();
  const first = span?.[0];
  const last = span?.[1];
  const waiting = enabled && first !== undefined && last !== undefined && !everyLineDrawn(lines, [first, last]);
  useEffect(() => {
    if (!waiting || first === undefined || last === undefined) return;
    const frame = requestAnimationFrame(() =>
      setDrawn((shown) => ({
        key: layoutKey,
        lines: nextDrawn(shown.key === layoutKey ? shown.lines : new Set(), [first, last], perFrame),
      })),
    );
    return () => cancelAnimationFrame(frame);
  }, [waiting, first, last, perFrame, layoutKey, drawn]);
  return (index) => !enabled || lines.has(index);
}
