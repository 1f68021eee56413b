import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/infra/db/schema.js';

/**
 * N alarms over the organisation's moulds (one after another, round robin), in one statement: types
 * 3 (40 %), 2 (25 %), 1 (10 %), 4 (20 %) and 5 (5 %), opened over the last 90 days, the first tenth of
 * the moulds' newest ones open, a third acknowledged. Then the table is analysed, as autovacuum would.
 */
export async function seedManyAlarms(db: Kysely<Database>, orgId: number, count: number): Promise<void> {
  const admin = await db.selectFrom('users').select('id').where('org_id', '=', orgId).executeTakeFirstOrThrow();
  await sql`
    with m as (
      select id, (row_number() over (order by id) - 1)::int as k, count(*) over ()::int as n
      from molds where org_id = ${orgId}
    ),
    s as (
      select i, case when i % 20 < 8 then 3 when i % 20 < 13 then 2 when i % 20 < 15 then 1
                     when i % 20 < 19 then 4 else 5 end as t,
             now() - make_interval(secs => (${count} - i) * (90 * 86400.0 / ${count})) as opened
      from generate_series(1, ${count}) as i
    )
    insert into alarms (org_id, mold_id, alarm_type, unique_str, channel, channel_name, temp_type, level,
                        value, bound, set_value, opened_at, updated_at, closed_at, acknowledged_at,
                        acknowledged_by, ack_comment, notified_count, last_notified_at)
    select ${orgId}, m.id, s.t, md5(s.i::text || random()::text),
           case s.t when 3 then 'mold_temp:' || (1 + s.i % 4) when 2 then 'cycle_time' when 1 then 'task:' || s.i
                    when 4 then 'offline' else 'battery' end,
           '', case when s.t = 3 then 1 end, case when s.i % 7 = 0 then 'early' else 'alert' end,
           80 + s.i % 20, 75, 60, s.opened, s.opened,
           case when s.i > ${count} - m.n / 10 then null else s.opened + interval '10 minutes' end,
           case when s.i % 3 = 0 then s.opened + interval '5 minutes' end,
           case when s.i % 3 = 0 then ${admin.id}::bigint end, '', 1, s.opened
    from s join m on m.k = s.i % m.n
  `.execute(db);
  await sql`analyze alarms`.execute(db);
}
