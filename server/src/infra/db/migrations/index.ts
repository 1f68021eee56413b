import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as devices from './0002_devices.js';
import * as notices from './0003_notices.js';
import * as moldStatus from './0004_mold_status.js';
import * as rollups from './0005_rollups.js';
import * as userMoldPrefs from './0006_user_mold_prefs.js';
import * as moldChannelChoice from './0007_mold_channel_choice.js';
import * as homeListJson from './0008_home_list_json.js';
import * as loginThrottle from './0009_login_throttle.js';
import * as orgNamesAndTags from './0010_org_names_and_tags.js';
import * as moldAdmin from './0011_mold_admin.js';
import * as userAdminIndexes from './0013_user_admin_indexes.js';
import * as alarms from './0014_alarms.js';
import * as workOrders from './0015_work_orders.js';
import * as alarmEngine from './0016_alarm_engine.js';
import * as alertDelivery from './0017_alert_delivery.js';
import * as maintenance from './0018_maintenance.js';
import * as workOrderLists from './0019_work_order_lists.js';
import * as lateState from './0020_late_state.js';
import * as reportCache from './0021_report_cache.js';
import * as locations from './0022_locations.js';
import * as alarmListIndexes from './0023_alarm_list_indexes.js';
import * as shares from './0024_shares.js';
import * as renewal from './0025_renewal.js';
import * as listSearch from './0026_list_search.js';
import * as reportDays from './0027_report_days.js';
import * as maintenanceJob from './0028_maintenance_job.js';
import * as reportDaysMicro from './0029_report_days_micro.js';
import * as cycleDays from './0030_cycle_days.js';
import * as accountCodes from './0031_account_codes.js';
import * as installation from './0032_installation.js';
import * as alarmUnit from './0033_alarm_unit.js';
import * as statusLastSeq from './0034_status_last_seq.js';
import * as deviceTooOld from './0035_device_too_old.js';
import * as cycleMonths from './0036_cycle_months.js';
import * as reportMonths from './0037_report_months.js';
import * as readingsByXid from './0038_readings_by_xid.js';
import * as readingsMouldCheck from './0039_readings_mould_check.js';

/** Migrations in order. Listed here (not read from disk) so the built server and the tests agree. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_devices': devices,
  '0003_notices': notices,
  '0004_mold_status': moldStatus,
  '0005_rollups': rollups,
  '0006_user_mold_prefs': userMoldPrefs,
  '0007_mold_channel_choice': moldChannelChoice,
  '0008_home_list_json': homeListJson,
  '0009_login_throttle': loginThrottle,
  '0010_org_names_and_tags': orgNamesAndTags,
  '0011_mold_admin': moldAdmin,
  '0013_user_admin_indexes': userAdminIndexes,
  '0014_alarms': alarms,
  '0015_work_orders': workOrders,
  '0016_alarm_engine': alarmEngine,
  '0017_alert_delivery': alertDelivery,
  '0018_maintenance': maintenance,
  '0019_work_order_lists': workOrderLists,
  '0020_late_state': lateState,
  '0021_report_cache': reportCache,
  '0022_locations': locations,
  '0023_alarm_list_indexes': alarmListIndexes,
  '0024_shares': shares,
  '0025_renewal': renewal,
  '0026_list_search': listSearch,
  '0027_report_days': reportDays,
  '0028_maintenance_job': maintenanceJob,
  '0029_report_days_micro': reportDaysMicro,
  '0030_cycle_days': cycleDays,
  '0031_account_codes': accountCodes,
  '0032_installation': installation,
  '0033_alarm_unit': alarmUnit,
  '0034_status_last_seq': statusLastSeq,
  '0035_device_too_old': deviceTooOld,
  '0036_cycle_months': cycleMonths,
  '0037_report_months': reportMonths,
  '0038_readings_by_xid': readingsByXid,
  '0039_readings_mould_check': readingsMouldCheck,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
