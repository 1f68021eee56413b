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
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
