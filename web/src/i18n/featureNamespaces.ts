import type { en as adminList } from '../components/admin/i18n/en';
import type { MoldsCatalog } from '../features/molds';
import type { MoldOrganisationCatalog } from '../features/mold-organisation';
import type { RolesCatalog } from '../features/roles';
import type { UsersCatalog } from '../features/users';

/**
 * The feature catalogs (featureCatalogs.ts), each typed by its English catalog: a feature exports
 * that type from its index (nothing outside a feature reaches into its files) and adds it here.
 */
export interface FeatureResources {
  adminList: typeof adminList;
  molds: MoldsCatalog;
  moldOrganisation: MoldOrganisationCatalog;
  roles: RolesCatalog;
  users: UsersCatalog;
}

export type FeatureNamespace = keyof FeatureResources;
