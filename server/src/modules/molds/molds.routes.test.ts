import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, ResponseCode, correctKReading, type MoldFormInput } from '@mouldwatch/shared';
import {
  bindDevice,
  createMold,
  readingsOf,
  registerDevice,
  revokeMenu,
  telemetryMessage,
  uniqueDeviceNo,
  userIdOf,
} from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import type { BusEvents } from '../../infra/bus/event-bus.js';

let app: TestApp;
let admin: string;
let adminId: number;
let viewerId: number;
/** The admin of another organisation, holding every menu action. */
let stranger: string;
let companyId: number;
let groupId: number;
/** The app's clock, in epoch seconds. */
let clock = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  app = await startTestApp({}, undefined, { jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 } } });
  app.context.now = () => new Date(clock * 1000);
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewerId = await userIdOf(app.context.db, VIEWER.username);
  stranger = await app.login(await app.freshUser());
  ({ companyId, groupId } = await companyWithGroup(app.orgId));
});
afterAll(() => app?.close());

async function companyWithGroup(orgId: number, name = 'Acme') {
  const company = await app.context.db
    .insertInto('companies')
    .values({ org_id: orgId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await app.context.db
    .insertInto('mold_groups')
    .values({ org_id: orgId, company_id: company.id, name: `${name}G` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, groupId: group.id };
}

function form(patch: Partial<MoldFormInput> = {}): MoldFormInput {
  return {
    name: 'Mould_A1',
    mold_number: 'M#1',
    company_id: companyId,
    group_id: groupId,
    cavitation: 4,
    start_count: 0,
    device_no: uniqueDeviceNo(),
    hot_temp_setting: [{ name: 'H1', set: 230, alert: 10 }],
    mold_temp_setting: [],
    cycle_time: 30,
    cycle_time_setting: { time: 120, alert: 5, early: 2 },
    basic_time: 300,
    basic_stop_time: 1800,
    counter: 100_000,
    oee: 85,
    voltage: 380,
    ...patch,
  };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  app.request({ method, url, token, ...(payload ? { payload } : {}) });
const create = (patch: Partial<MoldFormInput> = {}, token = admin) =>
  api('POST', '/api/yudata/mold_setting/', form(patch), token);
async function created(patch: Partial<MoldFormInput> = {}) {
  const response = await create(patch);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    mold: { id: number; device: { id: number; device_no: string } };
    device_token?: string;
  };
}
const moldCount = async () =>
  Number(
    (
      await app.context.db
        .selectFrom('molds')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const list = async (query = '', token = admin) => {
  const response = await api('GET', `/api/yudata/mold_setting/?${query}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Array<Record<string, unknown> & { id: number }>; total: number };
};
function recorded<T extends keyof BusEvents>(topic: T): BusEvents[T][] {
  const events: BusEvents[T][] = [];
  app.context.bus.subscribe(topic, (event) => events.push(event));
  return events;
}
async function shareToAdmin(): Promise<number> {
  const moldId = await createMold(app.context.db, app.orgId, [viewerId]);
  await app.context.db
    .insertInto('user_mold_grants')
    .values({ user_id: adminId, mold_id: moldId, shared_by: viewerId })
    .execute();
  return moldId;
}

describe('POST /api/yudata/mold_setting/', () => {
  it('creates the mould with a new device registered (its token shown once) and grants it to the creator only', async () => {
    const granted = recorded('grantsChanged');
    const { mold, device_token: token } = await created({ name: 'NewOne' });
    expect(token).toMatch(/.{20,}/);
    expect(mold).toMatchObject({
      name: 'NewOne',
      group: groupId,
      company_id: companyId,
      read_only: false,
      cavitation: 4,
    });
    expect(mold.device.device_no).toBeTruthy();
    expect((await api('GET', `/api/yudata/mold_setting/${mold.id}/`)).json().data).toMatchObject({
      info: { oee: 0.85, cycle_time_setting: { time: 120, alert: 5, early: 2 }, hot_temp_setting: [{ name: 'H1' }] },
      device: { id: mold.device.id },
    });
    const grants = await app.context.db
      .selectFrom('user_mold_grants')
      .selectAll()
      .where('mold_id', '=', mold.id)
      .execute();
    expect(grants).toEqual([expect.objectContaining({ user_id: adminId, shared_by: null })]);
    expect(granted).toContainEqual({ userIds: [adminId], moldIds: [mold.id], change: 'granted' });
  });

  it('binds a registered free device of the organisation, without a token', async () => {
    const device = await registerDevice(app, admin);
    const { mold, device_token: token } = await created({ device_no: device.device_no });
    expect(token).toBeUndefined();
    expect(mold.device).toEqual({ id: device.id, device_no: device.device_no });
  });

  it('refuses a device bound to another mould or registered by another organisation, and stores nothing', async () => {
    const other = await created();
    const before = await moldCount();
    const bound = await create({ device_no: other.mold.device.device_no });
    expect(bound.statusCode).toBe(409);
    expect(bound.json()).toMatchObject({ code: ResponseCode.refused, msg: expect.stringContaining('another mould') });

    const foreignDevice = await registerDevice(app, stranger);
    const foreign = await create({ device_no: foreignDevice.device_no });
    expect(foreign.statusCode).toBe(409);
    expect(await moldCount()).toBe(before);
    const foreignRow = await app.context.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', foreignDevice.id)
      .executeTakeFirstOrThrow();
    expect(foreignRow.mold_id).toBeNull();
  });

  it('answers 400 naming the field for bad step values', async () => {
    const cases: Array<[Partial<MoldFormInput>, string]> = [
      [{ cavitation: 0 }, 'cavitation'],
      [{ mold_number: 'M-1' }, 'mold_number'],
      [{ cycle_time_setting: { time: 120, alert: 5, early: 5 } }, 'cycle_time_setting.early'],
      [
        {
          hot_temp_setting: [
            { name: '', set: null, alert: null },
            { name: 'H2', set: 200, alert: 5 },
          ],
        },
        'hot_temp_setting.0.name',
      ],
      [{ device_no: 'a b' }, 'device_no'],
      [{ oee: 85.55 }, 'oee'],
    ];
    for (const [patch, field] of cases) {
      const response = await create(patch);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().msg, field).toContain(`${field}:`);
    }
  });

  it('refuses a group of another company or organisation (404), and a role without add (403)', async () => {
    const other = await companyWithGroup(app.orgId, 'Other');
    expect((await create({ group_id: other.groupId })).statusCode).toBe(404);
    const foreignOrg = await app.context.db
      .selectFrom('users')
      .select('org_id')
      .where('id', '!=', adminId)
      .where('org_id', '!=', app.orgId)
      .executeTakeFirstOrThrow();
    const foreign = await companyWithGroup(foreignOrg.org_id, 'Far');
    expect((await create({ company_id: foreign.companyId, group_id: foreign.groupId })).json().msg).toContain('group');
    const viewer = await app.login(VIEWER);
    expect((await create({}, viewer)).statusCode).toBe(403);
  });
});

describe('GET /api/yudata/mold_setting/', () => {
  it('lists granted moulds with search, filters and paging; never another organisation’s', async () => {
    const other = await companyWithGroup(app.orgId, 'Listed');
    const first = await created({
      name: 'Findme1',
      mold_number: 'FIND#7',
      company_id: other.companyId,
      group_id: other.groupId,
    });
    await created({ name: 'Findme2', company_id: other.companyId, group_id: other.groupId });
    const byGroup = await list(`group_id=${other.groupId}`);
    expect(byGroup.total).toBe(2);
    expect(byGroup.data[0]).toMatchObject({
      name: 'Findme2',
      company: { id: other.companyId, name: 'Listed' },
      group: { id: other.groupId, name: 'ListedG' },
      online: false,
      subscription_expires_at: null,
      read_only: false,
      mold_image: '',
    });
    expect((await list(`company_id=${other.companyId}&limit=1&page=2`)).data.map((row) => row.id)).toEqual([
      first.mold.id,
    ]);
    expect((await list('search=find%237')).data.map((row) => row.id)).toEqual([first.mold.id]);
    // A % is a character to find, not a wildcard.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=Findme', stranger)).total).toBe(0);
    expect((await api('GET', '/api/yudata/mold_setting/?limit=101')).statusCode).toBe(400);
  });

  it('marks a mould shared to the caller read-only, and answers another organisation 404 for one mould', async () => {
    const shared = await shareToAdmin();
    expect((await list()).data.find((row) => row.id === shared)).toMatchObject({ read_only: true });
    expect((await api('GET', `/api/yudata/mold_setting/${shared}/`)).json().data.read_only).toBe(true);
    expect((await api('GET', `/api/yudata/mold_setting/${shared}/`, undefined, stranger)).statusCode).toBe(404);
  });

  it('answers 403 to a role without view', async () => {
    const user = await app.freshUser();
    const token = await app.login(user);
    await revokeMenu(app.context.db, user.username, MenuId.mold);
    expect((await api('GET', '/api/yudata/mold_setting/', undefined, token)).statusCode).toBe(403);
  });
});

describe('PUT /api/yudata/mold_setting/:id/', () => {
  it('saves the form and moves the device: the old one is unbound and kept, a new serial number registered', async () => {
    const { mold } = await created();
    const newNo = uniqueDeviceNo();
    const response = await api(
      'PUT',
      `/api/yudata/mold_setting/${mold.id}/`,
      form({ name: 'Renamed', device_no: newNo, voltage: 220 }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().data;
    expect(saved.device_token).toBeTruthy();
    expect(saved.mold).toMatchObject({ name: 'Renamed', device: { device_no: newNo }, info: { voltage: 220 } });
    const old = await app.context.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', mold.device.id)
      .executeTakeFirstOrThrow();
    expect(old.mold_id).toBeNull();
    // Saving again with the same device keeps it, and registers nothing.
    const again = await api('PUT', `/api/yudata/mold_setting/${mold.id}/`, form({ device_no: newNo }));
    expect(again.json().data.device_token).toBeUndefined();
  });

  it('keeps everything as it was when the device part fails', async () => {
    const { mold } = await created({ name: 'Keep' });
    const other = await created();
    const response = await api(
      'PUT',
      `/api/yudata/mold_setting/${mold.id}/`,
      form({ name: 'Changed', device_no: other.mold.device.device_no }),
    );
    expect(response.statusCode).toBe(409);
    expect((await api('GET', `/api/yudata/mold_setting/${mold.id}/`)).json().data).toMatchObject({
      name: 'Keep',
      device: mold.device,
    });
  });

  it('refuses a shared mould, another organisation, a role without edit and bad input', async () => {
    const shared = await shareToAdmin();
    const refused = await api('PUT', `/api/yudata/mold_setting/${shared}/`, form());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe('This mould is shared by others and cannot be modified');
    const { mold } = await created();
    expect((await api('PUT', `/api/yudata/mold_setting/${mold.id}/`, form(), stranger)).statusCode).toBe(404);
    expect((await api('PUT', `/api/yudata/mold_setting/${mold.id}/`, form(), await app.login(VIEWER))).statusCode).toBe(
      403,
    );
    const bad = await api('PUT', `/api/yudata/mold_setting/${mold.id}/`, form({ basic_stop_time: 10, basic_time: 20 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('basic_stop_time');
  });

  it('takes effect at once: the next reading is judged by the new settings, and the mould is judged again on save', async () => {
    const events = recorded('moldsChanged');
    const { mold, device_token: token } = await created();
    const send = async (seq: number, extra: Record<string, unknown>) => {
      const response = await app.request({
        method: 'POST',
        url: '/api/device/telemetry/',
        headers: { authorization: `Device ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify([telemetryMessage(seq, extra)]),
      });
      expect(response.statusCode, response.body).toBe(200);
      await app.services.state.settled();
    };
    const stateOf = async () =>
      (await app.context.db.selectFrom('mold_status').select('state').where('mold_id', '=', mold.id).executeTakeFirst())
        ?.state;
    clock = Math.floor(Date.now() / 1000);
    await send(1, { ts: clock - 100, event: 'cycle', mold_temp: [100, null, null, null] });
    expect(await stateOf()).toBe('run');

    const save = await api(
      'PUT',
      `/api/yudata/mold_setting/${mold.id}/`,
      form({ device_no: mold.device.device_no, basic_time: 60, basic_stop_time: 600, thermocouple_type: 1 }),
    );
    expect(save.statusCode, save.body).toBe(200);
    expect(events).toContainEqual({ orgId: app.orgId, moldIds: [mold.id], change: 'updated' });
    await app.services.state.settled();
    // 100 s without a cycle: idle under the new base idle time of 60 s (it was 300 s).
    expect(await stateOf()).toBe('idle');

    await send(2, { ts: clock - 90, event: 'heartbeat', mold_temp: [100, null, null, null] });
    expect(await stateOf()).toBe('idle');
    const readings = await readingsOf(app.context.db, mold.device.id);
    expect(readings.map((reading) => reading.mold_temp?.[0])).toEqual([100, correctKReading(100)]);
  });
});

describe('POST /api/yudata/update_target/:id/:token', () => {
  it('sets target OEE, counter and voltage under the shared rules, with or without the token segment', async () => {
    const { mold } = await created();
    const response = await api('POST', `/api/yudata/update_target/${mold.id}/abc`, { oee: 90.5, counter: 5000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.info).toMatchObject({ oee: 0.905, counter: 5000, voltage: 380 });
    expect(
      (await api('POST', `/api/yudata/update_target/${mold.id}/`, { voltage: 220 })).json().data.info.voltage,
    ).toBe(220);
    const bad = await api('POST', `/api/yudata/update_target/${mold.id}/`, { voltage: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('voltage');
    expect((await api('POST', `/api/yudata/update_target/${mold.id}/`, { oee: 90 }, stranger)).statusCode).toBe(404);
    expect(
      (await api('POST', `/api/yudata/update_target/${mold.id}/`, { oee: 90 }, await app.login(VIEWER))).statusCode,
    ).toBe(403);
    expect((await api('POST', `/api/yudata/update_target/${await shareToAdmin()}/`, { oee: 90 })).statusCode).toBe(422);
  });
});

describe('DELETE /api/yudata/mold_setting/:id/', () => {
  it('deletes the mould with its grants, roll-ups, status and readings; the device stays, unbound', async () => {
    const removed = recorded('moldsChanged');
    const { mold, device_token: token } = await created();
    await app.request({
      method: 'POST',
      url: '/api/device/telemetry/',
      headers: { authorization: `Device ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify([telemetryMessage(1, { ts: clock })]),
    });
    await app.services.state.settled();
    await app.context.db
      .insertInto('mold_rollups')
      .values({ mold_id: mold.id, bucket: new Date(clock * 1000) })
      .execute();

    expect((await api('DELETE', `/api/yudata/mold_setting/${mold.id}/`, undefined, stranger)).statusCode).toBe(404);
    expect(
      (await api('DELETE', `/api/yudata/mold_setting/${mold.id}/`, undefined, await app.login(VIEWER))).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/api/yudata/mold_setting/${mold.id}/`)).statusCode).toBe(200);

    const db = app.context.db;
    for (const table of ['user_mold_grants', 'mold_rollups', 'mold_status', 'readings', 'time_state_slots'] as const) {
      expect(await db.selectFrom(table).select('mold_id').where('mold_id', '=', mold.id).execute(), table).toEqual([]);
    }
    const device = await db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', mold.device.id)
      .executeTakeFirstOrThrow();
    expect(device.mold_id).toBeNull();
    expect(removed).toContainEqual({ orgId: app.orgId, moldIds: [mold.id], change: 'removed' });
    expect((await api('GET', `/api/yudata/mold_setting/${mold.id}/`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/yudata/mold_setting/${await shareToAdmin()}/`)).statusCode).toBe(422);
  });
});

describe('POST /api/yudata/mold_setting/:id/image/', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
  function upload(moldId: number, bytes: Buffer | undefined, token = admin, field = 'file') {
    const boundary = 'mouldwatchboundary';
    const parts = bytes
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          bytes,
          Buffer.from('\r\n'),
        ]
      : [];
    return app.request({
      method: 'POST',
      url: `/api/yudata/mold_setting/${moldId}/image/`,
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    });
  }

  it('stores the image under an unguessable name, served without a session, and deletes the one it replaces', async () => {
    const { mold } = await created();
    const first = await upload(mold.id, PNG);
    expect(first.statusCode, first.body).toBe(200);
    const url: string = first.json().data.mold_image;
    expect(url).toMatch(/^\/api\/files\/molds\/[0-9a-f]{32}\.png$/);
    const served = await app.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await list()).data.find((row) => row.id === mold.id)?.mold_image).toBe(url);

    const second = await upload(mold.id, JPEG);
    expect(second.json().data.mold_image).toMatch(/\.jpg$/);
    expect((await app.request({ method: 'GET', url })).statusCode).toBe(404);
    await api('DELETE', `/api/yudata/mold_setting/${mold.id}/`);
    expect((await app.request({ method: 'GET', url: second.json().data.mold_image })).statusCode).toBe(404);
  });

  it('refuses too big (413), another type (400), no file (400), another organisation (404) and a shared mould (422)', async () => {
    const { mold } = await created();
    const tooBig = await upload(mold.id, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toBe('The image is larger than 2 MB');
    const gif = await upload(mold.id, Buffer.from('GIF89a....'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().msg).toBe('Upload a JPEG, PNG or WebP image');
    expect((await upload(mold.id, undefined)).statusCode).toBe(400);
    expect((await upload(mold.id, PNG, admin, 'other')).statusCode).toBe(400);
    expect((await api('POST', `/api/yudata/mold_setting/${mold.id}/image/`, { file: 'x' })).statusCode).toBe(400);
    expect((await upload(mold.id, PNG, stranger)).statusCode).toBe(404);
    expect((await upload(await shareToAdmin(), PNG)).statusCode).toBe(422);
    expect((await api('GET', `/api/yudata/mold_setting/${mold.id}/`)).json().data.mold_image).toBe('');
  });

  it('answers 404 for a file that is not there or not a file name', async () => {
    expect((await app.request({ method: 'GET', url: `/api/files/molds/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await app.request({ method: 'GET', url: '/api/files/molds/..%2F..%2Fsecret.png' })).statusCode).toBe(404);
  });
});

// A device registered and bound through the device API is the mould's device in the form as well.
describe('the device API and the form agree', () => {
  it('shows a device bound through PUT /api/yudata/device/:id/ in the mould record', async () => {
    const { mold } = await created();
    const device = await registerDevice(app, admin);
    await bindDevice(app, admin, device.id, mold.id);
    expect((await api('GET', `/api/yudata/mold_setting/${mold.id}/`)).json().data.device).toEqual({
      id: device.id,
      device_no: device.device_no,
    });
  });
});
