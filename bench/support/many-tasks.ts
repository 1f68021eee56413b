// Maintenance tasks for the maintenance bench: N tasks over the organisation's moulds (one in four
// regular, the rest PM by cycles), each linked to its mould, and one record per task.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/infra/db/schema.ts';

export async function seedManyTasks(db: Kysely<Database>, orgId: number, count: number): Promise<void> {
  const statements = [
    sql`insert into maintenance_tasks (org_id, task_name, task_type, mold_id, maint_interval, schedule_type,
          repeat, start_repeat, warning_type, warning_value, content, time_zone)
        select ${orgId}, 'Task ' || g, case when g % 4 = 0 then 'regular' else 'pm' end, m.id,
               case when g % 4 = 0 then null else 1000 + (g % 7) * 500 end, 1,
               case when g % 4 = 0 then 2 end, case when g % 4 = 0 then '2026-01-05' end, 'percent', 10,
               '[{"content":"Clean vents"},{"content":"Grease pins"}]'::jsonb, 'UTC'
          from generate_series(1, ${count}) g
          join (select id, row_number() over (order by id) as rn from molds where org_id = ${orgId}) m
            on m.rn = ((g - 1) % (select count(*) from molds where org_id = ${orgId})) + 1`,
    sql`insert into maintenance_task_molds (task_id, mold_id, org_id, pm_interval, base_counter, base_at)
        select t.id, t.mold_id, t.org_id, t.maint_interval, greatest(0, coalesce(s.counter, 0) - (t.id * 37) % 4000),
               now() - interval '10 days'
          from maintenance_tasks t left join mold_status s on s.mold_id = t.mold_id where t.org_id = ${orgId}`,
    sql`insert into maintenance_records (org_id, task_id, mold_id, task_name, task_type, content, counter, used,
          used_unit, confirmer_name, confirmed_at)
        select t.org_id, t.id, t.mold_id, t.task_name, t.task_type, '[{"content":"Clean vents","checked":true}]'::jsonb,
               1000, 1000, 'cycles', 'Bench', now() - (t.id % 300) * interval '1 hour'
          from maintenance_tasks t where t.org_id = ${orgId}`,
    sql`analyze maintenance_tasks`,
    sql`analyze maintenance_task_molds`,
    sql`analyze maintenance_records`,
  ];
  for (const statement of statements) await statement.execute(db);
}
