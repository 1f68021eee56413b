import { registerFeatureCatalog } from '../../i18n/featureCatalogs';
import './components/roles.css';

registerFeatureCatalog('roles', {
  en: () => import('./i18n/en').then((module) => module.en),
  zh: () => import('./i18n/zh').then((module) => module.zh),
  kor: () => import('./i18n/kor').then((module) => module.kor),
  por: () => import('./i18n/por').then((module) => module.por),
});

export { RoleScreen as default } from './components/RoleScreen';
import type { en } from './i18n/en';

/** The feature's texts (i18n/featureNamespaces.ts types its namespace by them). */
export type RolesCatalog = typeof en;
