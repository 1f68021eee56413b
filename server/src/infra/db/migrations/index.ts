import type { Migration, MigrationProvider } from 'kysely/migration';
import * as foundation from './0001_foundation.js';

/** Migrations in order. Listed here (not read from disk) so the built server and the tests agree. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
