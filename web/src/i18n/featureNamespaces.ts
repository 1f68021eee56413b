import type { en as adminList } from '../components/admin/i18n/en';
import type { MoldsCatalog } from '../features/molds';
import type { MoldOrganisationCatalog } from '../features/mold-organisation';

/**
 * The feature catalogs (featureCatalogs.ts), each typed by its English catalog. A feature adds its
 * namespace here; a feature under features/ exports its English catalog's type from its index
 * (`export type <Name>Catalog = typeof en`), which the import rules allow.
 */
export interface FeatureResources {
  adminList: typeof adminList;
  molds: MoldsCatalog;
  moldOrganisation: MoldOrganisationCatalog;
}

export type FeatureNamespace = keyof FeatureResources;
