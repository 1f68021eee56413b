import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Sign-up, activation and forgot password (issue 24, docs/decisions.md "Verification codes"):
 *
 * - `users.awaiting_activation`: an account signed up and not yet activated by its code; it is
 *   inactive like a disabled one, but its login says how to activate it.
 * - `account_codes`: the one live code of an account per purpose, stored as a keyed hash only; a
 *   new code replaces the row (the old code is dead), a used one or the fifth wrong try deletes it.
 * - The addresses a code is asked for by are looked up case-insensitively (e-mail) or as typed (mobile).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('awaiting_activation', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('account_codes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('activate', 'reset')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('account_codes_pk', ['user_id', 'purpose'])
    .execute();
  await sql`create index users_email_lower on users (lower(email)) where email <> ''`.execute(db);
  await sql`create index users_mobile on users (mobile) where mobile <> ''`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index users_mobile`.execute(db);
  await sql`drop index users_email_lower`.execute(db);
  await db.schema.dropTable('account_codes').execute();
  await db.schema.alterTable('users').dropColumn('awaiting_activation').execute();
}
