import type { Kysely } from 'kysely';
import type { Database } from '../src/infra/db/schema.js';
import { createMold } from './factories.js';

const quarter = (bucket: number, values: Record<string, number>) => ({
  bucket: new Date(bucket * 1000),
  run_s: 0,
  idle_s: 0,
  alarm_s: 0,
  stop_s: 0,
  off_s: 0,
  shots: 0,
  energy_kwh: 0,
  cycle_time_sum: 0,
  cycle_time_n: 0,
  ...values,
});

/** A 15-minute roll-up of the same figures for every quarter of [from, to) (epoch seconds). */
export async function addRollups(
  db: Kysely<Database>,
  moldId: number,
  from: number,
  to: number,
  values: Record<string, number>,
) {
  const rows = [];
  for (let bucket = from; bucket < to; bucket += 900) rows.push({ mold_id: moldId, ...quarter(bucket, values) });
  await db.insertInto('mold_rollups').values(rows).execute();
}

/** A work order of the mould (starting at `startDate`) with rejects recorded at [epoch seconds, quantity]. */
export async function addRejects(
  db: Kysely<Database>,
  orgId: number,
  moldId: number,
  startDate: number,
  entries: Array<[number, number]>,
) {
  const order = await db
    .insertInto('work_orders')
    .values({
      org_id: orgId,
      mold_id: moldId,
      order_no: `WO-${moldId}-${entries[0]![0]}`,
      start_date: new Date(startDate * 1000),
      quantity: 10_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('work_order_rejects')
    .values(
      entries.map(([at, quantity]) => ({
        order_id: order.id,
        mold_id: moldId,
        quantity,
        recorded_at: new Date(at * 1000),
      })),
    )
    .execute();
}

/** A mould of the organisation with these settings and cavitation, granted to the users. */
export async function addMouldWith(
  db: Kysely<Database>,
  orgId: number,
  info: Record<string, unknown>,
  cavitation: number,
  grantedTo: number[],
) {
  const id = await createMold(db, orgId, grantedTo);
  await db
    .updateTable('molds')
    .set({ cavitation, info: JSON.stringify(info) })
    .where('id', '=', id)
    .execute();
  return id;
}
