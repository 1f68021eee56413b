import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  MenuId,
  type AlarmRecord,
  type MaintenanceHistoryItem,
  type MaintenanceScheduleItem,
  type MaintenanceTaskRecord,
} from '@mouldwatch/shared';
import type { BusEvents } from '../../infra/bus/event-bus.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { createCompany, createMold, limitMenuActions, orgIdOf, userIdOf } from '../../../test/factories.js';

/** The mould's maintenance alarms as the alarm page lists them (the engine opens them from the bus). */
async function maintenanceAlarms(moldId: number, token = admin) {
  return (await ok<AlarmRecord[]>('GET', `/api/yudata/alarm/?alarm_type=1&mold_id=${moldId}`, token)).data;
}

let app: TestApp;
let admin: string;
let viewer: string;
let adminId: number;
let viewerId: number;
let clock = Date.UTC(2026, 5, 1, 10) / 1000;
const events: Array<BusEvents['maintenanceDue']> = [];

beforeAll(async () => {
  // The tests run the job themselves (runNow). Its timer would also run it, and a run after the
  // test clock's jump of an hour is a full one that announces every non-normal link again (an
  // 'exceeded' event the record test did not cause).
  app = await startTestApp({}, undefined, { jobs: { maintenance: { intervalMs: 3_600_000 } } });
  app.context.now = () => new Date(clock * 1000);
  [admin, viewer] = await Promise.all([app.login(ADMIN), app.login(VIEWER)]);
  [adminId, viewerId] = await Promise.all([
    userIdOf(app.context.db, ADMIN.username),
    userIdOf(app.context.db, VIEWER.username),
  ]);
  app.context.bus.subscribe('maintenanceDue', (event) => {
    events.push(event);
  });
});
afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.request({ method, url, token, ...(payload ? { payload } : {}) });

async function ok<T>(
  method: Method,
  url: string,
  token: string,
  payload?: object,
): Promise<{ data: T; total?: number }> {
  const response = await call(method, url, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The mould's live counter, as the state engine would keep it. */
async function setCounter(moldId: number, counter: number) {
  await sql`insert into mold_status (mold_id, state, online, counter, state_since, accounted_until)
    values (${moldId}, 'run', true, ${counter}, now(), now())
    on conflict (mold_id) do update set counter = excluded.counter`.execute(app.context.db);
}

async function scheduleRow(moldId: number, taskId: number): Promise<MaintenanceScheduleItem> {
  const { data } = await ok<MaintenanceScheduleItem[]>(
    'GET',
    `/api/yudata/maintenance/schedule/?mold_id=${moldId}&limit=100`,
    admin,
  );
  const row = data.find((item) => item.task_id === taskId);
  expect(row).toBeDefined();
  return row!;
}

/** Cycles until PM as the mould's facts and home's list answer it (they must agree). */
async function cyclesUntilPm(moldId: number) {
  const facts = await ok<{ cycles_until_pm: number | null }>('GET', `/api/yudata/mold/${moldId}/`, admin);
  const list = await ok<Array<{ id: number; cycles_until_pm: number | null }>>(
    'GET',
    '/api/yudata/mold/more/?limit=1000',
    admin,
  );
  expect(list.data.find((item) => item.id === moldId)?.cycles_until_pm).toBe(facts.data.cycles_until_pm);
  return facts.data.cycles_until_pm;
}

/** The maintenance status the mould's facts show: the most urgent of its tasks. */
async function maintStatus(moldId: number) {
  return (await ok<{ maint_status: string | null }>('GET', `/api/yudata/mold/${moldId}/`, admin)).data.maint_status;
}

describe('a PM task by cycles on one mould', () => {
  let moldId: number;
  let task: MaintenanceTaskRecord;

  beforeAll(async () => {
    moldId = await createMold(app.context.db, app.orgId, [adminId, viewerId]);
    await setCounter(moldId, 5000);
    expect(await maintStatus(moldId)).toBeNull();
    task = (
      await ok<MaintenanceTaskRecord>('POST', '/api/yudata/maintenance/task/', admin, {
        task_name: 'Grease ejector pins',
        mold: moldId,
        maint_interval: 1000,
        warning_type: 'percent',
        warning_value: 10,
        content: [{ content: 'Grease pins' }, { content: 'Check vents' }],
      })
    ).data;
  });

  it('answers the task with the spec defaults and counts from the counter at its creation', async () => {
    expect(task).toMatchObject({ task_type: 'pm', mold: moldId, company: 0, maint_interval: 1000, mold_count: 1 });
    expect(await scheduleRow(moldId, task.id)).toMatchObject({
      status: 'normal',
      remaining: 1000,
      unit: 'cycles',
      content: [{ content: 'Grease pins' }, { content: 'Check vents' }],
      last_maint_datetime: null,
      alarm_datetime: null,
    });
  });

  it('moves to Preventive MAINT, then PM Target Exceeded, as the counter runs, and publishes each change once', async () => {
    events.length = 0;
    await setCounter(moldId, 5899);
    await app.services.jobs.runNow('maintenance-due');
    expect(events).toHaveLength(0);
    await setCounter(moldId, 5900);
    await app.services.jobs.runNow('maintenance-due');
    expect(events).toEqual([
      expect.objectContaining({
        moldId,
        taskId: task.id,
        status: 'warning',
        remaining: 100,
        unit: 'cycles',
        taskName: 'Grease ejector pins',
      }),
    ]);
    const warning = await scheduleRow(moldId, task.id);
    expect(warning).toMatchObject({ status: 'warning', remaining: 100, alarm_datetime: clock });
    expect(await maintStatus(moldId)).toBe('warning');
    clock += 60;
    await setCounter(moldId, 6010);
    await app.services.jobs.runNow('maintenance-due');
    expect(events.at(-1)).toMatchObject({ status: 'exceeded', remaining: -10 });
    // The alarm time is when it left Normal.
    expect(await scheduleRow(moldId, task.id)).toMatchObject({
      status: 'exceeded',
      remaining: -10,
      alarm_datetime: clock - 60,
    });
    expect(await cyclesUntilPm(moldId)).toBe(-10);
    expect(await maintStatus(moldId)).toBe('exceeded');
    // The alarm says what the schedule says: 10 cycles over, in cycles (the spec's fields and our unit).
    await expect.poll(async () => (await maintenanceAlarms(moldId))[0]?.level).toBe('alert');
    for (const token of [admin, viewer]) {
      const [alarm] = await maintenanceAlarms(moldId, token);
      expect(alarm).toMatchObject({ channel: `task:${task.id}`, value: -10, bound: 0, unit: 'cycles' });
    }
    // The status filter.
    const exceeded = await ok<MaintenanceScheduleItem[]>(
      'GET',
      '/api/yudata/maintenance/schedule/?status=exceeded&limit=500',
      admin,
    );
    expect(exceeded.data.some((row) => row.task_id === task.id)).toBe(true);
    const normal = await ok<MaintenanceScheduleItem[]>(
      'GET',
      '/api/yudata/maintenance/schedule/?status=normal&limit=500',
      admin,
    );
    expect(normal.data.some((row) => row.task_id === task.id)).toBe(false);
  });

  it('records maintenance: the confirmer, checked items, used cycles; the count starts again and the status returns to Normal', async () => {
    events.length = 0;
    clock += 3600;
    const { data: record } = await ok<MaintenanceHistoryItem>('POST', '/api/yudata/maintenance/record/', admin, {
      task_id: task.id,
      mold_id: moldId,
      checked: [1],
      remarks: 'Pins worn',
    });
    expect(record).toMatchObject({
      task_name: 'Grease ejector pins',
      mold_id: moldId,
      content: [
        { content: 'Grease pins', checked: false },
        { content: 'Check vents', checked: true },
      ],
      remarks: 'Pins worn',
      used: 1010,
      used_unit: 'cycles',
      counter: 6010,
      confirmer: 'Boss',
      confirmed_datetime: clock,
    });
    expect(record.alarm_datetime).toBe(clock - 3660);
    expect(events).toEqual([expect.objectContaining({ taskId: task.id, status: 'normal' })]);
    expect(await scheduleRow(moldId, task.id)).toMatchObject({
      status: 'normal',
      remaining: 1000,
      last_maint_datetime: clock,
      alarm_datetime: null,
    });
    expect(await cyclesUntilPm(moldId)).toBe(1000);
    expect(await maintStatus(moldId)).toBe('normal');
    const history = await ok<MaintenanceHistoryItem[]>(
      'GET',
      `/api/yudata/maintenance/history/?mold_id=${moldId}`,
      admin,
    );
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ id: record.id, last_maint_datetime: expect.any(Number) });
  });

  it('offers the moulds a task may be given, by name or number', async () => {
    const number = (
      await app.context.db.selectFrom('molds').select('mold_number').where('id', '=', moldId).executeTakeFirstOrThrow()
    ).mold_number;
    const { data } = await ok<Array<{ id: number; mold_number: string }>>(
      'GET',
      `/api/yudata/maintenance/molds/?search=${number}`,
      admin,
    );
    expect(data).toEqual([expect.objectContaining({ id: moldId, mold_number: number })]);
  });

  it('starts a task manually: due now until recorded', async () => {
    const { data } = await ok<MaintenanceScheduleItem>('POST', '/api/yudata/maintenance/schedule/start/', admin, {
      task_id: task.id,
      mold_id: moldId,
    });
    expect(data).toMatchObject({ status: 'exceeded', started_datetime: clock });
    expect(events.at(-1)).toMatchObject({ taskId: task.id, status: 'exceeded' });
  });

  it('re-announces non-normal tasks on each full run', async () => {
    events.length = 0;
    clock += 120;
    await app.services.jobs.runNow('maintenance-due');
    expect(events.some((event) => event.taskId === task.id && event.status === 'exceeded')).toBe(true);
  });

  it('exports the history as .xlsx', async () => {
    const response = await call('GET', `/api/yudata/maintenance/history/export/?mold_id=${moldId}&lang=zh`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('edits the task and keeps the base; deleting it keeps the history and closes the alarm', async () => {
    const { data } = await ok<MaintenanceTaskRecord>('PUT', `/api/yudata/maintenance/task/${task.id}/`, admin, {
      task_name: 'Grease pins',
      mold: moldId,
      maint_interval: 2000,
    });
    expect(data).toMatchObject({ task_name: 'Grease pins', maint_interval: 2000 });
    expect(await cyclesUntilPm(moldId)).toBe(2000);
    events.length = 0;
    await ok('DELETE', `/api/yudata/maintenance/task/${task.id}/`, admin);
    expect(events).toEqual([expect.objectContaining({ taskId: task.id, status: 'normal' })]);
    expect((await call('GET', `/api/yudata/maintenance/task/${task.id}/`, admin)).statusCode).toBe(404);
    const history = await ok<MaintenanceHistoryItem[]>(
      'GET',
      `/api/yudata/maintenance/history/?mold_id=${moldId}`,
      admin,
    );
    expect(history.data[0]).toMatchObject({ task_id: null, task_name: 'Grease ejector pins' });
  });
});

describe('tasks for a company or group', () => {
  it('apply to each of its moulds, and to moulds that join it later', async () => {
    const { companyId, groupIds } = await createCompany(app.context.db, app.orgId, 'Plant A', ['Line 1']);
    const first = await createMold(app.context.db, app.orgId, [adminId]);
    await app.context.db.updateTable('molds').set({ group_id: groupIds[0]! }).where('id', '=', first).execute();
    const { data: task } = await ok<MaintenanceTaskRecord>('POST', '/api/yudata/maintenance/task/', admin, {
      task_name: 'Monthly clean',
      task_type: 'regular',
      company: companyId,
      schedule_type: 2,
      repeat: 1,
      start_repeat: '2026-06-03',
      warning_type: 'count',
      warning_value: 3,
    });
    expect(task).toMatchObject({ company: companyId, mold: null, mold_count: 1 });
    expect(await scheduleRow(first, task.id)).toMatchObject({
      status: 'warning',
      remaining: 2,
      unit: 'days',
      due_date: '2026-06-03',
    });
    const later = await createMold(app.context.db, app.orgId, [adminId]);
    await app.context.db.updateTable('molds').set({ group_id: groupIds[0]! }).where('id', '=', later).execute();
    clock += 61;
    await app.services.jobs.runNow('maintenance-due');
    expect(await scheduleRow(later, task.id)).toMatchObject({ status: 'warning' });
    await expect
      .poll(async () => (await maintenanceAlarms(later))[0])
      .toMatchObject({ level: 'early', value: 2, unit: 'days' });
    const byCompany = await ok<MaintenanceScheduleItem[]>(
      'GET',
      `/api/yudata/maintenance/schedule/?company_id=${companyId}`,
      admin,
    );
    expect(byCompany.total).toBe(2);
  });
});

describe('refusals', () => {
  let moldId: number;
  let taskId: number;

  beforeAll(async () => {
    moldId = await createMold(app.context.db, app.orgId, [adminId]);
    taskId = (
      await ok<MaintenanceTaskRecord>('POST', '/api/yudata/maintenance/task/', admin, {
        task_name: 'Check water lines',
        mold: moldId,
        maint_interval: 500,
      })
    ).data.id;
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: Array<[object, string]> = [
      [{ task_name: '', mold: moldId, maint_interval: 5 }, 'task_name'],
      [{ task_name: 'x', mold: moldId }, 'maint_interval'],
      [{ task_name: 'x', mold: moldId, maint_interval: -1 }, 'maint_interval'],
      [{ task_name: 'x', task_type: 'regular', mold: moldId, repeat: 1 }, 'start_repeat'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/api/yudata/maintenance/task/', admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(field);
    }
    expect((await call('GET', '/api/yudata/maintenance/schedule/?limit=100000', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/yudata/maintenance/schedule/?status=late', admin)).statusCode).toBe(400);
    const record = await call('POST', '/api/yudata/maintenance/record/', admin, {
      task_id: taskId,
      mold_id: moldId,
      checked: [7],
    });
    expect(record.statusCode).toBe(400);
  });

  it("treats another organisation's tasks, moulds and companies as absent", async () => {
    const stranger = await app.freshUser();
    const token = await app.login(stranger);
    expect((await call('GET', `/api/yudata/maintenance/task/${taskId}/`, token)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/yudata/maintenance/task/${taskId}/`, token, {
          task_name: 'x',
          mold: moldId,
          maint_interval: 5,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/yudata/maintenance/task/${taskId}/`, token)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/yudata/maintenance/record/', token, { task_id: taskId, mold_id: moldId })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/yudata/maintenance/schedule/start/', token, { task_id: taskId, mold_id: moldId }))
        .statusCode,
    ).toBe(404);
    const create = await call('POST', '/api/yudata/maintenance/task/', token, {
      task_name: 'x',
      mold: moldId,
      maint_interval: 5,
    });
    expect(create.statusCode).toBe(400);
    const { companyId } = await createCompany(app.context.db, app.orgId, 'Plant Z', ['G']);
    const company = await call('POST', '/api/yudata/maintenance/task/', token, {
      task_name: 'x',
      company: companyId,
      maint_interval: 5,
    });
    expect(company.statusCode).toBe(400);
    const schedule = await ok<MaintenanceScheduleItem[]>('GET', '/api/yudata/maintenance/schedule/', token);
    expect(schedule.total).toBe(0);
    const strangerOrg = await orgIdOf(app.context.db, await userIdOf(app.context.db, stranger.username));
    expect(strangerOrg).not.toBe(app.orgId);
  });

  it('shows a user only the rows of moulds granted to them', async () => {
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.maintenanceSchedulePreventive, ['view']);
    const schedule = await ok<MaintenanceScheduleItem[]>('GET', '/api/yudata/maintenance/schedule/?limit=500', viewer);
    expect(schedule.data.some((row) => row.mold_id === moldId)).toBe(false);
  });

  it('answers 403 (6000) without the menu action', async () => {
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.maintenanceSchedulePreventive, ['view']);
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.maintenanceHistoryPreventive, ['view']);
    const refused = [
      await call('POST', '/api/yudata/maintenance/task/', viewer, { task_name: 'x', mold: moldId, maint_interval: 5 }),
      await call('PUT', `/api/yudata/maintenance/task/${taskId}/`, viewer, {
        task_name: 'x',
        mold: moldId,
        maint_interval: 5,
      }),
      await call('DELETE', `/api/yudata/maintenance/task/${taskId}/`, viewer),
      await call('POST', '/api/yudata/maintenance/record/', viewer, { task_id: taskId, mold_id: moldId }),
      await call('POST', '/api/yudata/maintenance/schedule/start/', viewer, { task_id: taskId, mold_id: moldId }),
      await call('GET', '/api/yudata/maintenance/history/export/', viewer),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(6000);
    }
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.maintenanceSchedulePreventive, []);
    expect((await call('GET', '/api/yudata/maintenance/schedule/', viewer)).statusCode).toBe(403);
  });

  it('deletes the tasks links and records with their mould, and its work orders', async () => {
    await ok('POST', '/api/yudata/maintenance/record/', admin, { task_id: taskId, mold_id: moldId });
    const { data: order } = await ok<{ id: number }>('POST', '/api/yudata/work_order/', admin, {
      order_no: 'WO-GONE',
      mold_id: moldId,
      machine: 'Engel 250',
      workshop: 'Hall A',
      project_name: 'Cap',
      start_date: Math.floor(Date.now() / 1000),
      quantity: 10,
    });
    await ok('POST', `/api/yudata/work_order/${order.id}/start/`, admin);
    await ok('POST', `/api/yudata/work_order/${order.id}/reject/`, admin, { quantity: 1 });
    await ok('DELETE', `/api/yudata/mold_setting/${moldId}/`, admin);
    const orders = await app.context.db.selectFrom('work_orders').select('id').where('mold_id', '=', moldId).execute();
    const rejects = await app.context.db
      .selectFrom('work_order_rejects')
      .select('order_id')
      .where('order_id', '=', order.id)
      .execute();
    expect([orders.length, rejects.length]).toEqual([0, 0]);
    const links = await app.context.db
      .selectFrom('maintenance_task_molds')
      .select('task_id')
      .where('mold_id', '=', moldId)
      .execute();
    const records = await app.context.db
      .selectFrom('maintenance_records')
      .select('id')
      .where('mold_id', '=', moldId)
      .execute();
    expect([links.length, records.length]).toEqual([0, 0]);
  });
});
