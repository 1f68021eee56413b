import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Renewal of device subscriptions (menu 37–40): the price list with the receiving bank per country
 * (seeded here, changed by the platform operator), orders with their moulds, and the reminders
 * already sent per mould, expiry and stage (the reminder job's idempotency), and each user's
 * dismissal of the sidebar's red dot.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('renewal_prices')
    .addColumn('country', 'text', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_amount', 'bigint', (c) => c.notNull().check(sql`unit_amount >= 0`))
    .addColumn('bank_of_deposit', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('swift', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .insertInto('renewal_prices')
    .values([
      {
        country: 'CN',
        currency: 'CNY',
        unit_amount: 36_000,
        bank_of_deposit: 'Bank of China, Shenzhen Branch',
        account_name: 'Mouldwatch Technology Co., Ltd.',
        account_number: '7453 6020 1122 3344',
        swift: 'BKCHCNBJ45A',
      },
      {
        country: 'US',
        currency: 'USD',
        unit_amount: 5_000,
        bank_of_deposit: 'Citibank N.A., New York',
        account_name: 'Mouldwatch Inc.',
        account_number: '3099 1234 5678',
        swift: 'CITIUS33',
      },
      {
        country: 'KR',
        currency: 'KRW',
        unit_amount: 65_000,
        bank_of_deposit: 'Shinhan Bank, Seoul',
        account_name: 'Mouldwatch Korea Ltd.',
        account_number: '100-034-567890',
        swift: 'SHBKKRSE',
      },
      {
        country: 'BR',
        currency: 'BRL',
        unit_amount: 25_000,
        bank_of_deposit: 'Banco do Brasil, São Paulo',
        account_name: 'Mouldwatch Brasil Ltda.',
        account_number: '0001 2345 6789',
        swift: 'BRASBRRJSPO',
      },
      {
        country: 'DE',
        currency: 'EUR',
        unit_amount: 4_600,
        bank_of_deposit: 'Commerzbank, Frankfurt',
        account_name: 'Mouldwatch GmbH',
        account_number: 'DE89 3704 0044 0532 0130 00',
        swift: 'COBADEFFXXX',
      },
    ])
    .execute();

  await db.schema
    .createTable('renewals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('years', 'smallint', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_amount', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('bank_of_deposit', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('swift', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remitter', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remitter_account_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remitter_country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transaction_serial_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('renewal_type', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('renewal_start_date', 'timestamptz')
    .addColumn('expiration_date', 'timestamptz')
    .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('remitted_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addCheckConstraint('renewals_status', sql`status in ('unpaid', 'cancelled', 'finished')`)
    .execute();
  await db.schema
    .createIndex('renewals_org_status_newest')
    .on('renewals')
    .columns(['org_id', 'status', 'id desc'])
    .execute();

  await db.schema
    .createTable('renewal_molds')
    .addColumn('renewal_id', 'bigint', (c) => c.notNull().references('renewals.id').onDelete('cascade'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('previous_expires_at', 'timestamptz')
    .addColumn('starts_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addPrimaryKeyConstraint('renewal_molds_pk', ['renewal_id', 'mold_id'])
    .execute();
  await db.schema.createIndex('renewal_molds_mold').on('renewal_molds').column('mold_id').execute();

  await db.schema
    .createTable('renewal_reminders')
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('stage', 'smallint', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('renewal_reminders_pk', ['mold_id', 'expires_at', 'stage'])
    .execute();

  await db.schema
    .createTable('renewal_flag_dismissals')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('dismissed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index molds_subscription_expiry on molds (subscription_expires_at) where subscription_expires_at is not null`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists molds_subscription_expiry`.execute(db);
  for (const table of ['renewal_flag_dismissals', 'renewal_reminders', 'renewal_molds', 'renewals', 'renewal_prices']) {
    await db.schema.dropTable(table).execute();
  }
}
