import type { en as adminList } from '../components/admin/i18n/en';

/**
 * The feature catalogs (featureCatalogs.ts), each typed by its English catalog. A feature adds its
 * namespace here: `import type { en as <namespace> } from '../features/<feature>/i18n/en'`.
 */
export interface FeatureResources {
  adminList: typeof adminList;
}

export type FeatureNamespace = keyof FeatureResources;
