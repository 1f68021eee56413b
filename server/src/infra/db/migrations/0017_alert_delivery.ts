import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Outgoing messages (DESIGN §3 infra/mail, infra/sms): one outbox for e-mail and SMS, each row sent
 * once by a job (claimed as 'sending' with a lease before the network call), retried with backoff.
 * Alert delivery: per user the alarm types wanted by e-mail / SMS, and the cursor over the user's
 * notices with the message budget of the current period (docs/decisions.md, alerts-delivery).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('unsubscribe_url', 'text')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  // The sender's scan: what is due (queued) or left behind by a crashed sender (sending).
  await sql`create index outbox_due on outbox (next_attempt_at, id) where state in ('queued', 'sending')`.execute(db);
  await db.schema.createIndex('outbox_user').on('outbox').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('user_alert_channels')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alarm_type', 'smallint', (c) => c.notNull())
    .addColumn('email', 'boolean', (c) => c.notNull())
    .addColumn('sms', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_alert_channels_pk', ['user_id', 'alarm_type'])
    .execute();

  await db.schema
    .createTable('alert_cursors')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_notice_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('period_start', 'timestamptz')
    .addColumn('sent_in_period', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'timestamptz')
    .execute();
  // Notices that exist before delivery does are not news: every user starts after them.
  await sql`insert into alert_cursors (user_id, last_notice_id)
    select u.id, coalesce((select max(m.id) from user_messages m), 0) from users u`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('alert_cursors').execute();
  await db.schema.dropTable('user_alert_channels').execute();
  await db.schema.dropTable('outbox').execute();
}
