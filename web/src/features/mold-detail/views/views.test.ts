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
  language: 'en',
  unit: 'C',
  range: 'realtime',
  zone: 'UTC',
  info,
  channels: [1, 2],
  ...overrides,
});

type Datum = [number, number | null];
interface ChartOption {
  legend: { show: boolean };
  xAxis: {
    type: string;
    min: number;
    max: number;
    axisLabel: { customValues: number[]; formatter(value: number): string };
    axisPointer: { label: { formatter(params: { value: number }): string } };
  };
  yAxis: Array<{ name: string; min?: number; max?: number; interval?: number }>;
  dataZoom: Array<Record<string, unknown>>;
  series: Array<{
    name: string;
    type: string;
    stack?: string;
    yAxisIndex: number;
    data: Array<Datum | { value: Datum; itemStyle: { color: string } }>;
    color?: string;
    markLine?: { data: Array<{ yAxis: number; lineStyle: { type: string } }> };
    markArea?: { data: Array<[{ yAxis: number; itemStyle: { color: string } }, { yAxis: number }]> };
  }>;
}

function draw(view: DetailView, points: Point[], ctx: ViewContext): ChartOption {
  return view.chart(withGapFillers(points, ctx.range), view.measures(ctx), ctx) as unknown as ChartOption;
}

/** A series' values, without their times. */
const valuesOf = (data: ChartOption['series'][number]['data']) =>
  data.map((datum) => (Array.isArray(datum) ? datum[1] : { ...datum, value: datum.value[1] }));
/** The axis's labels, each with its tick as an ISO time. */
const axisLabels = ({ xAxis }: ChartOption) =>
  xAxis.axisLabel.customValues.map((ms) => `${new Date(ms).toISOString()} ${xAxis.axisLabel.formatter(ms)}`);
const DAY_MS = 86_400_000;

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

  it('draws each shown channel by its name at its time, breaking the line at a gap', () => {
    const option = draw(DETAIL_VIEWS.moldTemp, points, context());
    expect(option.series.map((series) => series.name)).toEqual(['Core', 'moldDetail.mouldChannel(2)']);
    const ms = (offset: number) => (T0 + offset) * 1000;
    expect(option.series[0]!.data).toEqual([
      [ms(0), 60],
      [ms(60), 61],
      [ms(930), null],
      [ms(1800), 62],
    ]);
    expect(valuesOf(option.series[1]!.data)).toEqual([55.5, null, null, 56]);
    expect(option.xAxis).toMatchObject({ type: 'time', min: ms(0), max: ms(1800) });
  });

  it('leaves naming the channels to the channel legend above the chart', () => {
    expect(draw(DETAIL_VIEWS.moldTemp, points, context()).legend.show).toBe(false);
    expect(draw(DETAIL_VIEWS.energy, [{ t: T0, values: { energy: 1 } }], context()).legend.show).toBe(true);
  });

  it('shows the values, set value and alert lines in °F when the user switches', () => {
    const option = draw(DETAIL_VIEWS.moldTemp, points, context({ unit: 'F' }));
    expect(option.yAxis[0]!.name).toBe('°F');
    expect(valuesOf(option.series[0]!.data)).toEqual([140, 141.8, null, 143.6]);
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
      ['moldDetail.hotRunnerChannel(3)', [[T0 * 1000, 230]]],
    ]);
  });
});

describe('status chart', () => {
  it('stacks the five states of each slot as percent in their colours', () => {
    const slot = { c_run_time: 0.8, c_idle_time: 0.2, c_alarm_time: 0, c_stop_time: 0, c_off_time: 0 };
    const option = draw(DETAIL_VIEWS.moldStatus, [{ t: T0, values: slot }], context());
    expect(option.series.map((series) => [series.type, series.stack, series.color, valuesOf(series.data)])).toEqual([
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
    expect(valuesOf(cycle!.data)).toEqual([
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
    expect(valuesOf(cycle!.data)).toEqual([30]);
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
    expect(option.series.map((series) => [series.type, series.yAxisIndex, valuesOf(series.data)])).toEqual([
      ['bar', 0, [110]],
      ['line', 1, [1200]],
    ]);
    // A lone hour's bar gets its hour of room.
    expect([option.xAxis.min, option.xAxis.max]).toEqual([(T0 - 1800) * 1000, (T0 + 1800) * 1000]);
  });
});

describe('time axis of a history chart', () => {
  const KOLKATA = 'Asia/Kolkata';
  /** Kolkata midnight of 2026-06-0n (18:30 UTC the day before). */
  const midnight = (day: number) => Date.UTC(2026, 5, day - 1, 18, 30);
  /** Days 1, 2 and 5 of June: the 3rd and 4th are missing. */
  const days = [1, 2, 5].map((day) => ({
    t: midnight(day) / 1000,
    values: { c_run_time: 0.5, c_idle_time: 0.5, c_alarm_time: 0, c_stop_time: 0, c_off_time: 0 },
  }));

  it('gives two missing days two days of room, on a time axis', () => {
    const option = draw(DETAIL_VIEWS.moldStatus, days, context({ range: 'day', zone: KOLKATA }));
    expect(option.xAxis.type).toBe('time');
    const times = option.series[0]!.data.map((datum) => (datum as Datum)[0]);
    expect(times).toEqual([midnight(1), midnight(2), midnight(5)]);
    expect(times[2]! - times[1]!).toBe(3 * DAY_MS);
    // Half a day of room around the first and last bar.
    expect([option.xAxis.min, option.xAxis.max]).toEqual([midnight(1) - DAY_MS / 2, midnight(5) + DAY_MS / 2]);
  });

  it('ticks and labels every day at the user’s midnight, the missing ones included', () => {
    const option = draw(DETAIL_VIEWS.moldStatus, days, context({ range: 'day', zone: KOLKATA }));
    expect(axisLabels(option)).toEqual([
      '2026-05-31T18:30:00.000Z Jun 1',
      '2026-06-01T18:30:00.000Z Jun 2',
      '2026-06-02T18:30:00.000Z Jun 3',
      '2026-06-03T18:30:00.000Z Jun 4',
      '2026-06-04T18:30:00.000Z Jun 5',
    ]);
    expect(option.xAxis.axisPointer.label.formatter({ value: midnight(3) })).toBe('2026-06-03');
  });

  it('labels in the interface language', () => {
    const option = draw(DETAIL_VIEWS.moldStatus, days, context({ range: 'day', zone: KOLKATA, language: 'zh' }));
    expect(axisLabels(option)[2]).toBe('2026-06-02T18:30:00.000Z 6月3日');
  });
});

describe('right margin of a chart', () => {
  /** The option as the chart gets it. */
  const optionOf = (view: DetailView, points: Point[]) =>
    view.chart(withGapFillers(points, 'realtime'), view.measures(context()), context());
  const temperatures = optionOf(DETAIL_VIEWS.moldTemp, [{ t: T0, values: { mold_temperature1: 60 } }]);
  const counter = optionOf(DETAIL_VIEWS.cycleCounter, [{ t: T0, values: { counter: 1200, shots: 110 } }]);

  it('narrows on a phone to what the last time label needs, and keeps 64 px on a wide chart', async () => {
    const { gridRight } = await import('./chartOption');
    expect(gridRight(temperatures, 340)).toBe(40);
    expect(gridRight(temperatures, 600)).toBe(50);
    expect(gridRight(temperatures, 1100)).toBe(64);
  });

  it('keeps 64 px at any width for a second value axis’ labels', async () => {
    const { gridRight } = await import('./chartOption');
    expect(gridRight(counter, 340)).toBe(64);
  });

  it('leaves the time labels the room it frees', async () => {
    const { timeAxisTicks } = await import('./chartOption');
    const ticks = (right: number) =>
      timeAxisTicks(T0 * 1000, (T0 + 7 * 86_400) * 1000, context({ range: 'day' }), 390, right).axisLabel.customValues;
    expect(ticks(40).length).toBeGreaterThan(ticks(64).length);
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
