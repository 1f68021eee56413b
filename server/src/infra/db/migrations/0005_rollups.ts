import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const channelColumns = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => [`${prefix}${index + 1}_sum`, `${prefix}${index + 1}_n`] as const);

/**
 * History roll-ups: per mould and 15-minute bucket, the sums and counts that hourly, daily, weekly
 * and monthly points are added up from in any time zone (every zone's offset is a multiple of 15
 * minutes). Sums, not averages, so buckets add up exactly.
 */
export async function up(db: AnyDb): Promise<void> {
  let table = db.schema
    .createTable('mold_rollups')
    // No foreign key: checking it per row made seeding a year of demo history ten times slower.
    // Deleting a mould deletes its roll-ups itself.
    .addColumn('mold_id', 'bigint', (c) => c.notNull())
    .addColumn('bucket', 'timestamptz', (c) => c.notNull());
  for (const [sum, count] of [...channelColumns('mt', 4), ...channelColumns('hr', 6)]) {
    table = table
      .addColumn(sum, 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn(count, 'integer', (c) => c.notNull().defaultTo(0));
  }
  for (const measure of ['cycle_time', 'open_time', 'close_time']) {
    table = table
      .addColumn(`${measure}_sum`, 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn(`${measure}_n`, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await table
    .addColumn('shots', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counter_last', 'integer')
    .addColumn('run_s', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('idle_s', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('alarm_s', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('stop_s', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('off_s', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('energy_kwh', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('mold_rollups_pk', ['mold_id', 'bucket'])
    .execute();

  // How far the roll-up has read readings and slots (by the time they were written).
  await db.schema
    .createTable('rollup_progress')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('watermark', 'timestamptz', (c) => c.notNull())
    .execute();

  // Readings are written in received_at order: a BRIN index finds the new ones at almost no cost.
  await sql`create index readings_received_at on readings using brin (received_at)`.execute(db);
  await db.schema
    .alterTable('time_state_slots')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('time_state_slots_updated_at').on('time_state_slots').column('updated_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('time_state_slots_updated_at').execute();
  await db.schema.alterTable('time_state_slots').dropColumn('updated_at').execute();
  await db.schema.dropIndex('readings_received_at').execute();
  await db.schema.dropTable('rollup_progress').execute();
  await db.schema.dropTable('mold_rollups').execute();
}
