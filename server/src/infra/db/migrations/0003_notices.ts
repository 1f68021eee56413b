import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Notices (spec §3 "Notice"): one row per user and alarm occurrence, newest first. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('user_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alarm_type', 'smallint', (c) => c.notNull())
    .addColumn('unique_str', 'text', (c) => c.notNull())
    .addColumn('mold_id', 'bigint', (c) => c.references('molds.id').onDelete('cascade'))
    .addColumn('mold_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mold_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_messages_user_newest').on('user_messages').columns(['user_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_messages').execute();
}
