import { sql, type Kysely } from 'kysely';

// Migrations see the database as it was when they were written, not as the app's types say now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The alarm pages list a user's alarms of one or two types, newest first, over the moulds they hold
 * (which may span organisations: shared moulds). By type and time, carrying the mould, the page is an
 * index range checked against the grants, and the count and the position of an alarm read the
 * index alone.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`create index alarms_type_newest on alarms (alarm_type, opened_at desc, id desc) include (mold_id)`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('alarms_type_newest').execute();
}
