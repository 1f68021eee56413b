import { sql, type Kysely } from 'kysely';

// Migrations see the database as it was when they were written, not as the app's types say now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_viewer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('roles_org_name_unique', ['org_id', 'name'])
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('parent', 'bigint', (c) => c.references('menu_items.id'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('actions', 'jsonb', (c) => c.notNull())
    .addColumn('api', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_kor', 'text', (c) => c.notNull())
    .addColumn('name_por', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'bigint', (c) => c.notNull().references('menu_items.id').onDelete('cascade'))
    .addColumn('actions', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('is_staff', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('subscribe', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('frequency', 'smallint', (c) => c.notNull().defaultTo(3))
    .addColumn('frequency_period', 'text', (c) => c.notNull().defaultTo('daily'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('utc_offset', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('C'))
    .addColumn('jk_type', 'text', (c) => c.notNull().defaultTo('J'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login', 'timestamptz')
    .addColumn('date_joined', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Accounts are unique whatever their case: "Admin" and "admin" are one account.
  await sql`create unique index users_username_unique on users (lower(username))`.execute(db);

  await db.schema
    .createTable('molds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mold_number', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_mold_grants')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('shared_by', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_mold_grants_pk', ['user_id', 'mold_id'])
    .execute();

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

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'login_failures',
    'user_mold_grants',
    'molds',
    'users',
    'role_permissions',
    'menu_items',
    'roles',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
