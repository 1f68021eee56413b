import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Login throttling by counters instead of one row per failure (docs/decisions.md, "Login
 * throttling"): a counter per (account, address), per address and per account, each locked and
 * bumped in the same transaction that decides whether an attempt may go ahead, so parallel
 * attempts on any instance count. `''` stands for "any": (account, '') counts an account across
 * addresses, ('', address) an address across accounts. Addresses a user logged in from are kept, so
 * that the owner is not held back by what strangers do to the account.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('login_counters')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_counters_pk', ['account', 'address'])
    .execute();
  await db.schema.createIndex('login_counters_last_attempt').on('login_counters').column('last_attempt_at').execute();

  await db.schema
    .createTable('login_known_addresses')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_known_addresses_pk', ['user_id', 'address'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_known_addresses').execute();
  await db.schema.dropTable('login_counters').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_username')
    .on('login_failures')
    .columns(['username', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_address')
    .on('login_failures')
    .columns(['address', 'failed_at'])
    .execute();
}
