import { sql, type Kysely } from 'kysely';

// Migrations see the database as it was when they were written, not as the app's types say now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Mould sharing (branch `sharing`): one `shares` row per (sharer, recipient) says when the sharing
 * began and last changed (the moulds themselves are the recipient's grants with `shared_by` = the
 * sharer); `share_links` hold the SHA-256 of each share link's token, its recipient, expiry and use.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('sharer_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('shares_pair_unique', ['sharer_id', 'recipient_id'])
    .execute();
  await db.schema.createIndex('shares_recipient').on('shares').column('recipient_id').execute();
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('sharer_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('share_links_recipient').on('share_links').column('recipient_id').execute();
  await db.schema.createIndex('share_links_sharer').on('share_links').column('sharer_id').execute();
}
