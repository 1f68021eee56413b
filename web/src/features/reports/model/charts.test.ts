import { describe, expect, it } from 'vitest';
import type { BucketFigures } from '../api/types';
import { percentAxis, trendOption, waterfallOption } from './charts';

const names = {
  planned: '计划时间',
  availabilityLoss: '可用率损失',
  speedLoss: '速度损失',
  qualityLoss: '质量损失',
  productive: '完全有效生产',
  hours: '小时',
};
// 10 h planned: 2 h stopped, 1.5 h slower than ideal, 0.5 h of rejects, 6 h fully productive.
const fall = {
  planned_s: 36_000,
  availability_loss_s: 7_200,
  speed_loss_s: 5_400,
  quality_loss_s: 1_800,
  productive_s: 21_600,
};

interface Axis {
  type: string;
  data?: string[];
  inverse?: boolean;
  axisLabel?: { width: number; overflow: string; interval: number };
}
interface Bars {
  data: Array<number | { value: number }>;
  label: { position: string; formatter(bar: { value: number }): string };
}
const axes = (option: ReturnType<typeof waterfallOption>) =>
  ({ x: option.xAxis as Axis, y: option.yAxis as Axis }) as const;
const values = (option: ReturnType<typeof waterfallOption>) => {
  const [bases, bars] = option.series as [Bars, Bars];
  return {
    bases: bases.data,
    bars: bars.data.map((bar) => (typeof bar === 'number' ? bar : bar.value)),
    position: bars.label.position,
  };
};

describe('waterfallOption', () => {
  it('steps down from the planned hours by each loss to the productive hours', () => {
    expect(values(waterfallOption(fall, names))).toEqual({
      bases: [0, 8, 6.5, 6, 0],
      bars: [10, 2, 1.5, 0.5, 6],
      position: 'top',
    });
  });

  it("gives each bar's figure its unit", () => {
    const [, bars] = waterfallOption(fall, names).series as [Bars, Bars];
    expect(bars.label.formatter({ value: 1.5 })).toBe('1.5 小时');
  });

  it('on a wide card names every step under its bar, wrapped at word breaks, none hidden', () => {
    const { x, y } = axes(waterfallOption(fall, names));
    expect(x.type).toBe('category');
    expect(x.data).toEqual([
      names.planned,
      names.availabilityLoss,
      names.speedLoss,
      names.qualityLoss,
      names.productive,
    ]);
    expect(x.axisLabel).toMatchObject({ interval: 0, overflow: 'break' });
    expect(y.type).toBe('value');
  });

  it('on a narrow card runs the steps down the page with their names beside the bars', () => {
    const option = waterfallOption(fall, names, { horizontal: true });
    const { x, y } = axes(option);
    expect(y.type).toBe('category');
    expect(y.inverse).toBe(true);
    expect(y.data?.[0]).toBe(names.planned);
    expect(y.axisLabel).toMatchObject({ interval: 0, overflow: 'break' });
    expect(x.type).toBe('value');
    // Same figures, labelled at the end of each bar.
    expect(values(option)).toMatchObject({ bars: [10, 2, 1.5, 0.5, 6], position: 'right' });
  });
});

describe('the OEE trend', () => {
  it('reaches 100 %, and past it when a performance is above 100 %: shown, not cut off', () => {
    expect(percentAxis(87.5)).toEqual({ max: 100, interval: 20 });
    expect(percentAxis(100)).toEqual({ max: 100, interval: 20 });
    // The top is a whole step: not 110 over steps of 20, its label against 100's.
    expect(percentAxis(104.4)).toEqual({ max: 120, interval: 20 });
    expect(percentAxis(640)).toEqual({ max: 640, interval: 80 });
    const names = { oee: 'OEE', availability: 'A', performance: 'P', quality: 'Q', target: 'T' };
    const bucket = { create_datetime: 0, oee: 0.3, availability: 0.3, performance: 1.038, quality: 1 };
    expect(trendOption([bucket as BucketFigures], String, names, null).yAxis).toMatchObject({ max: 120, interval: 20 });
    expect(trendOption([], String, names, null).yAxis).toMatchObject({ max: 100, interval: 20 });
  });
});
