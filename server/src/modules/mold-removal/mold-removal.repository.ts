import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/** What a removal took: the moulds, their images, who held grants, and the devices they had (now unbound). */
export interface RemovedMolds {
  moldIds: number[];
  images: string[];
  grantHolders: number[];
  deviceIds: number[];
}

/**
 * Deletes the organisation's moulds among `moldIds`, inside the caller's transaction: the one way
 * moulds are deleted (a single mould, a mould group). Their roll-ups (no foreign key, migration
 * 0005) and readings (none either, migration 0039) go explicitly; grants, status, time-state slots,
 * notices and channel choices by the foreign keys' cascades. Their devices stay registered, unbound.
 * The readings go after the moulds: deleting a mould waits for the inserts that locked it
 * (IngestRepository.storeReadings), and the readings' delete then sees what they stored.
 */
export async function deleteMolds(
  trx: Transaction<Database>,
  orgId: number,
  moldIds: readonly number[],
): Promise<RemovedMolds> {
  const molds =
    moldIds.length === 0
      ? []
      : await trx
          .selectFrom('molds')
          .select(['id', 'mold_image'])
          .where('org_id', '=', orgId)
          .where('id', 'in', moldIds)
          .execute();
  const ids = molds.map((mold) => mold.id);
  if (ids.length === 0) return { moldIds: [], images: [], grantHolders: [], deviceIds: [] };
  const [devices, holders] = await Promise.all([
    trx.selectFrom('devices').select('id').where('mold_id', 'in', ids).execute(),
    trx.selectFrom('user_mold_grants').select('user_id').distinct().where('mold_id', 'in', ids).execute(),
  ]);
  await trx.deleteFrom('mold_rollups').where('mold_id', 'in', ids).execute();
  await trx.deleteFrom('molds').where('id', 'in', ids).execute();
  await trx.deleteFrom('readings').where('mold_id', 'in', ids).execute();
  return {
    moldIds: ids,
    images: molds.map((mold) => mold.mold_image).filter((image) => image !== ''),
    grantHolders: holders.map((row) => row.user_id),
    deviceIds: devices.map((row) => row.id),
  };
}
