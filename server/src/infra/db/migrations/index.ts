import type { Migration, MigrationProvider } from 'kysely/migration';
import * as foundation from './0001_foundation.js';
import * as devices from './0002_devices.js';
import * as notices from './0003_notices.js';
import * as moldStatus from './0004_mold_status.js';

/** Migrations in order. Listed here (not read from disk) so the built server and the tests agree. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_devices': devices,
  '0003_notices': notices,
  '0004_mold_status': moldStatus,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
