import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The device's sequence number of the last reading a mould's status applied: a reading of the
 * same second with a lower one is late (two instances commit one device's readings of a second in
 * either order). Double precision, not bigint: a seq is at most 2^53 − 1 (the protocol's bound),
 * which it holds exactly, and both drivers answer it as a number.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mold_status').addColumn('last_seq', 'double precision').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mold_status').dropColumn('last_seq').execute();
}
