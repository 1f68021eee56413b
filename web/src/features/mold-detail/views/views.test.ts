import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CYCLE_BAND_COLOURS, STATUS_PALETTE, defaultMoldInfo, type MoldInfo } from '@mouldwatch/shared';
import { withGapFillers, type Point } from '../model/points';
import { DETAIL_VIEWS, type DetailView, type ViewContext } from './index';

/** Keys stand for their texts; interpolated values are appended. */
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key}(${Object.values(values).join(',')})` : key) as unknown as TFunction;
const T0 = Date.parse('2026-06-01T08:00:00Z') / 1000;

const info: MoldInfo = {
  ...defaultMoldInfo(),
  cycle_time: 30,
  mold_temp_setting: [
    { name: 'Core', set: 60, alert: 10 },
    { name: '', set: null, alert: null },
  ],
};
const context = (overrides: Partial<ViewContext> = {}): ViewContext => ({
  t,
  unit: 'C',
  range: 'realtime',
  zone: 'UTC',
  info,
  channels: [1, 2],
  ...overrides,
});

interface ChartOption {
  xAxis: { data: string[] };
  yAxis: Array<{ name: string; min?: number; max?: number; interval?: number }>;
  dataZoom: Array<Record<string, unknown>>;
  series: Array<{
    name: string;
    type: string;
    stack?: string;
    yAxisIndex: number;
    data: Array<number | null | { value: number; itemStyle: { color: string } }>;
    color?: string;
    markLine?: { data: Array<{ yAxis: number; lineStyle: { type: string } }> };
    markArea?: { data: Array<[{ yAxis: number; itemStyle: { color: string } }, { yAxis: number }]> };
  }>;
}

function draw(view: DetailView, points: Point[], ctx: ViewContext): ChartOption {
  return view.chart(withGapFillers(points, ctx.range), view.measures(ctx), ctx) as unknown as ChartOption;
}

describe('every detail chart', () => {
  it('zooms with a slider from 0–100 % and inside between 1 and 55 %', () => {
    const option = draw(DETAIL_VIEWS.energy, [{ t: T0, values: { energy: 1.5 } }], context());
    expect(option.dataZoom).toEqual([
      expect.objectContaining({ type: 'slider', xAxisIndex: 0 }),
      expect.objectContaining({ type: 'inside', xAxisIndex: 0, minSpan: 1, maxSpan: 55 }),
    ]);
    expect(option.dataZoom[0]).not.toHaveProperty('start');
  });
});

describe('temperature chart', () => {
  const points: Point[] = [
    { t: T0, values: { mold_temperature1: 60, mold_temperature2: 55.5 } },
    { t: T0 + 60, values: { mold_temperature1: 61, mold_temperature2: null } },
    { t: T0 + 1800, values: { mold_temperature1: 62, mold_temperature2: 56 } },
  ];

  it('draws each shown channel by its name, breaking the line at a gap', () => {
    const option = draw(DETAIL_VIEWS.moldTemp, points, context());
    expect(option.series.map((series) => series.name)).toEqual(['Core', 'moldDetail.mouldChannel(2)']);
    expect(option.xAxis.data).toEqual(['08:00:00', '08:01:00', '', '08:30:00']);
    expect(option.series[0]!.data).toEqual([60, 61, null, 62]);
    expect(option.series[1]!.data).toEqual([55.5, null, null, 56]);
  });

  it('shows the values, set value and alert lines in °F when the user switches', () => {
    const option = draw(DETAIL_VIEWS.moldTemp, points, context({ unit: 'F' }));
    expect(option.yAxis[0]!.name).toBe('°F');
    expect(option.series[0]!.data).toEqual([140, 141.8, null, 143.6]);
    expect(option.series[0]!.markLine!.data.map((line) => [line.yAxis, line.lineStyle.type])).toEqual([
      [140, 'dashed'],
      [122, 'dotted'],
      [158, 'dotted'],
    ]);
    expect(option.series[1]!.markLine!.data).toEqual([]);
    expect(option.yAxis[0]).toMatchObject({ min: 120, max: 160, interval: 10 });
  });

  it('shows only the chosen channels of the hot runner', () => {
    const option = draw(
      DETAIL_VIEWS.hotRunner,
      [{ t: T0, values: { hrs_temperature3: 230 } }],
      context({ channels: [3] }),
    );
    expect(option.series.map((series) => [series.name, series.data])).toEqual([
      ['moldDetail.hotRunnerChannel(3)', [230]],
    ]);
  });
});

describe('status chart', () => {
  it('stacks the five states of each slot as percent in their colours', () => {
    const slot = { c_run_time: 0.8, c_idle_time: 0.2, c_alarm_time: 0, c_stop_time: 0, c_off_time: 0 };
    const option = draw(DETAIL_VIEWS.moldStatus, [{ t: T0, values: slot }], context());
    expect(option.series.map((series) => [series.type, series.stack, series.color, series.data])).toEqual([
      ['bar', 'time', STATUS_PALETTE.green, [80]],
      ['bar', 'time', STATUS_PALETTE.yellow, [20]],
      ['bar', 'time', STATUS_PALETTE.orange, [0]],
      ['bar', 'time', STATUS_PALETTE.grey, [0]],
      ['bar', 'time', STATUS_PALETTE.lightGrey, [0]],
    ]);
    expect(option.yAxis[0]).toMatchObject({ min: 0, max: 100, interval: 20 });
  });
});

describe('cycle time chart', () => {
  it('colours each cycle by its band and shades the bands around the target', () => {
    const points = [30.3, 31.2, 33].map((cycle_time, index) => ({
      t: T0 + index * 60,
      values: { cycle_time, open_time: 4, close_time: 20 },
    }));
    const [cycle] = draw(DETAIL_VIEWS.cycleTime, points, context()).series;
    expect(cycle!.data).toEqual([
      { value: 30.3, itemStyle: { color: CYCLE_BAND_COLOURS.good } },
      { value: 31.2, itemStyle: { color: CYCLE_BAND_COLOURS.warn } },
      { value: 33, itemStyle: { color: CYCLE_BAND_COLOURS.bad } },
    ]);
    expect(cycle!.markLine!.data[0]!.yAxis).toBe(30);
    expect(cycle!.markArea!.data.map(([from, to]) => [from.yAxis, to.yAxis, from.itemStyle.color])).toEqual([
      [28.5, 29.4, CYCLE_BAND_COLOURS.warn],
      [29.4, 30.6, CYCLE_BAND_COLOURS.good],
      [30.6, 31.5, CYCLE_BAND_COLOURS.warn],
    ]);
  });

  it('draws plain cycle times without bands when the mould has no target', () => {
    const ctx = context({ info: defaultMoldInfo() });
    const [cycle] = draw(DETAIL_VIEWS.cycleTime, [{ t: T0, values: { cycle_time: 30 } }], ctx).series;
    expect(cycle!.data).toEqual([30]);
    expect(cycle!.markArea).toBeUndefined();
  });
});

describe('cycle counter chart', () => {
  it('draws the shots of each hour as bars and the counter as a line on the right', () => {
    const option = draw(
      DETAIL_VIEWS.cycleCounter,
      [{ t: T0, values: { counter: 1200, shots: 110 } }],
      context({ range: 'hour' }),
    );
    expect(option.series.map((series) => [series.type, series.yAxisIndex, series.data])).toEqual([
      ['bar', 0, [110]],
      ['line', 1, [1200]],
    ]);
    expect(option.xAxis.data).toEqual(['06-01 08:00']);
  });
});

describe('axis bounds', () => {
  it('lie on round steps around the values', async () => {
    const { axisBounds } = await import('./chartOption');
    expect(axisBounds([61.7, 58.4, 50, 70])).toEqual({ min: 45, max: 75, interval: 5 });
    expect(axisBounds([61.7])).toEqual({ min: 61.5, max: 62, interval: 0.5 });
    expect(axisBounds([0.31, 0.34])).toEqual({ min: 0.3, max: 0.35, interval: 0.01 });
    expect(axisBounds([3, 110], { min: 0 })).toEqual({ min: 0, max: 150, interval: 50 });
    expect(axisBounds([], { min: 0 })).toEqual({ min: 0 });
  });
});
