import type { Transaction } from 'kysely';
import type { Database } from '../infra/db/schema.js';

const DAY_MS = 86_400_000;
const PM_INTERVAL = 20_000;

/** Where each of the first moulds stands in its PM cycle: a fraction of the interval used. */
const PM_POSITIONS = [0.4, 0.93, 1.04, 0.7, 0.97, 0.2];

const CHECKLIST = [
  { content: 'Clean parting line and vents' },
  { content: 'Grease ejector pins and guide pillars' },
  { content: 'Check water lines for leaks' },
];

/**
 * Demo maintenance (issue 13): a PM task on the first moulds placed so the schedule shows each of
 * the three statuses, a monthly regular task for the first company's moulds, and a record of past
 * work. The job evaluates the statuses within seconds of the start.
 */
export async function seedDemoMaintenance(
  trx: Transaction<Database>,
  orgId: number,
  moulds: ReadonlyArray<{ moldId: number; startCount: number; timeZone: string }>,
  counters: ReadonlyMap<number, number>,
  now: Date,
): Promise<void> {
  const confirmer = await trx
    .selectFrom('users')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  for (const [index, position] of PM_POSITIONS.entries()) {
    const mould = moulds[index];
    if (!mould) break;
    const counter = counters.get(mould.moldId) ?? mould.startCount;
    const task = await trx
      .insertInto('maintenance_tasks')
      .values({
        org_id: orgId,
        task_name: index % 2 === 0 ? 'Preventive maintenance' : 'Ejector and cooling check',
        task_type: 'pm',
        mold_id: mould.moldId,
        maint_interval: PM_INTERVAL,
        warning_type: 'percent',
        warning_value: 10,
        content: JSON.stringify(CHECKLIST),
        time_zone: mould.timeZone || 'UTC',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const baseCounter = Math.max(0, counter - Math.round(PM_INTERVAL * position));
    const lastAt = new Date(now.getTime() - (20 + index * 3) * DAY_MS);
    await trx
      .insertInto('maintenance_task_molds')
      .values({
        task_id: task.id,
        mold_id: mould.moldId,
        org_id: orgId,
        pm_interval: PM_INTERVAL,
        base_counter: baseCounter,
        base_at: lastAt,
        last_maint_at: lastAt,
      })
      .execute();
    await trx
      .insertInto('maintenance_records')
      .values({
        org_id: orgId,
        task_id: task.id,
        mold_id: mould.moldId,
        task_name: index % 2 === 0 ? 'Preventive maintenance' : 'Ejector and cooling check',
        task_type: 'pm',
        content: JSON.stringify(
          CHECKLIST.map((item, itemIndex) => ({ ...item, checked: itemIndex !== 2 || index % 3 !== 0 })),
        ),
        remarks: index === 1 ? 'Replaced two worn ejector pins' : '',
        counter: baseCounter,
        previous_at: new Date(lastAt.getTime() - 30 * DAY_MS),
        used: PM_INTERVAL + (index - 2) * 150,
        used_unit: 'cycles',
        confirmer_id: confirmer.id,
        confirmer_name: confirmer.name,
        confirmed_at: lastAt,
        alarm_at: new Date(lastAt.getTime() - 2 * DAY_MS),
      })
      .execute();
  }
  const company = await trx
    .selectFrom('companies')
    .select('id')
    .where('org_id', '=', orgId)
    .orderBy('id')
    .executeTakeFirst();
  if (!company) return;
  // First due in 3 days (its start date is its first due date), inside the 5-day warning window: the
  // company's moulds show an upcoming inspection (Preventive MAINT), not one missed for weeks.
  const start = new Date(now.getTime() + 3 * DAY_MS).toISOString().slice(0, 10);
  await trx
    .insertInto('maintenance_tasks')
    .values({
      org_id: orgId,
      task_name: 'Monthly mould inspection',
      task_type: 'regular',
      company_id: company.id,
      schedule_type: 2,
      repeat: 1,
      start_repeat: start,
      warning_type: 'count',
      warning_value: 5,
      content: JSON.stringify([{ content: 'Inspect cavities for wear' }, { content: 'Check hot runner wiring' }]),
      time_zone: 'UTC',
    })
    .execute();
  // The job links the company's moulds at its first run.
}
