import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Mould administration (issue 11): a mould's subscription expiry (null until the renewal work sets
 * it: a renewal moves it on, reminders read it), and the index the mould list pages by, newest first,
 * within an organisation.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('molds').addColumn('subscription_expires_at', 'timestamptz').execute();
  await sql`create index molds_org_id_desc on molds (org_id, id desc)`.execute(db);
  await db.schema.createIndex('user_mold_grants_mold').on('user_mold_grants').column('mold_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('user_mold_grants_mold').execute();
  await db.schema.dropIndex('molds_org_id_desc').execute();
  await db.schema.alterTable('molds').dropColumn('subscription_expires_at').execute();
}
