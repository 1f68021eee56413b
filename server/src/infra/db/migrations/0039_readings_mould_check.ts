import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A reading's mould is checked once per mould of a batch, not once per reading (docs/decisions.md,
 * "The readings' mould checked once per batch"). The foreign key checked every row with a trigger of
 * its own: the insert took twice the database time on PostgreSQL. The insert now locks the batch's
 * moulds as the key's check did (`for key share`, ingest.repository.ts), and a mould's removal
 * deletes its readings itself (mold-removal.repository.ts), after the mould, so an insert under way
 * is waited for.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`alter table readings drop constraint readings_mold_id_fkey`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from readings where mold_id is not null and mold_id not in (select id from molds)`.execute(db);
  await sql`alter table readings add constraint readings_mold_id_fkey foreign key (mold_id) references molds (id)
    on delete cascade`.execute(db);
}
