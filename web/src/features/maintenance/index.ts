/** Maintenance schedule (/maintenance/schedule/preventive) and history (/maintenance/history/preventive). */
import { registerFeatureCatalog } from '../../i18n/featureCatalogs';
import './components/maintenance.css';

registerFeatureCatalog('maintenance', {
  en: () => import('./i18n/en').then((module) => module.en),
  zh: () => import('./i18n/zh').then((module) => module.zh),
  kor: () => import('./i18n/kor').then((module) => module.kor),
  por: () => import('./i18n/por').then((module) => module.por),
});

export { ScheduleScreen } from './components/ScheduleScreen';
export { HistoryScreen } from './components/HistoryScreen';
import type { en } from './i18n/en';

/** The feature's texts (i18n/featureNamespaces.ts types its namespace by them). */
export type MaintenanceCatalog = typeof en;
