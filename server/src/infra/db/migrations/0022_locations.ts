import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Where moulds are (issue 15): each mould's last automatic fix (GPS or WiFi) and its manual position,
 * kept apart so clearing the manual one falls back to the fix; the location history, thinned, which
 * the 35-day pruning of raw readings does not touch; and the organisation's known WiFi access points
 * (entered by an administrator, or learned from readings that carry GPS and WiFi together).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('mold_locations')
    .addColumn('mold_id', 'bigint', (c) => c.primaryKey().references('molds.id').onDelete('cascade'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('fix_lat', 'double precision')
    .addColumn('fix_lng', 'double precision')
    .addColumn('fix_source', 'text')
    .addColumn('fix_accuracy_m', 'double precision')
    .addColumn('fix_at', 'timestamptz')
    .addColumn('battery', 'smallint')
    .addColumn('manual_lat', 'double precision')
    .addColumn('manual_lng', 'double precision')
    .addColumn('manual_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('manual_at', 'timestamptz')
    .addColumn('manual_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('location_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('accuracy_m', 'double precision')
    .addColumn('battery', 'smallint')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('location_history_mold_newest')
    .on('location_history')
    .columns(['mold_id', 'recorded_at desc', 'id desc'])
    .execute();
  await db.schema
    .createTable('wifi_access_points')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('bssid', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('accuracy_m', 'double precision', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('learned', 'boolean', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wifi_access_points_org_bssid', ['org_id', 'bssid'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('wifi_access_points').execute();
  await db.schema.dropTable('location_history').execute();
  await db.schema.dropTable('mold_locations').execute();
}
