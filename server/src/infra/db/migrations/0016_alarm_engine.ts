import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The alarm engine's durable marks (docs/decisions.md, "Alarm engine"):
 * - each reading carries the id of the transaction that stored it (`xid`, xid8): the engine judges
 *   the readings of the transactions below a cursor, which moves only up to the oldest transaction
 *   still running, so every committed reading is judged exactly once, whatever the commit order
 *   and across restarts. Readings stored before this migration have none and are not judged.
 * - `alarm_progress`: that cursor, and from when on readings are looked for (received_at, BRIN).
 * - `alarm_tracks`: what the judge remembers per mould (latest reading judged, learned interval,
 *   runs of breaching readings not yet long enough to open an alarm).
 */
export async function up(db: AnyDb): Promise<void> {
  // No default on add: the existing rows stay as they are (no rewrite of the table); new rows get it.
  await sql`alter table readings add column xid xid8`.execute(db);
  await sql`alter table readings alter column xid set default pg_current_xact_id()`.execute(db);
  await db.schema
    .createTable('alarm_progress')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('judged_below', sql`xid8`, (c) => c.notNull())
    .addColumn('scan_from', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`insert into alarm_progress (name, judged_below, scan_from)
    values ('readings', pg_snapshot_xmin(pg_current_snapshot()), now())`.execute(db);
  await db.schema
    .createTable('alarm_tracks')
    .addColumn('mold_id', 'bigint', (c) => c.primaryKey().references('molds.id').onDelete('cascade'))
    .addColumn('last_ts', 'timestamptz')
    .addColumn('powered_off', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('offline_after_s', 'integer', (c) => c.notNull())
    .addColumn('tracks', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('alarm_tracks').execute();
  await db.schema.dropTable('alarm_progress').execute();
  await sql`alter table readings drop column xid`.execute(db);
}
