import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Work order lists filtered by status (newest first) and the start job's look-up of planned orders
 * whose start date has come stay index reads at 100,000 orders.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('work_orders_org_status_newest')
    .on('work_orders')
    .columns(['org_id', 'status', 'id desc'])
    .execute();
  await db.schema.createIndex('work_orders_mold_newest').on('work_orders').columns(['mold_id', 'id desc']).execute();
  await sql`create index work_orders_created_start on work_orders (start_date) where status = 'created'`.execute(db);
  await db.schema.createIndex('work_order_rejects_order').on('work_order_rejects').column('order_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('work_order_rejects_order').execute();
  await db.schema.dropIndex('work_orders_created_start').execute();
  await db.schema.dropIndex('work_orders_mold_newest').execute();
  await db.schema.dropIndex('work_orders_org_status_newest').execute();
}
