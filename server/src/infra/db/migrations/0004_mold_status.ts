import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The state engine: each mould's live status, and its time-state fractions and energy per 5-minute slot. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('mold_status')
    .addColumn('mold_id', 'bigint', (c) => c.primaryKey().references('molds.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('online', 'boolean', (c) => c.notNull())
    .addColumn('powered_off', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_connect_at', 'timestamptz')
    .addColumn('last_cycle_at', 'timestamptz')
    .addColumn('counter', 'integer')
    .addColumn('last_cycle_time', 'double precision')
    .addColumn('mold_temp', sql`double precision[]`)
    .addColumn('hrs_temp', sql`double precision[]`)
    .addColumn('battery', 'double precision')
    // The last reported current (A): energy is counted at it until the next reading.
    .addColumn('current', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('state_since', 'timestamptz', (c) => c.notNull())
    // Time-state slots are written up to this moment.
    .addColumn('accounted_until', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('time_state_slots')
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('slot_start', 'timestamptz', (c) => c.notNull())
    .addColumn('c_run_time', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('c_idle_time', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('c_alarm_time', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('c_stop_time', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('c_off_time', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('energy_kwh', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('time_state_slots_pk', ['mold_id', 'slot_start'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('time_state_slots').execute();
  await db.schema.dropTable('mold_status').execute();
}
