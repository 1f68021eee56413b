import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Mould administration (issue 11): a mould's subscription expiry (null until the renewal work sets
 * it: a renewal moves it on, reminders read it), the index the mould list pages by, newest first,
 * within an organisation, and the text its search looks in: name and mould no in lower case, kept by
 * the database, so a search is one LIKE on one column (ILIKE on two was 3–4 times slower on PGlite).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('molds').addColumn('subscription_expires_at', 'timestamptz').execute();
  // chr(31) between the two: a search never matches across them.
  await sql`alter table molds add column search_text text generated always as
            (lower(name || chr(31) || mold_number)) stored`.execute(db);
  await sql`create index molds_org_id_desc on molds (org_id, id desc)`.execute(db);
  await db.schema.createIndex('user_mold_grants_mold').on('user_mold_grants').column('mold_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('user_mold_grants_mold').execute();
  await db.schema.dropIndex('molds_org_id_desc').execute();
  await db.schema.alterTable('molds').dropColumn('search_text').execute();
  await db.schema.alterTable('molds').dropColumn('subscription_expires_at').execute();
}
