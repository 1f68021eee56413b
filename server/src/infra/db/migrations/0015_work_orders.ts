import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Work orders (spec §3, §4): an order runs one mould from its start until its quantity is made or
 * it is stopped. Rejects are a ledger with the time they were recorded, so a report of any period
 * sums the rejects of that period (the quality factor of OEE).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('work_orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('machine', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('workshop', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('starting_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'text', (c) => c.notNull().defaultTo(''))
    /** created | working | finish | stop */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    /** The mould's cycle counter when the order started; finished = (counter − start_counter) × cavitation. */
    .addColumn('start_counter', 'integer')
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reject', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index work_orders_org_order_no on work_orders (org_id, lower(order_no))`.execute(db);
  await sql`create unique index work_orders_one_working_per_mold on work_orders (mold_id) where status = 'working'`.execute(
    db,
  );
  await db.schema.createIndex('work_orders_org_newest').on('work_orders').columns(['org_id', 'id desc']).execute();
  await db.schema
    .createTable('work_order_rejects')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('work_order_rejects_mold_time')
    .on('work_order_rejects')
    .columns(['mold_id', 'recorded_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('work_order_rejects').execute();
  await db.schema.dropTable('work_orders').execute();
}
