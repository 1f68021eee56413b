import { plainMeasure } from '../model/measures';
import { chartOption } from './chartOption';
import type { DetailView } from './types';

/** Energy: kW·h of each period (of each 5-minute slot in real time) as bars. */
export const ENERGY_VIEW: DetailView = {
  id: 'energy',
  source: { kind: 'energyList', paged: false },
  live: 'reread',
  realtimeSeconds: 2 * 3600,
  measures: ({ t }) => [
    plainMeasure('energy', t('moldDetail.measures.energy'), { unit: 'kW·h', colour: '#2f9e44', decimals: 3 }),
  ],
  chart: (points, [energy], context) =>
    chartOption(points, context, {
      yAxes: [{ name: 'kW·h', min: 0 }],
      series: [{ measure: energy!, type: 'bar' }],
    }),
};
