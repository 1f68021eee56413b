import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Which temperature channels a user shows for a mould: channel numbers (mould 1–4, hot runner
 * 1–6). No row means the default, every enabled channel.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('mold_channel_choices')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('mold_channels', sql`smallint[]`, (c) => c.notNull())
    .addColumn('hrs_channels', sql`smallint[]`, (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mold_channel_choices_pk', ['user_id', 'mold_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mold_channel_choices').execute();
}
