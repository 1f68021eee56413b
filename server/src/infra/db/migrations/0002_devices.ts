import { sql, type Kysely } from 'kysely';

// Migrations see the database as it was when they were written, not as the app's types say now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Companies and mould groups, the spec's mould record, devices and their raw readings. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('companies_org_name_unique', ['org_id', 'name'])
    .execute();

  await db.schema
    .createTable('mold_groups')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('mold_groups_company_name_unique', ['company_id', 'name'])
    .execute();

  // The spec's default mould record. `info` defaults to {}: the shared schema reads it as the
  // default settings, so the default lives in one place (shared/src/mold/mold-info.ts).
  await db.schema
    .alterTable('molds')
    .addColumn('group_id', 'bigint', (c) => c.references('mold_groups.id').onDelete('set null'))
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cavitation', 'integer')
    .addColumn('oem_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('customer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('workshop', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mold_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('launch_listen', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time_zone_city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thermocouple_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('info', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('molds_group').on('molds').column('group_id').execute();

  // Serial numbers are unique across organisations: they are MQTT usernames and topic names.
  await db.schema
    .createTable('devices')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('device_no', 'text', (c) => c.notNull().unique())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('mold_id', 'bigint', (c) => c.unique().references('molds.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('devices_org').on('devices').columns(['org_id', 'id']).execute();

  // One row per (device, seq): a replayed message adds nothing. No foreign key to devices: a
  // mould's history outlives the device that reported it (and the check would slow the ingest).
  await db.schema
    .createTable('readings')
    .addColumn('device_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('ts', 'timestamptz', (c) => c.notNull())
    .addColumn('mold_id', 'bigint', (c) => c.references('molds.id').onDelete('cascade'))
    .addColumn('counter', 'integer')
    .addColumn('cycle_time', 'double precision')
    .addColumn('open_time', 'double precision')
    .addColumn('close_time', 'double precision')
    .addColumn('mold_temp', sql`double precision[]`)
    .addColumn('hrs_temp', sql`double precision[]`)
    .addColumn('current', 'double precision')
    .addColumn('battery', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('wifi', 'jsonb')
    .addColumn('event', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('readings_pk', ['device_id', 'seq'])
    .execute();
  await db.schema.createIndex('readings_mold_ts').on('readings').columns(['mold_id', 'ts']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('readings').execute();
  await db.schema.dropTable('devices').execute();
  await db.schema
    .alterTable('molds')
    .dropColumn('group_id')
    .dropColumn('owner')
    .dropColumn('type')
    .dropColumn('cavitation')
    .dropColumn('oem_id')
    .dropColumn('customer')
    .dropColumn('country')
    .dropColumn('workshop')
    .dropColumn('mold_image')
    .dropColumn('launch_listen')
    .dropColumn('time_zone')
    .dropColumn('time_zone_city')
    .dropColumn('thermocouple_type')
    .dropColumn('info')
    .dropColumn('updated_at')
    .execute();
  await db.schema.dropTable('mold_groups').execute();
  await db.schema.dropTable('companies').execute();
}
