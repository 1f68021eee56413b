import type { EChartsCoreOption } from 'echarts/core';
import type { DataRange } from '@mouldwatch/shared';
import { formatMeasure, type Measure } from '../model/measures';
import { isFiller, type Point } from '../model/points';
import { timeTicks } from '../model/timeAxis';
import { timeLabel } from '../model/timeLabels';
import type { ViewContext } from './types';

/** One series of a chart: a measure drawn as a line or a bar. */
export interface SeriesSpec {
  measure: Measure;
  type: 'line' | 'bar';
  /** Bars with the same stack name stack. */
  stack?: string;
  yAxisIndex?: number;
  /** Anything else for the series: mark lines and areas, line style. */
  extra?: Record<string, unknown>;
}

/** A value axis; `include` are values it must show though no point reaches them (set values, bands). */
export interface AxisSpec {
  name: string;
  include?: readonly number[];
  min?: number;
  max?: number;
}

/** Points draw their symbol only while there are few enough to tell apart. */
const SYMBOLS_UP_TO = 120;

/**
 * Data zoom (spec §9): the slider starts at 0–100 % (echarts' default, left out so that a live
 * update keeps the user's zoom); the mouse wheel and pinch zoom between 1 % and 55 % of the points.
 */
const DATA_ZOOM = [
  { type: 'slider', xAxisIndex: 0, bottom: 8, height: 20 },
  { type: 'inside', xAxisIndex: 0, minSpan: 1, maxSpan: 55 },
];

/** 1, 2 or 5 times a power of ten, at least `rough`. */
function roundStep(rough: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * magnitude).find((step) => step >= rough)!;
}

/**
 * Axis bounds on round steps (about five of them) around the values and what the axis must
 * include (set values, tolerance bands), which echarts would not count; none without values.
 */
export function axisBounds(values: readonly number[], fixed: Pick<AxisSpec, 'min' | 'max'> = {}) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0 && (fixed.min === undefined || fixed.max === undefined)) return fixed;
  const low = fixed.min ?? Math.min(...finite);
  const high = fixed.max ?? Math.max(...finite);
  const span = high - low || Math.max(Math.abs(high) * 0.02, 1);
  const step = roundStep(span / 5);
  const margin = span * 0.05;
  // Whole steps, without the binary fractions a product like 0.1 × 3 leaves.
  const steps = (count: number) => Number((count * step).toPrecision(12));
  return {
    min: fixed.min ?? steps(Math.floor((low - margin) / step)),
    max: fixed.max ?? steps(Math.ceil((high + margin) / step)),
    interval: step,
  };
}

function valueAxis(axis: AxisSpec, values: readonly number[]) {
  return {
    type: 'value',
    name: axis.name,
    nameTextStyle: { align: 'left' },
    ...axisBounds([...values, ...(axis.include ?? [])], axis),
    splitLine: { lineStyle: { color: '#eef0f4' } },
  };
}

/**
 * A series' points as [time (ms), value] pairs. A line breaks at the gap fillers' empty values;
 * bars leave them out, as they would narrow the bars echarts sizes by the closest two points.
 */
function seriesOption(points: readonly Point[], { measure, type, stack, yAxisIndex = 0, extra }: SeriesSpec) {
  const drawn = type === 'bar' ? points.filter((point) => !isFiller(point)) : points;
  const data = drawn.map((point) => {
    const value = isFiller(point) ? null : measure.read(point);
    const colour = value === null ? undefined : measure.colourOf?.(value);
    const pair = [point.t * 1000, value];
    return colour ? { value: pair, itemStyle: { color: colour } } : pair;
  });
  return {
    name: measure.label,
    type,
    stack,
    yAxisIndex,
    data,
    // The tooltip lists the value; the time heads it.
    encode: { x: 0, y: 1, tooltip: 1 },
    color: measure.colour,
    connectNulls: false,
    showSymbol: Boolean(measure.colourOf) || points.length <= SYMBOLS_UP_TO,
    symbolSize: 5,
    barMaxWidth: 28,
    tooltip: { valueFormatter: (value: unknown) => formatMeasure(measure, typeof value === 'number' ? value : null) },
    ...extra,
  };
}

/** The values the series on an axis draw. */
function axisValues(points: readonly Point[], series: readonly SeriesSpec[], axisIndex: number): number[] {
  return series
    .filter(({ yAxisIndex = 0 }) => yAxisIndex === axisIndex)
    .flatMap(({ measure }) => points.map((point) => measure.read(point)))
    .filter((value): value is number => value !== null);
}

/** The plot area's margins on a wide chart: room on the right for the second axis, else for the last time label and the target's label. */
export const GRID = { left: 56, right: 64, top: 56, bottom: 64 } as const;
/** The width the shaping assumes until the chart measures its own. */
const ASSUMED_WIDTH = 960;
/** Room per time label: the widest ("jun. de 2026") still fit, and echarts hides any that would overlap. */
const LABEL_ROOM = 72;
/** The narrowest right margin: half the widest time label, centred on a tick at the plot's end, and a little air. */
const LEAST_RIGHT = LABEL_ROOM / 2 + 4;

/**
 * The plot's right margin on a chart `width` pixels wide. A second value axis keeps the whole 64 px
 * for its labels; otherwise the margin narrows with the chart (a twelfth of it, 64 px from 768 px up)
 * down to what the last time label needs, so that on a phone the plot reaches nearer the edge.
 * The target's label lies inside the plot and needs none.
 */
export function gridRight(option: EChartsCoreOption, width: number): number {
  const valueAxes = Array.isArray(option.yAxis) ? option.yAxis.length : 1;
  if (valueAxes > 1) return GRID.right;
  return Math.round(Math.min(GRID.right, Math.max(LEAST_RIGHT, width / 12)));
}

/** What a time axis is ticked and labelled by: the range, the user's zone and language. */
export type TimeAxisContext = Pick<ViewContext, 'range' | 'zone' | 'language'>;

/**
 * The ticks and labels of the time axis between two instants (ms) on a chart `width` pixels wide
 * with a `right` margin: whole steps of the user's zone, labelled in that zone and language.
 */
export function timeAxisTicks(
  fromMs: number,
  toMs: number,
  context: TimeAxisContext,
  width: number,
  right: number = GRID.right,
) {
  const maxTicks = Math.max(2, Math.floor((width - GRID.left - right) / LABEL_ROOM));
  const { ticks, label } = timeTicks(fromMs / 1000, toMs / 1000, context, maxTicks);
  const customValues = ticks.map((t) => t * 1000);
  return {
    axisTick: { customValues },
    axisLabel: { customValues, formatter: (ms: number) => label(ms / 1000), hideOverlap: true },
  };
}

/** Half the period of one point of a range (a 5-minute slot in real time): the room either side of a lone point. */
const LONE_POINT_MARGIN_SECONDS: Readonly<Record<DataRange, number>> = {
  realtime: 150,
  hour: 1800,
  day: 12 * 3600,
  week: 3.5 * 24 * 3600,
  month: 15 * 24 * 3600,
};

/**
 * The time axis spans the points (ms); bars keep half the closest two points' distance (half a
 * bucket) on either side, so that the first and last bar show whole.
 */
function timeExtent(points: readonly Point[], range: DataRange, bars: boolean): { min: number; max: number } {
  const times = points.filter((point) => !isFiller(point)).map((point) => point.t);
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? first;
  const closest = Math.min(...times.slice(1).map((t, index) => t - times[index]!));
  const margin = first === last ? LONE_POINT_MARGIN_SECONDS[range] : bars ? closest / 2 : 0;
  return { min: (first - margin) * 1000, max: (last + margin) * 1000 };
}

/**
 * The chart of a detail view: values up the side over a time axis to scale (a gap takes the room
 * of its time, and the line breaks at its filler point); ticks, labels and the tooltip's time in
 * the user's zone and language. `legend: false` where the view shows its own.
 */
export function chartOption(
  points: readonly Point[],
  context: TimeAxisContext,
  spec: { series: readonly SeriesSpec[]; yAxes: readonly AxisSpec[]; legend?: boolean },
): EChartsCoreOption {
  const { legend = true } = spec;
  const bars = spec.series.some((series) => series.type === 'bar');
  const extent = timeExtent(points, context.range, bars);
  return {
    // Live readings and long histories redraw at once rather than sweep in again.
    animation: false,
    // Without its legend the chart keeps room only for the value axes' names.
    grid: legend ? GRID : { ...GRID, top: 32 },
    legend: { show: legend, type: 'scroll', top: 0, left: 0, right: 0 },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'time',
      ...extent,
      ...timeAxisTicks(extent.min, extent.max, context, ASSUMED_WIDTH),
      axisPointer: {
        label: { formatter: ({ value }: { value: number }) => timeLabel(value / 1000, context.range, context.zone) },
      },
    },
    yAxis: spec.yAxes.map((axis, index) => valueAxis(axis, axisValues(points, spec.series, index))),
    dataZoom: DATA_ZOOM,
    series: spec.series.map((series) => seriesOption(points, series)),
  };
}
