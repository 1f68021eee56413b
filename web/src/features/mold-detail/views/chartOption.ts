import type { EChartsCoreOption } from 'echarts/core';
import type { DataRange } from '@mouldwatch/shared';
import { formatMeasure, type Measure } from '../model/measures';
import { isFiller, type Point } from '../model/points';
import { timeLabel } from '../model/timeLabels';

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

function seriesOption(points: readonly Point[], { measure, type, stack, yAxisIndex = 0, extra }: SeriesSpec) {
  const data = points.map((point) => {
    const value = isFiller(point) ? null : measure.read(point);
    const colour = value === null ? undefined : measure.colourOf?.(value);
    return colour ? { value, itemStyle: { color: colour } } : value;
  });
  return {
    name: measure.label,
    type,
    stack,
    yAxisIndex,
    data,
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

/** The chart of a detail view: times of the points along the bottom (gap fillers unlabelled), values up the side. */
export function chartOption(
  points: readonly Point[],
  range: DataRange,
  zone: string,
  spec: { series: readonly SeriesSpec[]; yAxes: readonly AxisSpec[] },
): EChartsCoreOption {
  return {
    // Live readings and long histories redraw at once rather than sweep in again.
    animation: false,
    // Room on the right for the second axis, else for the last time label and the target's label.
    grid: { left: 56, right: 64, top: 56, bottom: 64 },
    legend: { type: 'scroll', top: 0, left: 0, right: 0 },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'category',
      boundaryGap: spec.series.some((series) => series.type === 'bar'),
      data: points.map((point) => (isFiller(point) ? '' : timeLabel(point.t, range, zone, 'axis'))),
      axisLabel: { hideOverlap: true },
    },
    yAxis: spec.yAxes.map((axis, index) => valueAxis(axis, axisValues(points, spec.series, index))),
    dataZoom: DATA_ZOOM,
    series: spec.series.map((series) => seriesOption(points, series)),
  };
}
