import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoldFormInput } from '@mouldwatch/shared';
import { ADMIN, startTestApp, type TestApp } from '../../../../test/test-app.js';
import { createMold, uniqueDeviceNo, userIdOf } from '../../../../test/factories.js';
import { LIST_COUNT_CAP } from '../list-total.js';

/**
 * The lists' stored search texts (migration 0026) follow every write that changes them — the row's
 * own texts, a task's name, a mould's name or number — and the lists count up to the cap.
 */
let app: TestApp;
let admin: string;
let adminId: number;
let companyId: number;
let groupId: number;

beforeAll(async () => {
  app = await startTestApp({}, undefined, { jobs: { state: { sweepIntervalMs: 3_600_000 } } });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  const company = await app.context.db
    .insertInto('companies')
    .values({ org_id: app.orgId, name: 'Search Co' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await app.context.db
    .insertInto('mold_groups')
    .values({ org_id: app.orgId, company_id: company.id, name: 'Search G' })
    .returning('id')
    .executeTakeFirstOrThrow();
  [companyId, groupId] = [company.id, group.id];
});
afterAll(() => app?.close());

type Method = 'GET' | 'POST' | 'PUT';
async function ok<T>(
  method: Method,
  url: string,
  payload?: object,
): Promise<{ data: T; total: number; more?: boolean }> {
  const response = await app.request({ method, url, token: admin, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const mouldForm = (patch: Partial<MoldFormInput>): MoldFormInput => ({
  name: 'Blue_cap',
  mold_number: 'BC#01',
  company_id: companyId,
  group_id: groupId,
  cavitation: 4,
  start_count: 0,
  device_no: uniqueDeviceNo(),
  hot_temp_setting: [],
  mold_temp_setting: [],
  cycle_time: 30,
  cycle_time_setting: { time: 120, alert: 5, early: 2 },
  basic_time: 300,
  basic_stop_time: 1800,
  counter: 100_000,
  oee: 85,
  voltage: 380,
  ...patch,
});

const orderForm = (moldId: number, patch: Record<string, unknown> = {}) => ({
  order_no: 'PO-4711',
  mold_id: moldId,
  machine: 'Engel 250',
  workshop: 'Hall A',
  project_name: 'Lids',
  start_date: Math.floor(Date.now() / 1000) + 86_400,
  quantity: 40,
  ...patch,
});

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
const orderSearch = async (text: string) =>
  ids((await ok<Array<{ id: number }>>('GET', `/api/yudata/work_order/?search=${encodeURIComponent(text)}`)).data);
const scheduleSearch = async (text: string) =>
  (
    await ok<Array<{ task_id: number }>>('GET', `/api/yudata/maintenance/schedule/?keyword=${encodeURIComponent(text)}`)
  ).data.map((row) => row.task_id);
const historySearch = async (text: string) =>
  ids(
    (await ok<Array<{ id: number }>>('GET', `/api/yudata/maintenance/history/?keyword=${encodeURIComponent(text)}`))
      .data,
  );

describe('the lists’ search texts', () => {
  it('follow the order’s, the task’s and the mould’s writes, in any case, wildcards literal', async () => {
    const { mold } = (await ok<{ mold: { id: number } }>('POST', '/api/yudata/mold_setting/', mouldForm({}))).data;
    const order = (await ok<{ id: number }>('POST', '/api/yudata/work_order/', orderForm(mold.id))).data;
    const task = (
      await ok<{ id: number }>('POST', '/api/yudata/maintenance/task/', {
        task_name: 'Grease pins',
        mold: mold.id,
        maint_interval: 1000,
        content: [{ content: 'Grease' }],
      })
    ).data;
    const record = (
      await ok<{ id: number }>('POST', '/api/yudata/maintenance/record/', {
        task_id: task.id,
        mold_id: mold.id,
        checked: [0],
        remarks: '',
      })
    ).data;

    expect(await orderSearch('po-47')).toEqual([order.id]);
    expect(await orderSearch('bc#01')).toEqual([order.id]);
    expect(await orderSearch('HALL A')).toContain(order.id);
    expect(await orderSearch('%')).toEqual([]);
    expect(await scheduleSearch('blue%cap')).toEqual([]);
    expect(await scheduleSearch('blue_CAP')).toEqual([task.id]);
    expect(await scheduleSearch('grease p')).toEqual([task.id]);
    expect(await historySearch('BC#01')).toEqual([record.id]);

    // The mould's new name and number, through the mould form.
    await ok('PUT', `/api/yudata/mold_setting/${mold.id}/`, mouldForm({ name: 'Red_lid', mold_number: 'RX#77' }));
    expect(await orderSearch('bc#01')).toEqual([]);
    expect(await orderSearch('rx#77')).toEqual([order.id]);
    expect(await scheduleSearch('blue_cap')).toEqual([]);
    expect(await scheduleSearch('red_lid')).toEqual([task.id]);
    expect(await historySearch('rx#77')).toEqual([record.id]);
    expect(await historySearch('Red_Lid')).toEqual([record.id]);

    // The order's own texts, and the task's new name (the record keeps the name it was recorded under).
    await ok(
      'PUT',
      `/api/yudata/work_order/${order.id}/`,
      orderForm(mold.id, { order_no: 'PO-9000', project_name: 'Caps' }),
    );
    expect(await orderSearch('po-4711')).toEqual([]);
    expect(await orderSearch('po-9000')).toEqual([order.id]);
    expect(await orderSearch('caps')).toEqual([order.id]);
    await ok('PUT', `/api/yudata/maintenance/task/${task.id}/`, {
      task_name: 'Polish cavity',
      mold: mold.id,
      maint_interval: 1000,
    });
    expect(await scheduleSearch('grease')).toEqual([]);
    expect(await scheduleSearch('polish')).toEqual([task.id]);
    expect(await historySearch('grease pins')).toEqual([record.id]);
  });
});

describe('the lists’ totals', () => {
  it('count up to the cap, then say there are more; a deep page’s total is its end', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    const orders = LIST_COUNT_CAP + 30;
    await sql`
      insert into work_orders (org_id, mold_id, order_no, start_date, quantity)
      select ${app.orgId}, ${moldId}, 'BULK-' || g, now(), 10 from generate_series(1, ${orders}) g`.execute(
      app.context.db,
    );
    const list = (query: string) =>
      ok<Array<{ id: number }>>('GET', `/api/yudata/work_order/?mold_id=${moldId}&${query}`);
    expect(await list('limit=20')).toMatchObject({ total: LIST_COUNT_CAP, more: true });
    const lastFull = LIST_COUNT_CAP / 20;
    expect(await list(`limit=20&page=${lastFull}`)).toMatchObject({ total: LIST_COUNT_CAP, more: true });
    const deep = await list(`limit=20&page=${lastFull + 1}`);
    expect(deep).toMatchObject({ total: LIST_COUNT_CAP + 21, more: true });
    expect(deep.data).toHaveLength(20);
    const last = await list(`limit=20&page=${lastFull + 2}`);
    expect(last).toMatchObject({ total: orders, more: false });
    expect(last.data).toHaveLength(10);
    // Past the end: the count again.
    expect(await list(`limit=20&page=${lastFull + 10}`)).toMatchObject({ data: [], total: LIST_COUNT_CAP, more: true });
    // Under the cap the count is exact.
    expect(await list('limit=20&search=bulk-100')).toMatchObject({ total: 11, more: false });

    await sql`
      insert into alarms (org_id, mold_id, alarm_type, unique_str, channel, level, value, bound, opened_at, updated_at,
                          last_notified_at, closed_at)
      select ${app.orgId}, ${moldId}, 3, 'cap-' || g, 'mold_temp:1', 'alert', 90, 75,
             now() - make_interval(secs => g), now() - make_interval(secs => g), now(), now()
        from generate_series(1, ${LIST_COUNT_CAP + 1}) g`.execute(app.context.db);
    const alarms = await ok<unknown[]>('GET', `/api/yudata/alarm/?alarm_type=3&mold_id=${moldId}&limit=20`);
    expect(alarms).toMatchObject({ total: LIST_COUNT_CAP, more: true });
    expect(alarms.data).toHaveLength(20);
  });
});
