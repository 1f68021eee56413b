import { registerFeatureCatalog, useFeatureTranslation } from '../../i18n/featureCatalogs';

registerFeatureCatalog('renewal', {
  en: () => import('./i18n/en').then((module) => module.en),
  zh: () => import('./i18n/zh').then((module) => module.zh),
  kor: () => import('./i18n/kor').then((module) => module.kor),
  por: () => import('./i18n/por').then((module) => module.por),
});

/** The renewal screens' texts (the `renewal` catalog), loaded with the screens. */
export const useRenewalTranslation = () => useFeatureTranslation('renewal');
