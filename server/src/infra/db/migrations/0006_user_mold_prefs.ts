import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Each user's own view of their moulds on the home screen: favourite flag and place in their order.
 * They live on the grant, so they exist exactly while the user may see the mould and go with it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('user_mold_grants')
    .addColumn('favourite', 'boolean', (c) => c.notNull().defaultTo(false))
    // Null until the user first orders their moulds: such moulds follow the ordered ones, by id.
    .addColumn('sort', 'integer')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_mold_grants').dropColumn('favourite').dropColumn('sort').execute();
}
