import { registerFeatureCatalog } from '../../i18n/featureCatalogs';

registerFeatureCatalog('alerts', {
  en: () => import('./i18n/en').then((module) => module.en),
  zh: () => import('./i18n/zh').then((module) => module.zh),
  kor: () => import('./i18n/kor').then((module) => module.kor),
  por: () => import('./i18n/por').then((module) => module.por),
});

export { UnsubscribePage } from './components/UnsubscribePage';
export { AlertChannelsField, AlertChannelsLabel, FrequencyMeaning } from './components/AlertChannelsField';
import type { en } from './i18n/en';

/** The feature's texts (i18n/featureNamespaces.ts types its namespace by them). */
export type AlertsCatalog = typeof en;
