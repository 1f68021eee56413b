import { plainMeasure } from '../model/measures';
import { cycleTimeColour, targetCycleTime, toleranceBands } from '../model/cycleTime';
import { chartOption } from './chartOption';
import type { DetailView, ViewContext } from './types';

const REALTIME_SECONDS = 30 * 60;

/** Cycle counter: the shots of each period as bars, the counter at its end as a line on the right. */
export const CYCLE_COUNTER_VIEW: DetailView = {
  id: 'cycleCounter',
  source: { kind: 'moldCycleCounter', paged: true },
  live: 'append',
  realtimeSeconds: REALTIME_SECONDS,
  measures: ({ t }) => [
    plainMeasure('shots', t('moldDetail.measures.shots'), { colour: '#1f6feb', decimals: 0 }),
    plainMeasure('counter', t('moldDetail.measures.counter'), { colour: '#e8590c', decimals: 0 }),
  ],
  chart: (points, [shots, counter], context) =>
    chartOption(points, context, {
      yAxes: [
        { name: context.t('moldDetail.measures.shots'), min: 0 },
        { name: context.t('moldDetail.measures.counter') },
      ],
      series: [
        { measure: shots!, type: 'bar' },
        { measure: counter!, type: 'line', yAxisIndex: 1 },
      ],
    }),
};

const seconds = (context: ViewContext) => context.t('moldDetail.units.seconds');

/** The target as a dashed line, the green band within 2 % and the yellow ones from 2 to 5 % shaded. */
function targetMarks(target: number, context: ViewContext) {
  const label = `${context.t('moldDetail.measures.target')} ${target} ${seconds(context)}`;
  return {
    markLine: {
      silent: true,
      symbol: 'none',
      data: [{ yAxis: target, name: label }],
      label: { formatter: label, position: 'insideEndTop' },
      lineStyle: { color: '#1f2937', type: 'dashed' },
    },
    markArea: {
      silent: true,
      data: toleranceBands(target).map((band) => [
        { yAxis: band.from, itemStyle: { color: band.colour, opacity: 0.14 } },
        { yAxis: band.to },
      ]),
    },
  };
}

/**
 * Cycle time: the actual time, each point coloured by how far it lies from the target (green
 * within 2 %, yellow to 5 %, red beyond), over the target line and its tolerance bands. Open and
 * close times, a fraction of a cycle, are listed in the table only: on the chart they would
 * flatten the bands.
 */
export const CYCLE_TIME_VIEW: DetailView = {
  id: 'cycleTime',
  source: { kind: 'moldCycleTimer', paged: true },
  live: 'append',
  realtimeSeconds: REALTIME_SECONDS,
  measures: (context) => {
    const target = targetCycleTime(context.info);
    const unit = seconds(context);
    return [
      plainMeasure('cycle_time', context.t('moldDetail.measures.cycleTime'), {
        unit,
        colour: '#1f6feb',
        decimals: 2,
        colourOf: (value) => cycleTimeColour(value, target),
      }),
      plainMeasure('open_time', context.t('moldDetail.measures.openTime'), { unit, colour: '#7048e8', decimals: 2 }),
      plainMeasure('close_time', context.t('moldDetail.measures.closeTime'), { unit, colour: '#0c8599', decimals: 2 }),
    ];
  },
  chart: (points, [cycle], context) => {
    const target = targetCycleTime(context.info);
    const bands = target === null ? [] : toleranceBands(target);
    return chartOption(points, context, {
      yAxes: [{ name: seconds(context), include: bands.flatMap((band) => [band.from, band.to]) }],
      series: [
        {
          measure: cycle!,
          type: 'line',
          extra: { symbolSize: 7, ...(target === null ? {} : targetMarks(target, context)) },
        },
      ],
    });
  },
};
