import { init, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';

export interface EChartProps {
  /** Charts, components and a renderer must have been registered with `use` from echarts/core. */
  option: EChartsCoreOption;
  /** Runs after each new option, resize and zoom: what depends on the chart's size or visible window. */
  onView?(chart: EChartsType): void;
  className?: string;
  testId?: string;
}

/**
 * An echarts chart that follows its container's size. A new option replaces the series and merges
 * the rest, so the zoom and legend choices the user made survive live updates.
 */
export function EChart({ option, onView, className, testId }: EChartProps) {
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
    instance.setOption(option, { replaceMerge: ['series'] });
    viewHook.current?.(instance);
  }, [option]);

  return <div ref={container} className={className} data-testid={testId} />;
}
