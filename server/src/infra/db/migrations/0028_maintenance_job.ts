import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The maintenance job rewrites the status and remaining of every link whose counter moved (15,000
 * links every 3 s with 10,000 moulds cycling), and each such row is written again in every index of
 * the table. `(org_id, status)` served no query: the schedule's status filter names the urgency too
 * and reads the schedule's index (org, urgency, remaining, …). One index fewer to write per link.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('maintenance_task_molds_org_status').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('maintenance_task_molds_org_status')
    .on('maintenance_task_molds')
    .columns(['org_id', 'status'])
    .execute();
}
