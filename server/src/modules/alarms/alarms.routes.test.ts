import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, ResponseCode, type AlarmRecord } from '@mouldwatch/shared';
import type { BusEvents } from '../../infra/bus/event-bus.js';
import { createAlarm, createCompany, createMold, limitMenuActions, userIdOf } from '../../../test/factories.js';
import { otherOrganisationAdmin } from '../../../test/organisation.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;
let viewer: string;
let viewerId: number;
/** 2026-03-10 00:00 UTC. */
const DAY = Date.UTC(2026, 2, 10) / 1000;
const at = (seconds: number) => new Date((DAY + seconds) * 1000);

beforeAll(async () => {
  app = await startTestApp();
  [admin, viewer] = await Promise.all([app.login(ADMIN), app.login(VIEWER)]);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewerId = await userIdOf(app.context.db, VIEWER.username);
});
afterAll(async () => {
  await app?.close();
});

const list = (token: string, query: string) =>
  app.request({ method: 'GET', url: `/api/yudata/alarm/?${query}`, token });
const acknowledge = (token: string, payload: object) =>
  app.request({ method: 'POST', url: '/api/yudata/alarm/acknowledge/', token, payload });

/** A mould of its own (granted to the admin, and to the viewer when asked), named so a keyword finds it. */
async function mould(name: string, withViewer = false) {
  const moldId = await createMold(app.context.db, app.orgId, withViewer ? [adminId, viewerId] : [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ name, mold_number: `${name}-NO` })
    .where('id', '=', moldId)
    .execute();
  return moldId;
}

describe('GET /api/yudata/alarm/', () => {
  it('lists the type’s alarms of granted moulds newest first, with mould, company, group and acknowledgement', async () => {
    const { companyId, groupIds } = await createCompany(app.context.db, app.orgId, 'Plant A', ['Line 1']);
    const moldId = await mould('Lister');
    await app.context.db.updateTable('molds').set({ group_id: groupIds[0]! }).where('id', '=', moldId).execute();
    const older = await createAlarm(app.context.db, app.orgId, moldId, {
      opened_at: at(0),
      closed_at: at(125),
      channel: 'hrs_temp:2',
      channel_name: 'Nozzle',
      temp_type: 2,
      acknowledged_at: at(60),
      acknowledged_by: adminId,
      ack_comment: 'seen',
      notified_count: 2,
    });
    const newer = await createAlarm(app.context.db, app.orgId, moldId, { opened_at: at(300) });
    await createAlarm(app.context.db, app.orgId, moldId, { opened_at: at(400), alarm_type: 2, channel: 'cycle_time' });

    const body = (await list(admin, `alarm_type=3&mold_id=${moldId}`)).json();
    expect(body).toMatchObject({ code: 200, total: 2, page: 1 });
    const [first, second] = body.data as AlarmRecord[];
    expect(first).toMatchObject({ unique_str: newer.unique_str, close_datetime: null, acknowledged: false });
    expect(second).toEqual({
      id: older.id,
      unique_str: older.unique_str,
      alarm_type: 3,
      mold_id: moldId,
      mold_name: 'Lister',
      mold_number: 'Lister-NO',
      company_name: 'Plant A',
      group_name: 'Line 1',
      channel: 'hrs_temp:2',
      channel_name: 'Nozzle',
      temp_type: 2,
      level: 'alert',
      value: 72.5,
      bound: 70,
      set_value: 60,
      unit: null,
      open_datetime: DAY,
      update_datetime: DAY,
      close_datetime: DAY + 125,
      duration_s: 125,
      acknowledged: true,
      ack_datetime: DAY + 60,
      ack_user_name: 'Boss',
      ack_comment: 'seen',
      notified_count: 2,
    });

    const byCompany = (await list(admin, `alarm_type=3&company_id=${companyId}`)).json();
    expect(byCompany.total).toBe(2);
    const byGroup = (await list(admin, `alarm_type=2,3&group_id=${groupIds[0]}`)).json();
    expect(byGroup.total).toBe(3);
  });

  it('filters by time window, state, acknowledgement and keyword, and pages', async () => {
    const moldId = await mould('Filterer');
    const q = `alarm_type=2&mold_id=${moldId}`;
    for (let index = 0; index < 5; index += 1) {
      await createAlarm(app.context.db, app.orgId, moldId, {
        alarm_type: 2,
        opened_at: at(index * 1000),
        closed_at: index % 2 ? at(index * 1000 + 10) : null,
        acknowledged_at: index === 4 ? at(index * 1000 + 5) : null,
        channel: ['cycle_time', 'cycle_time', 'open_time', 'open_time', 'close_time'][index]!,
      });
    }
    const total = async (query: string) => (await list(admin, `${q}&${query}`)).json().total as number;
    expect(await total(`start=${DAY + 1000}&end=${DAY + 3000}`)).toBe(3);
    expect(await total('state=open')).toBe(3);
    expect(await total('state=closed')).toBe(2);
    expect(await total('acknowledged=1')).toBe(1);
    expect(await total('acknowledged=0')).toBe(4);
    expect(await total('keyword=FILTERER')).toBe(5);
    expect(await total('keyword=%25')).toBe(0);

    const page2 = (await list(admin, `${q}&page=2&limit=2`)).json();
    expect(page2).toMatchObject({ total: 5, page: 2 });
    expect((page2.data as AlarmRecord[]).map((alarm) => alarm.open_datetime)).toEqual([DAY + 2000, DAY + 1000]);
  });

  it('answers the page holding a unique_str, whatever page was asked', async () => {
    const moldId = await mould('Pager');
    const created = [];
    for (let index = 0; index < 7; index += 1) {
      created.push(
        await createAlarm(app.context.db, app.orgId, moldId, {
          alarm_type: 1,
          channel: `task:${index}`,
          opened_at: at(index),
        }),
      );
    }
    // Newest first: the third created (index 2) is the fifth listed, on page 3 of 2 a page.
    const body = (
      await list(admin, `alarm_type=1&mold_id=${moldId}&limit=2&unique_str=${created[2]!.unique_str}`)
    ).json();
    expect(body.page).toBe(3);
    expect((body.data as AlarmRecord[]).map((alarm) => alarm.unique_str)).toContain(created[2]!.unique_str);
    const unknown = (
      await list(admin, `alarm_type=1&mold_id=${moldId}&limit=2&page=2&unique_str=${'0'.repeat(32)}`)
    ).json();
    expect(unknown.page).toBe(2);
  });

  it('lists offline and power alarms together for the network page, merged newest first', async () => {
    const moldId = await mould('Networker');
    // Offline at 0, 20, 40 s; power at 10, 30 s (closed, so the channels may repeat).
    for (const [index, seconds] of [0, 10, 20, 30, 40].entries()) {
      const power = index % 2 === 1;
      await createAlarm(app.context.db, app.orgId, moldId, {
        alarm_type: power ? 5 : 4,
        channel: power ? 'battery' : 'offline',
        temp_type: null,
        opened_at: at(seconds),
        closed_at: at(seconds + 5),
      });
    }
    const opened = async (page: number) =>
      ((await list(admin, `alarm_type=4,5&mold_id=${moldId}&limit=2&page=${page}`)).json().data as AlarmRecord[]).map(
        (alarm) => [alarm.alarm_type, alarm.open_datetime - DAY],
      );
    expect((await list(admin, `alarm_type=4,5&mold_id=${moldId}`)).json().total).toBe(5);
    expect(await opened(1)).toEqual([
      [4, 40],
      [5, 30],
    ]);
    expect(await opened(2)).toEqual([
      [4, 20],
      [5, 10],
    ]);
    expect(await opened(3)).toEqual([[4, 0]]);
  });

  it('never shows alarms of moulds the caller may not read; another organisation’s are absent', async () => {
    const hidden = await createMold(app.context.db, app.orgId);
    await createAlarm(app.context.db, app.orgId, hidden);
    const shared = await mould('Shared', true);
    const mine = await createAlarm(app.context.db, app.orgId, shared);
    const other = await otherOrganisationAdmin(app);
    const theirs = await createMold(app.context.db, other.orgId, [other.userId]);
    const theirAlarm = await createAlarm(app.context.db, other.orgId, theirs);

    const viewerList = (await list(viewer, 'alarm_type=3&limit=100')).json();
    expect((viewerList.data as AlarmRecord[]).map((alarm) => alarm.unique_str)).toEqual([mine.unique_str]);
    const otherList = (await list(other.token, 'alarm_type=3&limit=100')).json();
    expect((otherList.data as AlarmRecord[]).map((alarm) => alarm.unique_str)).toEqual([theirAlarm.unique_str]);
    // Asking for it by mould or unique_str changes nothing.
    expect((await list(admin, `alarm_type=3&mold_id=${theirs}`)).json().total).toBe(0);
    expect((await list(admin, `alarm_type=3&unique_str=${theirAlarm.unique_str}`)).json().page).toBe(1);
  });

  it('needs view on the screen of every type asked for', async () => {
    const other = await otherOrganisationAdmin(app);
    await limitMenuActions(app.context.db, other.user.username, MenuId.alarmNetwork, []);
    const refused = await list(other.token, 'alarm_type=3,4');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ResponseCode.forbidden, msg: 'No permission' });
    expect((await list(other.token, 'alarm_type=3')).statusCode).toBe(200);
  });

  it.each([
    ['', 'alarm_type'],
    ['alarm_type=6', 'alarm_type'],
    ['alarm_type=3,x', 'alarm_type'],
    ['alarm_type=3&start=-1', 'start'],
    ['alarm_type=3&start=abc', 'start'],
    [`alarm_type=3&start=${DAY + 10}&end=${DAY}`, 'start'],
    ['alarm_type=3&state=maybe', 'state'],
    ['alarm_type=3&acknowledged=yes', 'acknowledged'],
    ['alarm_type=3&limit=101', 'limit'],
    ['alarm_type=3&page=0', 'page'],
    ['alarm_type=3&mold_id=0', 'mold_id'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const response = await list(admin, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResponseCode.invalid });
    expect(response.json().msg).toContain(field);
  });
});

describe('POST /api/yudata/alarm/acknowledge/', () => {
  it('acknowledges once with the comment, announces it, and answers a second time with 0', async () => {
    const moldId = await mould('Acker');
    const one = await createAlarm(app.context.db, app.orgId, moldId);
    const two = await createAlarm(app.context.db, app.orgId, moldId, { alarm_type: 2, channel: 'cycle_time' });
    const events: Array<BusEvents['alarmChanged']> = [];
    const unsubscribe = app.context.bus.subscribe('alarmChanged', (event) => events.push(event));
    try {
      const done = await acknowledge(admin, { ids: [one.id, two.id, one.id], comment: '  checked the heater ' });
      expect(done.json()).toMatchObject({ code: 200, data: { acknowledged: 2 } });
      expect(events.map((event) => [event.alarmId, event.change]).sort()).toEqual(
        [
          [one.id, 'acknowledged'],
          [two.id, 'acknowledged'],
        ].sort(),
      );
      const again = await acknowledge(admin, { ids: [one.id], comment: 'later' });
      expect(again.json()).toMatchObject({ code: 200, data: { acknowledged: 0 } });
      expect(events).toHaveLength(2);
    } finally {
      unsubscribe();
    }
    const [listed] = (await list(admin, `alarm_type=3&mold_id=${moldId}`)).json().data as AlarmRecord[];
    expect(listed).toMatchObject({ acknowledged: true, ack_user_name: 'Boss', ack_comment: 'checked the heater' });
  });

  it('refuses ids the caller may not read as absent, and acknowledges none of the others', async () => {
    const moldId = await mould('Refuser');
    const mine = await createAlarm(app.context.db, app.orgId, moldId);
    const other = await otherOrganisationAdmin(app);
    const theirs = await createAlarm(
      app.context.db,
      other.orgId,
      await createMold(app.context.db, other.orgId, [other.userId]),
    );
    const response = await acknowledge(admin, { ids: [mine.id, theirs.id] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: ResponseCode.refused, msg: 'The alarm does not exist' });
    expect((await acknowledge(admin, { ids: [999_999_999] })).statusCode).toBe(404);
    const row = await app.context.db
      .selectFrom('alarms')
      .select('acknowledged_at')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row.acknowledged_at).toBeNull();
  });

  it('needs edit on the alarm’s screen: the viewer may list but not acknowledge', async () => {
    const moldId = await mould('Viewed', true);
    const alarm = await createAlarm(app.context.db, app.orgId, moldId);
    expect((await list(viewer, `alarm_type=3&mold_id=${moldId}`)).json().total).toBe(1);
    const response = await acknowledge(viewer, { ids: [alarm.id] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ResponseCode.forbidden });
  });

  it.each([
    [{}, 'ids'],
    [{ ids: [] }, 'ids'],
    [{ ids: Array.from({ length: 501 }, (_, index) => index + 1) }, 'ids'],
    [{ ids: [1.5] }, 'ids'],
    [{ ids: [1], comment: 'x'.repeat(501) }, 'comment'],
    [{ ids: [1], comment: 5 }, 'comment'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const response = await acknowledge(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain(field);
  });
});

describe('GET /api/yudata/alarm/export/', () => {
  async function rowsOf(body: Buffer): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('writes the list in the caller’s language, zone and unit, text escaped', async () => {
    const moldId = await mould('=Exported');
    await createAlarm(app.context.db, app.orgId, moldId, {
      opened_at: at(0),
      closed_at: at(3725),
      value: 100,
      bound: 90,
      set_value: 80,
      channel: 'mold_temp:3',
      acknowledged_at: at(60),
      acknowledged_by: adminId,
      ack_comment: '+cmd',
    });
    const response = await app.request({
      method: 'GET',
      url: `/api/yudata/alarm/export/?alarm_type=3&mold_id=${moldId}&unit=F&lang=por`,
      headers: { 'time-zone': 'Asia/Kolkata' },
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('alarms-temperature.xlsx');
    const rows = await rowsOf(response.rawPayload);
    expect(rows[0]).toEqual([
      'Molde',
      'Nº do molde',
      'Empresa',
      'Grupo de moldes',
      'Canal',
      'Nível',
      'Valor',
      'Limite',
      'Valor definido',
      'Unidade',
      'Início',
      'Fim',
      'Duração',
      'Reconhecido por',
      'Reconhecido em',
      'Comentário',
      'Notificações',
    ]);
    expect(rows[1]).toEqual(
      [
        "'=Exported",
        "'=Exported-NO",
        null,
        null,
        'T3',
        'Alerta',
        212,
        194,
        176,
        '°F',
        '2026-03-10 05:30:00',
        '2026-03-10 06:32:05',
        '01:02:05',
        'Boss',
        '2026-03-10 05:31:00',
        "'+cmd",
        1,
      ].map((cell) => (cell === null ? undefined : cell)),
    );
  });

  it('takes the unit of the caller’s profile, and needs export', async () => {
    const moldId = await mould('Unit');
    await createAlarm(app.context.db, app.orgId, moldId, { value: 100 });
    await app.context.db.updateTable('users').set({ unit: 'F' }).where('id', '=', adminId).execute();
    try {
      const response = await app.request({
        method: 'GET',
        url: `/api/yudata/alarm/export/?alarm_type=3&mold_id=${moldId}`,
        token: admin,
      });
      expect((await rowsOf(response.rawPayload))[1]![6]).toBe(212);
    } finally {
      await app.context.db.updateTable('users').set({ unit: 'C' }).where('id', '=', adminId).execute();
    }
    const other = await otherOrganisationAdmin(app);
    await limitMenuActions(app.context.db, other.user.username, MenuId.alarmTemperature, ['view']);
    const refused = await app.request({
      method: 'GET',
      url: '/api/yudata/alarm/export/?alarm_type=3',
      token: other.token,
    });
    expect(refused.statusCode).toBe(403);
    const bad = await app.request({
      method: 'GET',
      url: '/api/yudata/alarm/export/?alarm_type=3&unit=K',
      token: admin,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('/api/yudata/alarm/settings/', () => {
  const put = (token: string, payload: object) =>
    app.request({ method: 'PUT', url: '/api/yudata/alarm/settings/', token, payload });

  it('answers 30 minutes until set, keeps what is set per organisation, bounded 0 to 1440', async () => {
    const other = await otherOrganisationAdmin(app);
    const get = (token: string) => app.request({ method: 'GET', url: '/api/yudata/alarm/settings/', token });
    expect((await get(other.token)).json().data).toEqual({ escalation_minutes: 30 });
    expect((await put(other.token, { escalation_minutes: 0 })).json()).toMatchObject({
      data: { escalation_minutes: 0 },
    });
    expect((await put(other.token, { escalation_minutes: 45 })).json().data).toEqual({ escalation_minutes: 45 });
    expect((await get(other.token)).json().data).toEqual({ escalation_minutes: 45 });
    expect((await get(admin)).json().data).toEqual({ escalation_minutes: 30 });
    for (const bad of [{ escalation_minutes: -1 }, { escalation_minutes: 1441 }, { escalation_minutes: 1.5 }, {}]) {
      const response = await put(other.token, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toContain('escalation_minutes');
    }
  });

  it('lets the viewer read it but not change it', async () => {
    expect((await app.request({ method: 'GET', url: '/api/yudata/alarm/settings/', token: viewer })).statusCode).toBe(
      200,
    );
    expect((await put(viewer, { escalation_minutes: 5 })).statusCode).toBe(403);
  });
});
