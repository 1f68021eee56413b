import { init, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';

const SERIES = ['series'] as const;

export interface EChartProps {
  /** Charts, components and a renderer must have been registered with `use` from echarts/core. */
  option: EChartsCoreOption;
  /** Runs after each new option, resize and zoom: what depends on the chart's size or visible window. */
  onView?(chart: EChartsType): void;
  className?: string;
  testId?: string;
  /**
   * What a new option replaces rather than merges into (default: the series). A chart whose axes
   * change kind with its size (a waterfall turning horizontal) replaces its axes and grid too.
   */
  replaceMerge?: readonly string[];
}

/**
 * An echarts chart that follows its container's size. A new option replaces the series and merges
 * the rest, so the zoom and legend choices the user made survive live updates.
 */
export function EChart({ option, onView, className, testId, replaceMerge = SERIES }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const viewHook = useRef(onView);
  useEffect(() => {
    viewHook.current = onView;
  }, [onView]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    const viewChanged = () => viewHook.current?.(instance);
    instance.on('datazoom', viewChanged);
    // Marks the chart as still drawing until its animation ends (screenshots wait for it).
    instance.on('finished', () => delete element.dataset.drawing);
    const observer = new ResizeObserver(() => {
      instance.resize();
      viewChanged();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.getDom().dataset.drawing = 'true';
    instance.setOption(option, { replaceMerge: [...replaceMerge] });
    viewHook.current?.(instance);
  }, [option, replaceMerge]);

  return <div ref={container} className={className} data-testid={testId} />;
}
