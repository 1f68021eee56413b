import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What a maintenance alarm's value counts (issue 25): 'cycles' or 'days' left (negative: past due),
 * null for every other alarm type, whose channel says its unit. Maintenance alarms already stored
 * take the unit their task × mould link has now; one whose task is gone keeps null (shown as a plain
 * count, as before).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('alarms')
    .addColumn('unit', 'text', (column) => column.check(sql`unit in ('cycles', 'days')`))
    .execute();
  await sql`
    update alarms a set unit = l.unit
      from maintenance_task_molds l
     where a.alarm_type = 1 and l.mold_id = a.mold_id and a.channel = 'task:' || l.task_id::text`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('alarms').dropColumn('unit').execute();
}
