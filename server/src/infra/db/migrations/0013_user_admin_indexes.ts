import type { Kysely } from 'kysely';

// Migrations see the database as it was when they were written, not as the app's types say now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * User administration: the users list pages an organisation's users by id; deleting a user removes
 * the grants they shared (user_mold_grants.shared_by cascades), which without an index scans every
 * grant of the install.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('users_org_id').on('users').columns(['org_id', 'id']).execute();
  await db.schema
    .createIndex('user_mold_grants_shared_by')
    .on('user_mold_grants')
    .column('shared_by')
    .where('shared_by', 'is not', null)
    .execute();
}
