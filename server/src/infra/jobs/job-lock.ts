import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Takes the job's lock for the rest of the transaction, or answers false when another instance
 * holds it. The lock is per schema, so test databases sharing a server never block each other.
 */
export async function tryJobLock(trx: Transaction<Database>, jobName: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext(current_schema() || '.' || ${jobName})) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
