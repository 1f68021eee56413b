import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The installation's identity: one random id per database, made once. Every instance of an
 * installation reads the same; two installations never share one, so what must keep them apart
 * where they share a service (their channels on one Redis) is derived from it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('installation')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.insertInto('installation').defaultValues().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('installation').execute();
}
