import { init, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';

export interface EChartProps {
  /** Charts, components and a renderer must have been registered with `use` from echarts/core. */
  option: EChartsCoreOption;
  className?: string;
  testId?: string;
}

/**
 * An echarts chart that follows its container's size. A new option replaces the series and merges
 * the rest, so the zoom and legend choices the user made survive live updates.
 */
export function EChart({ option, className, testId }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { replaceMerge: ['series'] });
  }, [option]);

  return <div ref={container} className={className} data-testid={testId} />;
}
