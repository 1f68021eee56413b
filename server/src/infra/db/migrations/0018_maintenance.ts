import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Maintenance tasks (spec §3, issue 13). A task for a company or group is expanded into one link
 * per mould when it is saved, and the evaluation job links moulds that joined later; each link
 * keeps its own base (counter and time of the last maintenance) and its evaluated status, so the
 * schedule list filters and pages in SQL. Records are the history; all of it cascades with the mould.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('maintenance_tasks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('task_name', 'text', (c) => c.notNull())
    /** pm | regular */
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('mold_id', 'bigint', (c) => c.references('molds.id').onDelete('cascade'))
    .addColumn('company_id', 'bigint', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('group_id', 'bigint', (c) => c.references('mold_groups.id').onDelete('cascade'))
    .addColumn('maint_interval', 'integer')
    .addColumn('interval_days', 'integer')
    .addColumn('schedule_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repeat', 'integer')
    .addColumn('start_repeat', 'text')
    .addColumn('warning_type', 'text', (c) => c.notNull().defaultTo('percent'))
    .addColumn('warning_value', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    /** The calendar's zone for moulds without one of their own (the saving user's). */
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('maintenance_tasks_org').on('maintenance_tasks').columns(['org_id', 'id']).execute();
  await db.schema
    .createTable('maintenance_task_molds')
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('maintenance_tasks.id').onDelete('cascade'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('org_id', 'bigint', (c) => c.notNull())
    /** The task's cycle interval for PM tasks (copied, for home's cycles until PM). */
    .addColumn('pm_interval', 'integer')
    .addColumn('base_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('base_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_maint_at', 'timestamptz')
    .addColumn('due_now_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('normal'))
    /** The schedule's order: 0 exceeded, 1 warning, 2 normal (kept with the status). */
    .addColumn('urgency', 'smallint', (c) => c.notNull().defaultTo(2))
    .addColumn('remaining', 'integer')
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('cycles'))
    .addColumn('due_date', 'text')
    /** When it left Normal (the alarm time); null while Normal. */
    .addColumn('alarm_at', 'timestamptz')
    /** The counter the status was last evaluated at: the job re-evaluates links whose counter moved. */
    .addColumn('eval_counter', 'integer')
    .addPrimaryKeyConstraint('maintenance_task_molds_pk', ['task_id', 'mold_id'])
    .execute();
  await db.schema
    .createIndex('maintenance_task_molds_mold')
    .on('maintenance_task_molds')
    .columns(['mold_id'])
    .execute();
  await db.schema
    .createIndex('maintenance_task_molds_org_status')
    .on('maintenance_task_molds')
    .columns(['org_id', 'status'])
    .execute();
  // The schedule's order, so its first page is read from the index, not sorted.
  await sql`create index maintenance_task_molds_schedule on maintenance_task_molds
    (org_id, urgency, remaining, task_id desc, mold_id)`.execute(db);
  await db.schema
    .createTable('maintenance_records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('task_id', 'bigint', (c) => c.references('maintenance_tasks.id').onDelete('set null'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('task_name', 'text', (c) => c.notNull())
    .addColumn('task_type', 'text', (c) => c.notNull())
    /** [{content, checked}] as it was done. */
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('remarks', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('counter', 'integer')
    .addColumn('previous_at', 'timestamptz')
    .addColumn('used', 'integer')
    .addColumn('used_unit', 'text', (c) => c.notNull())
    .addColumn('confirmer_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confirmer_name', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('alarm_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('maintenance_records_org_newest')
    .on('maintenance_records')
    .columns(['org_id', 'confirmed_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('maintenance_records_mold').on('maintenance_records').columns(['mold_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('maintenance_records').execute();
  await db.schema.dropTable('maintenance_task_molds').execute();
  await db.schema.dropTable('maintenance_tasks').execute();
}
