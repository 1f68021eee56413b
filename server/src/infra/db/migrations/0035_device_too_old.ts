import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What a device sent that is older than the raw retention (stored raw, counted in no slot, bucket or
 * report; issue 25 item 9): how many such readings it has sent, when the last one arrived, the oldest
 * reading time seen, and when the current burst of them began (one notice per burst).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('too_old_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('too_old_last_at', 'timestamptz')
    .addColumn('too_old_oldest_ts', 'timestamptz')
    .addColumn('too_old_burst_at', 'timestamptz')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('devices')
    .dropColumn('too_old_count')
    .dropColumn('too_old_last_at')
    .dropColumn('too_old_oldest_ts')
    .dropColumn('too_old_burst_at')
    .execute();
}
