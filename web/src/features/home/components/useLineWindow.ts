import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Lines of one height in a scrolling box, starting `scrollMargin` below its top. */
export interface LineLayout {
  count: number;
  lineHeight: number;
  /** Lines drawn beyond the visible ones, each way. */
  overscan: number;
  scrollMargin: number;
}

export interface Line {
  index: number;
  /** Its top, from the top of the scrolling content (the margin included). */
  start: number;
}

/** The first and last line drawn: those at least partly in view and `overscan` more each way. */
export function lineRange(layout: LineLayout, height: number, scrollTop: number): [number, number] | undefined {
  const { count, lineHeight, overscan, scrollMargin } = layout;
  if (count === 0) return undefined;
  const top = scrollTop - scrollMargin;
  const first = Math.min(count - 1, Math.max(0, Math.floor(top / lineHeight)));
  const last = Math.min(count - 1, Math.max(first, Math.ceil((top + height) / lineHeight) - 1));
  return [Math.max(0, first - overscan), Math.min(count - 1, last + overscan)];
}

interface Viewport {
  width: number;
  height: number;
  scrollTop: number;
}

const sameRange = (a?: [number, number], b?: [number, number]) => a?.[0] === b?.[0] && a?.[1] === b?.[1];

/**
 * Windowing for lines of one height (the home list's cards and rows): only the lines on screen
 * are drawn, so that 10,000 moulds scroll smoothly. The list re-renders when the range of lines
 * changes, not with every scroll event. The layout may depend on the box's content width (the
 * number of columns). Our own: a virtualizer library was 9 KB gzip of home's first load.
 */
export function useLineWindow<Layout extends LineLayout>(
  scrollRef: RefObject<HTMLElement | null>,
  layoutFor: (width: number) => Layout,
) {
  const [viewport, setViewport] = useState<Viewport>({ width: 0, height: 0, scrollTop: 0 });
  const layoutForRef = useRef(layoutFor);
  useEffect(() => {
    layoutForRef.current = layoutFor;
  });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setViewport((shown) => ({ ...shown, width, height }));
    });
    const onScroll = () =>
      setViewport((shown) => {
        const scrollTop = element.scrollTop;
        const layout = layoutForRef.current(shown.width);
        const unchanged = sameRange(
          lineRange(layout, shown.height, shown.scrollTop),
          lineRange(layout, shown.height, scrollTop),
        );
        return unchanged ? shown : { ...shown, scrollTop };
      });
    observer.observe(element);
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, [scrollRef]);

  // A scroll that did not change the lines was not kept: take it before lines of another layout show.
  const layout = layoutFor(viewport.width);
  const { count, lineHeight, scrollMargin } = layout;
  useLayoutEffect(() => {
    const scrollTop = scrollRef.current?.scrollTop ?? 0;
    setViewport((shown) => (shown.scrollTop === scrollTop ? shown : { ...shown, scrollTop }));
  }, [scrollRef, count, lineHeight, scrollMargin]);

  const range = lineRange(layout, viewport.height, viewport.scrollTop);
  const lines: Line[] = [];
  for (let index = range?.[0] ?? 0; range && index <= range[1]; index++) {
    lines.push({ index, start: scrollMargin + index * lineHeight });
  }
  return { layout, lines, span: range, totalSize: count * lineHeight };
}
