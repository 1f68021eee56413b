import type { EChartsCoreOption } from 'echarts/core';
import { CYCLE_BAND_COLOURS, STATUS_PALETTE, type CycleBin, type OeeWaterfall } from '@mouldwatch/shared';
import type { BucketFigures, MouldTotal } from '../api/types';

const GRID = { left: 48, right: 16, top: 36, bottom: 48, containLabel: true };
const pct = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 10);

/**
 * A percent axis from 0 in steps of 20 up to 100, or up to the step above the largest value past it,
 * in wider steps past 200 (a performance far above 100 % when a target is far off). The top is a
 * whole step: a top of 110 over steps of 20 drew its label against 100's.
 */
export function percentAxis(largest: number): { max: number; interval: number } {
  const interval = 20 * Math.max(1, Math.ceil(largest / 200));
  return { max: Math.max(100, Math.ceil(largest / interval) * interval), interval };
}

/** OEE and its factors per bucket, with the target as a line. */
export function trendOption(
  buckets: readonly BucketFigures[],
  label: (epochSeconds: number) => string,
  names: { oee: string; availability: string; performance: string; quality: string; target: string },
  target: number | null,
  { narrow = false }: { narrow?: boolean } = {},
): EChartsCoreOption {
  const series = (name: string, key: 'oee' | 'availability' | 'performance' | 'quality', width: number) => ({
    name,
    type: 'line',
    connectNulls: false,
    symbolSize: 4,
    lineStyle: { width },
    data: buckets.map((bucket) => pct(bucket[key])),
  });
  const factors = ['oee', 'availability', 'performance', 'quality'] as const;
  const largest = Math.max(0, ...buckets.flatMap((bucket) => factors.map((key) => pct(bucket[key]) ?? 0)));
  return {
    // On a phone the four names may take two lines (Portuguese, Korean): the plot starts below both.
    grid: narrow ? { ...GRID, left: 8, top: 64 } : GRID,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (value === null || value === undefined ? '–' : `${String(value)} %`),
    },
    legend: narrow ? { type: 'plain', top: 0, itemGap: 8, itemWidth: 18 } : { type: 'plain', top: 0 },
    xAxis: { type: 'category', data: buckets.map((bucket) => label(bucket.create_datetime)) },
    // Up to 100 %, or past it when a factor is (a performance above 100 % means a wrong target: shown, not cut off).
    yAxis: { type: 'value', min: 0, ...percentAxis(largest), axisLabel: { formatter: '{value} %' } },
    series: [
      {
        ...series(names.oee, 'oee', 3),
        markLine:
          target === null
            ? undefined
            : {
                symbol: 'none',
                data: [{ yAxis: pct(target), name: names.target }],
                label: { formatter: names.target, position: 'insideEndTop' },
              },
      },
      series(names.availability, 'availability', 1),
      series(names.performance, 'performance', 1),
      series(names.quality, 'quality', 1),
    ],
  };
}

/** Each mould's OEE as a bar, best first, against its own target. */
export function comparisonOption(
  moulds: readonly MouldTotal[],
  oeeName: string,
  targetName: string,
): EChartsCoreOption {
  const sorted = [...moulds].sort((a, b) => (b.oee ?? -1) - (a.oee ?? -1));
  return {
    grid: { ...GRID, left: 8 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (value === null || value === undefined ? '–' : `${String(value)} %`),
    },
    legend: { top: 0 },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: sorted.map((mould) => mould.mold_name),
      axisLabel: { width: 110, overflow: 'truncate' },
    },
    series: [
      {
        name: oeeName,
        type: 'bar',
        data: sorted.map((mould) => pct(mould.oee)),
        itemStyle: { color: STATUS_PALETTE.green },
      },
      {
        name: targetName,
        type: 'line',
        symbol: 'diamond',
        symbolSize: 10,
        lineStyle: { opacity: 0 },
        data: sorted.map((mould) => pct(mould.target_oee)),
      },
    ],
  };
}

/**
 * Planned time → availability, speed and quality losses → fully productive time, as a waterfall (hours).
 * `horizontal` (phones): the steps run down the page with their names beside the bars, where five
 * names side by side under 300 px of chart would be cramped or cut in any language.
 */
export function waterfallOption(
  fall: OeeWaterfall,
  names: {
    planned: string;
    availabilityLoss: string;
    speedLoss: string;
    qualityLoss: string;
    productive: string;
    hours: string;
  },
  { horizontal = false }: { horizontal?: boolean } = {},
): EChartsCoreOption {
  const h = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;
  const losses = [fall.availability_loss_s, fall.speed_loss_s, fall.quality_loss_s];
  let level = fall.planned_s;
  const bases = [0];
  const values = [h(fall.planned_s)];
  for (const loss of losses) {
    level -= loss;
    bases.push(h(Math.max(0, level)));
    values.push(h(loss));
  }
  bases.push(0);
  values.push(h(fall.productive_s));
  const colours = [
    STATUS_PALETTE.grey,
    STATUS_PALETTE.orange,
    STATUS_PALETTE.yellow,
    STATUS_PALETTE.red,
    STATUS_PALETTE.green,
  ];
  const steps = {
    type: 'category',
    data: [names.planned, names.availabilityLoss, names.speedLoss, names.qualityLoss, names.productive],
  };
  // Across a phone, three steps of hours leave room for "1,000".
  const hours = { type: 'value', name: names.hours, nameGap: 8, splitNumber: horizontal ? 3 : 5 };
  return {
    grid: horizontal ? { left: 8, right: 48, top: 8, bottom: 24, containLabel: true } : GRID,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // Vertical: every name under its bar, wrapped at word breaks into lines as wide as a bar's slot.
    // Horizontal: the names on the left, top to bottom, wrapped within a third of a phone's chart.
    xAxis: horizontal
      ? hours
      : { ...steps, axisLabel: { interval: 0, width: 110, overflow: 'break', hideOverlap: false, fontSize: 12 } },
    yAxis: horizontal
      ? { ...steps, inverse: true, axisLabel: { interval: 0, width: 96, overflow: 'break', fontSize: 12 } }
      : hours,
    series: [
      {
        type: 'bar',
        stack: 'fall',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: bases,
        tooltip: { show: false },
      },
      {
        type: 'bar',
        stack: 'fall',
        label: {
          show: true,
          position: horizontal ? 'right' : 'top',
          formatter: ({ value }: { value: number }) => `${value} ${names.hours}`,
        },
        data: values.map((value, index) => ({ value, itemStyle: { color: colours[index] } })),
      },
    ],
  };
}

/** The distribution of cycle times, bars coloured by their band against the target. */
export function histogramOption(
  bins: readonly CycleBin[],
  target: number | null,
  countName: string,
): EChartsCoreOption {
  const colour = (bin: CycleBin) => {
    if (target === null || target <= 0) return STATUS_PALETTE.green;
    const deviation = Math.abs((bin.from_s + bin.to_s) / 2 - target) / target;
    return deviation <= 0.02
      ? CYCLE_BAND_COLOURS.good
      : deviation <= 0.05
        ? CYCLE_BAND_COLOURS.warn
        : CYCLE_BAND_COLOURS.bad;
  };
  return {
    grid: GRID,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: bins.map((bin) => `${bin.from_s.toFixed(1)}–${bin.to_s.toFixed(1)}`) },
    yAxis: { type: 'value', name: countName },
    series: [
      {
        type: 'bar',
        name: countName,
        data: bins.map((bin) => ({ value: bin.count, itemStyle: { color: colour(bin) } })),
      },
    ],
  };
}

/** Bars of a value per bucket, with a second value as a line on its own axis. */
export function barsAndLineOption(
  labels: readonly string[],
  bars: { name: string; data: Array<number | null> },
  line: { name: string; data: Array<number | null> },
): EChartsCoreOption {
  return {
    grid: GRID,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: labels },
    yAxis: [{ type: 'value' }, { type: 'value', splitLine: { show: false } }],
    series: [
      { type: 'bar', name: bars.name, data: bars.data, itemStyle: { color: STATUS_PALETTE.green } },
      { type: 'line', name: line.name, yAxisIndex: 1, data: line.data, connectNulls: false },
    ],
  };
}
