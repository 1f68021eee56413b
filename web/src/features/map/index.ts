/** The map (/map): moulds by position, two providers, location history, manual positions. */
import { registerFeatureCatalog } from '../../i18n/featureCatalogs';
import type { en } from './i18n/en';

registerFeatureCatalog('map', {
  en: () => import('./i18n/en').then((module) => module.en),
  zh: () => import('./i18n/zh').then((module) => module.zh),
  kor: () => import('./i18n/kor').then((module) => module.kor),
  por: () => import('./i18n/por').then((module) => module.por),
});

export { MapScreen as default } from './components/MapScreen';

/** The feature's texts (i18n/featureNamespaces.ts types its namespace by them). */
export type MapCatalog = typeof en;
