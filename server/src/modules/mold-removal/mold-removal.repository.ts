import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/** What a removal took: the moulds, and the devices that were bound to them (now unbound). */
export interface RemovedMolds {
  moldIds: number[];
  deviceIds: number[];
}

/**
 * Deletes the organisation's moulds among `moldIds`, inside the caller's transaction. Their
 * readings, status, time-state slots, roll-ups, grants and user marks go by the foreign keys'
 * cascades; their devices stay registered and become unbound. The one way moulds are deleted:
 * a mould group's deletion and the single-mould delete both come here.
 */
export async function deleteMolds(
  trx: Transaction<Database>,
  orgId: number,
  moldIds: readonly number[],
): Promise<RemovedMolds> {
  if (moldIds.length === 0) return { moldIds: [], deviceIds: [] };
  const devices = await trx
    .selectFrom('devices')
    .select('id')
    .where('org_id', '=', orgId)
    .where('mold_id', 'in', moldIds)
    .execute();
  const deleted = await trx
    .deleteFrom('molds')
    .where('org_id', '=', orgId)
    .where('id', 'in', moldIds)
    .returning('id')
    .execute();
  return { moldIds: deleted.map((row) => row.id), deviceIds: devices.map((row) => row.id) };
}
