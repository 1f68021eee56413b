import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/infra/db/schema.js';
import { KEPT_DAY_SUMS } from '../src/modules/reports/reports.repository.js';
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

/** Each kept month (migration 0037) that differs from the sum of its kept days: none, when the triggers kept them. */
export async function monthsAgainstDays(db: Kysely<Database>) {
  const sums = KEPT_DAY_SUMS.join(', ');
  const { rows } = await sql<Record<string, unknown>>`
    with days as (
      select zone, mold_id, date_trunc('month', lo at time zone zone) at time zone zone as lo,
        (date_trunc('month', lo at time zone zone) + interval '1 month') at time zone zone as hi, count(*)::int as days,
        ${sql.raw(KEPT_DAY_SUMS.map((name) => `sum(${name})::bigint as ${name}`).join(', '))}
      from mold_day_rollups group by 1, 2, 3, 4
    ), months as (
      select zone, mold_id, lo, hi, days, ${sql.raw(sums)} from mold_day_months
    )
    (select 'month' as kept, * from months except select 'month', * from days)
    union all
    (select 'days', * from days except select 'days', * from months)`.execute(db);
  return rows;
}

/** Each kept day whose rejects differ from what the ledger records in that local day: none, when kept. */
export async function dayRejectsAgainstLedger(db: Kysely<Database>) {
  const { rows } = await sql<Record<string, unknown>>`
    with ledger as (
      select z.zone, r.mold_id, date_trunc('day', r.recorded_at at time zone z.zone) at time zone z.zone as lo,
        sum(r.quantity)::bigint as rejects, count(*)::bigint as reject_records
      from work_order_rejects r cross join report_day_zones z where z.filled_at is not null group by 1, 2, 3
    ), days as (
      select zone, mold_id, lo, rejects, reject_records from mold_day_rollups where reject_records <> 0 or rejects <> 0
    )
    (select 'ledger' as kept, * from ledger except select 'ledger', * from days)
    union all
    (select 'days', * from days except select 'days', * from ledger)`.execute(db);
  return rows;
}
