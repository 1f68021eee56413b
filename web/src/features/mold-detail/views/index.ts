import { CYCLE_COUNTER_VIEW, CYCLE_TIME_VIEW } from './cycleViews';
import { ENERGY_VIEW } from './energyView';
import { STATUS_VIEW } from './statusView';
import { HOT_RUNNER_VIEW, MOLD_TEMPERATURE_VIEW } from './temperatureViews';
import type { DetailView, DetailViewId } from './types';

export type { DetailSource, DetailView, DetailViewId, ViewContext } from './types';

export const DETAIL_VIEWS: Readonly<Record<DetailViewId, DetailView>> = {
  moldStatus: STATUS_VIEW,
  moldTemp: MOLD_TEMPERATURE_VIEW,
  hotRunner: HOT_RUNNER_VIEW,
  cycleCounter: CYCLE_COUNTER_VIEW,
  cycleTime: CYCLE_TIME_VIEW,
  energy: ENERGY_VIEW,
};
