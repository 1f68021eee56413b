import type { en as adminList } from '../components/admin/i18n/en';
import type { MoldsCatalog } from '../features/molds';

/**
 * The feature catalogs (featureCatalogs.ts), each typed by its English catalog. A feature adds its
 * namespace here; a feature under features/ exports its English catalog's type from its index
 * (`export type { en as <Name>Catalog } from './i18n/en'`), which the import rules allow.
 */
export interface FeatureResources {
  adminList: typeof adminList;
  molds: typeof MoldsCatalog;
}

export type FeatureNamespace = keyof FeatureResources;
