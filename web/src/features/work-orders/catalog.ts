import { registerFeatureCatalog, useFeatureTranslation } from '../../i18n/featureCatalogs';

registerFeatureCatalog('workOrders', {
  en: () => import('./i18n/en').then((module) => module.en),
  zh: () => import('./i18n/zh').then((module) => module.zh),
  kor: () => import('./i18n/kor').then((module) => module.kor),
  por: () => import('./i18n/por').then((module) => module.por),
});

/** The work order screen's texts (the `workOrders` catalog), loaded with the screen. */
export const useWorkOrdersTranslation = () => useFeatureTranslation('workOrders');
