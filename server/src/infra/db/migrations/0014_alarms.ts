import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Alarms (DESIGN §8): a record with a lifetime per mould and channel — opened, updated with the
 * worst value seen, closed, acknowledged. At most one open alarm per mould, type and channel, so
 * two instances judging the same reading cannot open it twice. Per organisation: the delay after
 * which an open, unacknowledged alarm is sent again.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alarms')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('mold_id', 'bigint', (c) => c.notNull().references('molds.id').onDelete('cascade'))
    .addColumn('alarm_type', 'smallint', (c) => c.notNull())
    .addColumn('unique_str', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('channel_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('temp_type', 'smallint')
    .addColumn('level', 'text', (c) => c.notNull().defaultTo('alert'))
    .addColumn('value', 'double precision')
    .addColumn('bound', 'double precision')
    .addColumn('set_value', 'double precision')
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ack_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notified_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_notified_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alarms_org_type_newest')
    .on('alarms')
    .columns(['org_id', 'alarm_type', 'opened_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('alarms_mold_newest').on('alarms').columns(['mold_id', 'opened_at desc']).execute();
  await sql`create unique index alarms_one_open_per_channel on alarms (mold_id, alarm_type, channel) where closed_at is null`.execute(
    db,
  );
  await db.schema
    .createTable('alarm_settings')
    .addColumn('org_id', 'bigint', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('escalation_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('alarm_settings').execute();
  await db.schema.dropTable('alarms').execute();
}
