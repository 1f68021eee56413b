import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Late readings (DESIGN §8): a mould's status keeps what the slots of a recomputed window need and
 * its stored readings cannot cheaply tell — when the mould first cycled (stand-by before it, stopped
 * after it) and whether an alarm was active when its time was last accounted (so that time is
 * taken back exactly when a reading turns out to have come earlier).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('mold_status')
    .addColumn('first_cycle_at', 'timestamptz')
    .addColumn('alarm_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.executeQuery(
    db
      .updateTable('mold_status')
      .set((eb) => ({ first_cycle_at: eb.ref('last_cycle_at') }))
      .compile(),
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mold_status').dropColumn('first_cycle_at').dropColumn('alarm_active').execute();
}
