import { plainMeasure } from '../model/measures';
import { TIME_STATES } from '../model/status';
import { chartOption } from './chartOption';
import type { DetailView } from './types';

/** Time states: each slot's (or bucket's) shares as stacked bars in the spec's five colours. */
export const STATUS_VIEW: DetailView = {
  id: 'moldStatus',
  source: { kind: 'statusHistory', paged: false },
  live: 'reread',
  realtimeSeconds: 2 * 3600,
  showsStateShares: true,
  measures: ({ t }) =>
    TIME_STATES.map(({ state, key, colour }) =>
      plainMeasure(key, t(`moldDetail.timeStates.${state}`), { unit: '%', colour, decimals: 1, factor: 100 }),
    ),
  chart: (points, measures, context) =>
    chartOption(points, context, {
      yAxes: [{ name: '%', min: 0, max: 100 }],
      series: measures.map((measure) => ({ measure, type: 'bar', stack: 'time', extra: { barCategoryGap: '10%' } })),
    }),
};
