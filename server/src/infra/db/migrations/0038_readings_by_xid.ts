import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The alarm engine finds the readings not judged yet by the id of the transaction that stored them
 * (docs/decisions.md, "The alarm run finds its readings by transaction id"): a BRIN index on `xid`
 * (as a bigint: PostgreSQL has no BRIN operator class for xid8), so its cursor alone bounds the scan.
 * Before, the scan was bounded by `received_at` from `alarm_progress.scan_from`, the oldest writing
 * transaction's start less a second: ten times the readings a run judges were read, and a system
 * clock set back by more than that second would have hidden readings from the engine for good.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`create index readings_xid_order on readings using brin (((xid::text)::bigint))`.execute(db);
  await db.schema.alterTable('alarm_progress').dropColumn('scan_from').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('alarm_progress')
    .addColumn('scan_from', 'timestamptz', (c) => c.notNull().defaultTo(sql`now() - interval '1 day'`))
    .execute();
  await sql`drop index readings_xid_order`.execute(db);
}
