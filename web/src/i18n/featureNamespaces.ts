import type { en as adminList } from '../components/admin/i18n/en';
import type { AlarmsCatalog } from '../features/alarms';
import type { AlertsCatalog } from '../features/alerts';
import type { MapCatalog } from '../features/map';
import type { MaintenanceCatalog } from '../features/maintenance';
import type { MoldsCatalog } from '../features/molds';
import type { MoldOrganisationCatalog } from '../features/mold-organisation';
import type { ReportsCatalog } from '../features/reports';
import type { RolesCatalog } from '../features/roles';
import type { SharingCatalog } from '../features/sharing';
import type { UsersCatalog } from '../features/users';
import type { WorkOrdersCatalog } from '../features/work-orders';
import type { RenewalCatalog } from '../features/renewal';

/**
 * The feature catalogs (featureCatalogs.ts), each typed by its English catalog: a feature exports
 * that type from its index (nothing outside a feature reaches into its files) and adds it here.
 */
export interface FeatureResources {
  adminList: typeof adminList;
  alarms: AlarmsCatalog;
  alerts: AlertsCatalog;
  map: MapCatalog;
  maintenance: MaintenanceCatalog;
  molds: MoldsCatalog;
  moldOrganisation: MoldOrganisationCatalog;
  reports: ReportsCatalog;
  roles: RolesCatalog;
  sharing: SharingCatalog;
  users: UsersCatalog;
  workOrders: WorkOrdersCatalog;
  renewal: RenewalCatalog;
}

export type FeatureNamespace = keyof FeatureResources;
