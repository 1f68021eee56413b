import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/infra/db/schema.js';

/**
 * `count` work orders spread over the organisation's moulds in every state (one working order on
 * each of the first half of the moulds), with a reject on every tenth, then the tables analysed.
 */
export async function seedManyWorkOrders(db: Kysely<Database>, orgId: number, count: number): Promise<void> {
  await sql`
    with ids as (select array_agg(id order by id) as ids from molds where org_id = ${orgId})
    insert into work_orders (org_id, mold_id, order_no, machine, workshop, project_name, start_date, quantity,
      status, start_counter, started_at, finished, reject)
    select ${orgId}, ids.ids[1 + (g - 1) % cardinality(ids.ids)], 'WO-' || lpad(g::text, 6, '0'),
      'Press ' || (g % 40), 'Hall ' || (g % 5), 'Project ' || (g % 300),
      now() - make_interval(mins => g), 1000 + g % 5000,
      case when g <= cardinality(ids.ids) / 2 then 'working'
           when g % 4 = 0 then 'finish' when g % 4 = 1 then 'stop' else 'created' end,
      case when g <= cardinality(ids.ids) / 2 or g % 4 in (0, 1) then 0 end,
      case when g <= cardinality(ids.ids) / 2 or g % 4 in (0, 1) then now() - make_interval(mins => g) end,
      case when g % 4 = 0 then 1000 + g % 5000 else (g % 1000) end,
      case when g % 10 = 0 then 3 else 0 end
    from generate_series(1, ${count}) g, ids`.execute(db);
  await sql`
    insert into work_order_rejects (order_id, mold_id, quantity, recorded_at)
    select id, mold_id, 3, start_date from work_orders where org_id = ${orgId} and reject = 3`.execute(db);
  await sql`analyze work_orders`.execute(db);
  await sql`analyze work_order_rejects`.execute(db);
}
