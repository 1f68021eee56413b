import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { MenuId, type WorkOrderRecord } from '@mouldwatch/shared';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { createMold, mouldWithDevice, telemetryMessage, userIdOf } from '../../../test/factories.js';
import { callWithout, otherOrganisationAdmin } from '../../../test/organisation.js';
import { WorkOrdersRepository } from './work-orders.repository.js';
import { WORK_ORDER_START_JOB } from './work-orders.service.js';

let app: TestApp;
let admin: string;
let viewer: string;
let adminId: number;
let now = new Date();

beforeAll(async () => {
  app = await startTestApp({}, undefined, { jobs: { state: { sweepIntervalMs: 3_600_000 } } });
  [admin, viewer] = await Promise.all([app.login(ADMIN), app.login(VIEWER)]);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  app.context.now = () => now;
});
afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.request({ method, url, token, ...(payload ? { payload } : {}) });

let orderNumber = 0;
const form = (moldId: number, extra: Record<string, unknown> = {}) => ({
  order_no: `WO-${(orderNumber += 1)}`,
  mold_id: moldId,
  machine: 'Engel 250',
  workshop: 'Hall A',
  project_name: 'Cap 28mm',
  start_date: Math.floor(Date.now() / 1000) + 86_400,
  quantity: 40,
  ...extra,
});

async function createOrder(token: string, body: object): Promise<WorkOrderRecord> {
  const response = await call('POST', '/api/yudata/work_order/', token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const getOrder = async (id: number) => (await call('GET', `/api/yudata/work_order/${id}/`, admin)).json().data;

describe('work order calls', () => {
  it('expects a working order’s finish from its pace over the last 4 hours, steady through a brief idle', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    const { moldId, send } = await mouldWithDevice(app, admin, [adminId]);
    await app.context.db
      .updateTable('molds')
      .set({ cavitation: 1, info: sql`jsonb_set(info, '{cycle_time}', '30')` })
      .where('id', '=', moldId)
      .execute();
    const counterOf = async () =>
      (
        await app.context.db
          .selectFrom('mold_status')
          .select('counter')
          .where('mold_id', '=', moldId)
          .executeTakeFirst()
      )?.counter;
    const hour = 3600;
    try {
      await send([telemetryMessage(1, { ts: t0 - 5 * hour, counter: 1000, cycle_time: 30 })]);
      await vi.waitFor(async () => expect(await counterOf()).toBe(1000));
      now = new Date((t0 - 5 * hour) * 1000);
      const order = await createOrder(admin, form(moldId, { quantity: 10_000 }));
      expect((await call('POST', `/api/yudata/work_order/${order.id}/start/`, admin)).statusCode).toBe(200);
      // An hour, then four more, at 30 s a cycle; the last cycle ran 10 minutes across a stop.
      now = new Date(t0 * 1000);
      await send([
        telemetryMessage(2, { ts: t0 - 4 * hour, counter: 1120, cycle_time: 30 }),
        telemetryMessage(3, { ts: t0, counter: 1600, cycle_time: 600 }),
      ]);
      await vi.waitFor(async () => expect(await counterOf()).toBe(1600));
      await vi.waitFor(async () => expect((await getOrder(order.id)).finished).toBe(600));
      // 480 cycles in the last 4 hours: 30 s a cycle, whatever the last cycle took.
      expect((await getOrder(order.id)).expected_finish).toBe(t0 + 9400 * 30);
      // 20 s idle later: the estimate moves by those 20 s and a fraction of a cycle, not by days.
      now = new Date((t0 + 20) * 1000);
      const idle = (await getOrder(order.id)).expected_finish as number;
      expect(Math.abs(idle - (t0 + 9400 * 30))).toBeLessThan(9400 * 30 * 0.01);
      // The list answers the same estimate.
      const listed = (await call('GET', `/api/yudata/work_order/?mold_id=${moldId}`, admin)).json().data;
      expect(listed[0]).toMatchObject({ id: order.id, expected_finish: idle });
    } finally {
      now = new Date();
    }
  });

  it('plans an order, lists it, finds it by search and filters, answers it with its rejects', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    const order = await createOrder(
      admin,
      form(moldId, { order_no: 'PO-7/(A)#1', revision: 'B', starting_quantity: 5 }),
    );
    expect(order).toMatchObject({
      order_no: 'PO-7/(A)#1',
      status: 'created',
      finished: 0,
      remaining: 40,
      reject: 0,
      starting_quantity: 5,
      revision: 'B',
      expected_finish: null,
    });
    const list = (await call('GET', '/api/yudata/work_order/?search=po-7/(a&limit=5', admin)).json();
    expect(list.total).toBe(1);
    expect(list.data[0].id).toBe(order.id);
    const { mold_number: moldNumber } = await app.context.db
      .selectFrom('molds')
      .select('mold_number')
      .where('id', '=', moldId)
      .executeTakeFirstOrThrow();
    const byMould = (await call('GET', `/api/yudata/work_order/?search=${moldNumber.toLowerCase()}`, admin)).json();
    expect(byMould.data.map((row: WorkOrderRecord) => row.id)).toEqual([order.id]);
    const byStatus = (await call('GET', `/api/yudata/work_order/?status=working&mold_id=${moldId}`, admin)).json();
    expect(byStatus.total).toBe(0);
    const start = order.start_date;
    const byDate = (
      await call('GET', `/api/yudata/work_order/?mold_id=${moldId}&start=${start}&end=${start}`, admin)
    ).json();
    expect(byDate.total).toBe(1);
    expect((await getOrder(order.id)).rejects).toEqual([]);
    const choices = (await call('GET', '/api/yudata/work_order/molds/?limit=100', admin)).json().data;
    expect(choices.map((mold: { id: number }) => mold.id)).toContain(moldId);
    expect((await call('GET', '/api/yudata/work_order/molds/', viewer)).json().data ?? []).not.toContainEqual(
      expect.objectContaining({ id: moldId }),
    );
  });

  it('finds a mould to plan on by a name whose capitals JavaScript and the database lower-case differently', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    await app.context.db.updateTable('molds').set({ name: 'İSTANBUL kapak' }).where('id', '=', moldId).execute();
    for (const search of ['İstanbul', 'istanbul', 'KAPAK']) {
      const url = `/api/yudata/work_order/molds/?limit=100&search=${encodeURIComponent(search)}`;
      const choices = (await call('GET', url, admin)).json().data;
      expect(
        choices.map((mold: { id: number }) => mold.id),
        search,
      ).toContain(moldId);
    }
  });

  it('refuses bad input naming the field, and a taken order ID with 409', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    for (const [body, field] of [
      [form(moldId, { order_no: 'WO 1' }), 'order_no'],
      [form(moldId, { quantity: -1 }), 'quantity'],
      [form(moldId, { quantity: '010' }), 'quantity'],
      [form(moldId, { machine: '' }), 'machine'],
      [{ ...form(moldId), workshop: undefined }, 'workshop'],
    ] as const) {
      const response = await call('POST', '/api/yudata/work_order/', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().msg).toContain(field);
    }
    expect((await call('GET', '/api/yudata/work_order/?status=done', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/yudata/work_order/?limit=101', admin)).statusCode).toBe(400);
    const first = await createOrder(admin, form(moldId));
    const again = await call(
      'POST',
      '/api/yudata/work_order/',
      admin,
      form(moldId, { order_no: first.order_no.toLowerCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain(first.order_no.toLowerCase());
  });

  it('runs an order with the counter: start once per mould, progress live, finish, rejects after', async () => {
    const { moldId, send } = await mouldWithDevice(app, admin, [adminId]);
    await app.context.db.updateTable('molds').set({ cavitation: 2 }).where('id', '=', moldId).execute();
    await send([telemetryMessage(1, { counter: 100 })]);
    await vi.waitFor(async () => {
      const status = await app.context.db
        .selectFrom('mold_status')
        .select('counter')
        .where('mold_id', '=', moldId)
        .executeTakeFirst();
      expect(status?.counter).toBe(100);
    });
    const events: string[] = [];
    const unsubscribe = app.context.bus.subscribe('workOrderChanged', (event) => events.push(event.change));
    const order = await createOrder(admin, form(moldId, { quantity: 20, starting_quantity: 4 }));
    const other = await createOrder(admin, form(moldId));
    expect((await call('POST', `/api/yudata/work_order/${order.id}/reject/`, admin, { quantity: 1 })).statusCode).toBe(
      422,
    );

    const started = await call('POST', `/api/yudata/work_order/${order.id}/start/`, admin);
    expect(started.json().data).toMatchObject({ status: 'working', finished: 4, remaining: 16 });
    const second = await call('POST', `/api/yudata/work_order/${other.id}/start/`, admin);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toContain(order.order_no);

    const edit = await call('PUT', `/api/yudata/work_order/${order.id}/?lang=en_US`, admin, form(moldId));
    expect(edit.statusCode).toBe(422);
    expect(edit.json().msg).toBe('Order cannot be edited in working status');
    expect((await call('DELETE', `/api/yudata/work_order/${order.id}/`, admin)).statusCode).toBe(422);

    await send([telemetryMessage(2, { counter: 105 })]);
    await vi.waitFor(async () => expect((await getOrder(order.id)).finished).toBe(14));
    // 150 s after the start: 5 cycles in 150 s, and the last cycle time (30.5 s) weighed as 10 cycles.
    const startedAt = now;
    now = new Date(startedAt.getTime() + 150_000);
    const working = await getOrder(order.id);
    now = startedAt;
    expect(working.remaining).toBe(6);
    // 6 parts, 2 a cycle: 3 cycles of (150 + 10 × 30.5) / 15 s.
    expect(working.expected_finish).toBe(Math.round(startedAt.getTime() / 1000 + 150 + 3 * (455 / 15)));

    await send([telemetryMessage(3, { counter: 109 })]);
    await vi.waitFor(async () => expect((await getOrder(order.id)).status).toBe('finish'));
    const finished = await getOrder(order.id);
    expect(finished).toMatchObject({ finished: 22, remaining: 0 });
    expect(finished.ended_at).not.toBeNull();
    const refused = await call('PUT', `/api/yudata/work_order/${order.id}/?lang=zh_CN`, admin, form(moldId));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe('工单在已完成状态下不能编辑');

    const reject = await call('POST', `/api/yudata/work_order/${order.id}/reject/`, admin, {
      quantity: 3,
      remark: 'short shot',
    });
    expect(reject.json().data.reject).toBe(3);
    await call('POST', `/api/yudata/work_order/${order.id}/reject/`, admin, { quantity: 2 });
    const withRejects = await getOrder(order.id);
    expect(withRejects.reject).toBe(5);
    expect(withRejects.rejects.map((entry: { quantity: number }) => entry.quantity)).toEqual([2, 3]);
    expect(withRejects.rejects[1]).toMatchObject({ remark: 'short shot', recorded_by: ADMIN.name });
    const ledger = await app.context.db
      .selectFrom('work_order_rejects')
      .select((eb) => eb.fn.sum<string>('quantity').as('sum'))
      .where('mold_id', '=', moldId)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.sum)).toBe(5);
    expect((await call('POST', `/api/yudata/work_order/${order.id}/reject/`, admin, { quantity: 0 })).statusCode).toBe(
      400,
    );

    // The mould is free again: the other order starts, and is stopped by hand.
    expect((await call('POST', `/api/yudata/work_order/${other.id}/start/`, admin)).statusCode).toBe(200);
    const stopped = await call('POST', `/api/yudata/work_order/${other.id}/stop/`, admin);
    expect(stopped.json().data.status).toBe('stop');
    expect((await call('POST', `/api/yudata/work_order/${other.id}/stop/`, admin)).statusCode).toBe(422);
    expect(
      (await call('PUT', `/api/yudata/work_order/${other.id}/`, admin, form(moldId, { revision: 'C' }))).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/yudata/work_order/${other.id}/`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/yudata/work_order/${other.id}/`, admin)).statusCode).toBe(404);
    unsubscribe();
    expect(events).toEqual(
      expect.arrayContaining(['created', 'started', 'progress', 'finished', 'reject', 'stopped', 'updated', 'deleted']),
    );
  });

  it('reads the working orders of moulds that report together in one query', async () => {
    const moulds = await Promise.all([1, 2, 3].map(() => mouldWithDevice(app, admin, [adminId])));
    await Promise.all(moulds.map(({ send }) => send([telemetryMessage(1, { counter: 100 })])));
    const moldIds = moulds.map(({ moldId }) => moldId);
    await vi.waitFor(async () => {
      const statuses = await app.services.state.liveStatuses(moldIds);
      expect(statuses.map((status) => status.counter)).toEqual([100, 100, 100]);
    });
    const orders = await Promise.all(moldIds.map((moldId) => createOrder(admin, form(moldId))));
    for (const order of orders) await call('POST', `/api/yudata/work_order/${order.id}/start/`, admin);
    const lookups = vi.spyOn(WorkOrdersRepository.prototype, 'workingOrdersOf');
    try {
      const statuses = await app.services.state.liveStatuses(moldIds);
      for (const status of statuses) {
        app.context.bus.publish('moldStatus', {
          orgId: app.orgId,
          moldId: status.id,
          status: { ...status, counter: 101 },
          stateChanged: false,
        });
      }
      await vi.waitFor(async () => {
        const finished = await Promise.all(orders.map(async ({ id }) => (await getOrder(id)).finished));
        expect(finished).toEqual([1, 1, 1]);
      });
      expect(lookups).toHaveBeenCalledOnce();
      expect([...lookups.mock.calls[0]![1]].sort()).toEqual([...moldIds].sort());
    } finally {
      lookups.mockRestore();
    }
  });

  it('starts planned orders at their start date, one per mould', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    const due = Math.floor(Date.now() / 1000) + 3600;
    const first = await createOrder(admin, form(moldId, { start_date: due }));
    const second = await createOrder(admin, form(moldId, { start_date: due + 60 }));
    await app.services.jobs.runNow(WORK_ORDER_START_JOB);
    expect((await getOrder(first.id)).status).toBe('created');
    now = new Date((due + 120) * 1000);
    try {
      await app.services.jobs.runNow(WORK_ORDER_START_JOB);
      expect((await getOrder(first.id)).status).toBe('working');
      expect((await getOrder(second.id)).status).toBe('created');
    } finally {
      now = new Date();
    }
  });

  it('exports the filtered list as a spreadsheet in the language and zone', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    await createOrder(admin, form(moldId, { order_no: '-cmd', start_date: 1_790_000_000 }));
    const response = await app.request({
      method: 'GET',
      url: `/api/yudata/work_order/export/?mold_id=${moldId}&lang=por`,
      token: admin,
      headers: { 'time-zone': 'Asia/Kolkata' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('ID da ordem');
    expect(sheet.getRow(2).getCell(1).value).toBe("'-cmd");
    // 1790000000 = 2026-09-21 14:13 UTC → 19:43 in Kolkata.
    expect(sheet.getRow(2).getCell(7).value).toBe('2026-09-21 19:43');
    expect(sheet.getRow(2).getCell(10).value).toBe('Criada');
  });
});

describe('work order permissions', () => {
  it('refuses each call without its action on menu item 6 (403 / 6000)', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    const cases = [
      ['view', 'GET', '/api/yudata/work_order/'],
      ['add', 'POST', '/api/yudata/work_order/'],
      ['edit', 'POST', '/api/yudata/work_order/1/start/'],
      ['delete', 'DELETE', '/api/yudata/work_order/1/'],
    ] as const;
    for (const [action, method, url] of cases) {
      const response = await callWithout(app, MenuId.workOrder, action, { method, url, payload: form(moldId) });
      expect(response.statusCode, `${action} ${url}`).toBe(403);
      expect(response.json().code).toBe(6000);
    }
  });

  it("answers another organisation's orders as absent, and keeps ungranted moulds' orders away", async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    const order = await createOrder(admin, form(moldId));
    const stranger = await otherOrganisationAdmin(app);
    for (const [method, url] of [
      ['GET', `/api/yudata/work_order/${order.id}/`],
      ['POST', `/api/yudata/work_order/${order.id}/start/`],
      ['DELETE', `/api/yudata/work_order/${order.id}/`],
    ] as const) {
      expect((await call(method, url, stranger.token)).statusCode, url).toBe(404);
    }
    expect((await call('POST', '/api/yudata/work_order/', stranger.token, form(moldId))).statusCode).toBe(404);
    const theirs = (await call('GET', '/api/yudata/work_order/?limit=100', stranger.token)).json();
    expect(theirs.total).toBe(0);

    // The viewer holds no grant on this mould: the order is not listed, and asking for it is refused.
    const viewed = (await call('GET', `/api/yudata/work_order/?mold_id=${moldId}`, viewer)).json();
    expect(viewed.total ?? 0).toBe(0);
  });
});
