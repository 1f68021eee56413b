import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { maintenanceDue, warningWindow, type MaintenanceStatus, type ScheduleType } from '@mouldwatch/shared';
import type { BusEvents } from '../../infra/bus/event-bus.js';
import { createMold } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { MaintenanceRepository } from './maintenance.repository.js';
import { dueInputOf } from './maintenance.service.js';

// The job evaluates links of tasks that are PM by cycles alone set-wise in SQL, and the others row by
// row with `maintenanceDue`. Here both meet a mixed set of tasks and must give what `maintenanceDue`
// gives for every link, and announce exactly the links whose status changed.

let app: TestApp;
/** The test's clock (ms), with a fraction of a second: manual starts compare whole seconds. */
let clock = Date.UTC(2026, 5, 1, 10, 0, 0, 600);
const events: Array<BusEvents['maintenanceDue']> = [];

beforeAll(async () => {
  // The job runs only when the test calls it; the clock is the test's.
  app = await startTestApp({}, undefined, { jobs: { maintenance: { intervalMs: 3_600_000 } } });
  app.context.now = () => new Date(clock);
  app.context.bus.subscribe('maintenanceDue', (event) => {
    events.push(event);
  });
});
afterAll(() => app.close());

async function setCounter(moldId: number, counter: number) {
  await sql`insert into mold_status (mold_id, state, online, counter, state_since, accounted_until)
    values (${moldId}, 'run', true, ${counter}, now(), now())
    on conflict (mold_id) do update set counter = excluded.counter`.execute(app.context.db);
}

interface TaskSpec {
  task_type: 'pm' | 'regular';
  maint_interval: number | null;
  interval_days: number | null;
  schedule_type: ScheduleType;
  repeat: number | null;
  start_repeat: string | null;
  warning_type: 'percent' | 'count';
  warning_value: number;
}

async function insertTask(orgId: number, name: string, spec: TaskSpec): Promise<number> {
  const row = await app.context.db
    .insertInto('maintenance_tasks')
    .values({ org_id: orgId, task_name: name, mold_id: null, time_zone: 'Europe/Berlin', content: '[]', ...spec })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every link of the organisation as the job reads it, with the urgency it saved. */
async function links(orgId: number) {
  const rows = await new MaintenanceRepository(app.context.db).linksToEvaluate(app.context.db, { all: true });
  const urgencies = await app.context.db
    .selectFrom('maintenance_task_molds')
    .select(['task_id', 'mold_id', 'urgency'])
    .where('org_id', '=', orgId)
    .execute();
  const urgency = new Map(urgencies.map((row) => [`${row.task_id}-${row.mold_id}`, row.urgency]));
  return rows
    .filter((link) => link.org_id === orgId)
    .map((link) => ({ ...link, urgency: urgency.get(`${link.task_id}-${link.mold_id}`) }))
    .sort((a, b) => a.task_id - b.task_id || a.mold_id - b.mold_id);
}

type Link = Awaited<ReturnType<typeof links>>[number];

/** What `maintenanceDue` says of the link now. */
const expected = (link: Link) => maintenanceDue(dueInputOf(link), Math.floor(clock / 1000));

/**
 * A link whose result moves with the counter has its counter saved with it; one of a calendar rule
 * alone is re-evaluated when a day may have turned, not when its counter moves.
 */
const byCounter = (link: Link) => link.task_type === 'pm' && link.maint_interval !== null;

const URGENCY: Record<MaintenanceStatus, number> = { exceeded: 0, warning: 1, normal: 2 };

/** Each link's saved evaluation must be the rules' answer; answers the statuses by link. */
function expectSavedAsTheRules(rows: Link[]) {
  const saved = rows.map((link) => ({
    link: `${link.task_id}-${link.mold_id}`,
    status: link.status,
    urgency: link.urgency,
    remaining: link.remaining,
    unit: link.unit,
    due_date: link.due_date,
    alarm: link.alarm_at !== null,
    eval_counter: byCounter(link) ? link.eval_counter : 'calendar alone',
  }));
  const rules = rows.map((link) => {
    const due = expected(link);
    return {
      link: `${link.task_id}-${link.mold_id}`,
      status: due.status,
      urgency: URGENCY[due.status],
      remaining: due.remaining,
      unit: due.unit,
      due_date: due.due_date,
      alarm: due.status !== 'normal',
      eval_counter: byCounter(link) ? link.counter : 'calendar alone',
    };
  });
  expect(saved).toEqual(rules);
  return new Map(rows.map((link) => [`${link.task_id}-${link.mold_id}`, link.status]));
}

describe('the set-wise evaluation', () => {
  it('gives every link of a mixed set the answer of the per-link rules, and announces exactly the status changes', async () => {
    const orgId = app.orgId;
    const molds = await Promise.all(Array.from({ length: 6 }, () => createMold(app.context.db, orgId)));
    // One mould never reported (no counter); one keeps its own calendar zone (+5:45).
    await Promise.all(molds.slice(1).map((moldId, index) => setCounter(moldId, 5_000 + (index + 1) * 7)));
    await app.context.db
      .updateTable('molds')
      .set({ time_zone: 'Asia/Kathmandu' })
      .where('id', '=', molds[2]!)
      .execute();

    const specs: TaskSpec[] = [];
    const regular = { schedule_type: 1 as ScheduleType, repeat: null, start_repeat: null };
    for (const maint_interval of [1, 50, 333, 1000]) {
      for (const [warning_type, warning_value] of [
        ['percent', 0],
        ['percent', 10],
        ['percent', 33],
        ['percent', 99],
        ['count', 0],
        ['count', 7],
        ['count', 2_000],
      ] as const) {
        specs.push({ task_type: 'pm', maint_interval, interval_days: null, warning_type, warning_value, ...regular });
      }
    }
    // Calendar ones, evaluated row by row: PM by days, by cycles and days, regular by days, weeks, months.
    specs.push(
      {
        task_type: 'pm',
        maint_interval: null,
        interval_days: 12,
        warning_type: 'percent',
        warning_value: 20,
        ...regular,
      },
      { task_type: 'pm', maint_interval: 400, interval_days: 30, warning_type: 'count', warning_value: 5, ...regular },
      ...([0, 1, 2] as const).map((schedule_type) => ({
        task_type: 'regular' as const,
        maint_interval: null,
        interval_days: null,
        schedule_type,
        repeat: 2,
        start_repeat: '2026-01-31',
        warning_type: 'count' as const,
        warning_value: 3,
      })),
    );
    const taskIds = [];
    for (const [index, spec] of specs.entries()) taskIds.push(await insertTask(orgId, `Mixed ${index}`, spec));

    // Links of each task to several moulds, bases spread around the due and warning points, some
    // started manually (in the past, this very second, later), some with an older alarm time.
    const at = (offsetSeconds: number) => new Date(Math.floor(clock / 1000) * 1000 + offsetSeconds * 1000);
    // PM by cycles: each link's remaining put just around its points (past due, 0, 1, the warning
    // window's edge either side, a base ahead of the counter); calendar ones: bases days apart.
    const counterOf = (moldId: number) => (moldId === molds[0] ? null : 5_000 + molds.indexOf(moldId) * 7);
    const values = [];
    let n = 0;
    for (const [index, taskId] of taskIds.entries()) {
      const spec = specs[index]!;
      for (const moldId of molds) {
        n += 1;
        if (n % 3 === 0) continue;
        let base_counter = 5_000 - [0, 1, 8, 49, 50, 51, 334, 1_000, 9_000][n % 9]!;
        const counter = counterOf(moldId);
        if (spec.maint_interval !== null && counter !== null) {
          const window = warningWindow(spec.maint_interval, spec.warning_type, spec.warning_value);
          const remaining = [window + 1, window, window - 1, 1, 0, -1, -40, spec.maint_interval][n % 8]!;
          base_counter = n % 10 === 0 ? counter + 10 : counter - (spec.maint_interval - remaining);
        }
        values.push({
          task_id: taskId,
          mold_id: moldId,
          org_id: orgId,
          base_counter,
          base_at: at(-86_400 * (n % 15) - 3_600),
          last_maint_at: n % 4 === 0 ? at(-86_400 * (n % 20)) : null,
          // Started a minute ago, later this second (whole seconds count: started), in an hour.
          due_now_at: n % 11 === 0 ? at(-60) : n % 13 === 0 ? at(0.9) : n % 17 === 0 ? at(3_600) : null,
          status: (['normal', 'warning', 'exceeded'] as const)[n % 3]!,
          alarm_at: n % 5 === 0 ? at(-7_200) : null,
        });
      }
    }
    await app.context.db.insertInto('maintenance_task_molds').values(values).execute();

    // The first run evaluates every link.
    let before = new Map((await links(orgId)).map((link) => [`${link.task_id}-${link.mold_id}`, link.status]));
    events.length = 0;
    await app.services.maintenance.evaluate();
    let after = expectSavedAsTheRules(await links(orgId));
    const announced = () =>
      events
        .filter((event) => event.orgId === orgId)
        .map((event) => `${event.taskId}-${event.moldId}:${event.status}`)
        .sort();
    const changed = (from: Map<string, string>, to: Map<string, string>) =>
      [...to].filter(([link, status]) => from.get(link) !== status).map(([link, status]) => `${link}:${status}`);
    // A full run announces the changes and every link not normal.
    expect(announced()).toEqual(
      [
        ...new Set([
          ...changed(before, after),
          ...[...after].filter(([, s]) => s !== 'normal').map(([l, s]) => `${l}:${s}`),
        ]),
      ].sort(),
    );
    expect(changed(before, after).length).toBeGreaterThan(20);

    // Counters move by different amounts: the 3 s run re-evaluates those links, announcing the changes.
    for (const step of [1, 6, 40, 700]) {
      clock += 3_000;
      await Promise.all(molds.slice(1).map((moldId, index) => setCounter(moldId, 5_000 + (index + 1) * (7 + step))));
      before = after;
      events.length = 0;
      await app.services.maintenance.evaluate();
      after = expectSavedAsTheRules(await links(orgId));
      expect(announced()).toEqual(changed(before, after).sort());
    }
    expect(new Set(after.values())).toEqual(new Set(['normal', 'warning', 'exceeded']));
  });

  it('re-evaluates a calendar task in the first 3 s run after a day turns in its zone, its counter still', async () => {
    const orgId = app.orgId;
    const moldId = await createMold(app.context.db, orgId);
    await setCounter(moldId, 100);
    // Kathmandu (+5:45): the day of 2026-07-02 begins at 18:15 UTC on 2026-07-01.
    await app.context.db.updateTable('molds').set({ time_zone: 'Asia/Kathmandu' }).where('id', '=', moldId).execute();
    const taskId = await insertTask(orgId, 'Daily check', {
      task_type: 'regular',
      maint_interval: null,
      interval_days: null,
      schedule_type: 0,
      repeat: 5,
      start_repeat: '2026-07-02',
      warning_type: 'count',
      warning_value: 0,
    });
    await app.context.db
      .insertInto('maintenance_task_molds')
      .values({ task_id: taskId, mold_id: moldId, org_id: orgId, base_at: new Date(Date.UTC(2026, 5, 20)) })
      .execute();
    const status = async () =>
      (
        await app.context.db
          .selectFrom('maintenance_task_molds')
          .select(['status', 'remaining'])
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).status;

    // A full run just before the local midnight (a minute or more since the last one).
    clock = Date.UTC(2026, 6, 1, 18, 14, 30);
    await app.services.maintenance.evaluate();
    expect(await status()).toBe('normal');
    // 3 s runs within the same quarter of an hour: nothing of it changes.
    clock += 20_000;
    await app.services.maintenance.evaluate();
    expect(await status()).toBe('normal');
    // After 18:15 UTC it is 2 July in Kathmandu: due today, well before the next full run.
    clock = Date.UTC(2026, 6, 1, 18, 15, 3);
    events.length = 0;
    await app.services.maintenance.evaluate();
    expect(await status()).toBe('exceeded');
    expect(events.filter((event) => event.taskId === taskId)).toEqual([
      expect.objectContaining({ taskId, moldId, status: 'exceeded', remaining: 0, unit: 'days' }),
    ]);
  });
});
