import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindDevice, createMold, registerDevice, uniqueDeviceNo, orgIdOf, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
});
afterAll(async () => {
  await app?.close();
});

const list = (token: string, query = '') => app.request({ method: 'GET', url: `/api/yudata/device/${query}`, token });
const deviceRow = (id: number) =>
  app.context.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** An administrator of another organisation, with a device and a mould of their own. */
async function otherOrganisation() {
  const user = await app.freshUser();
  const token = await app.login(user);
  const userId = await userIdOf(app.context.db, user.username);
  const orgId = await orgIdOf(app.context.db, userId);
  return {
    token,
    device: await registerDevice(app, token),
    moldId: await createMold(app.context.db, orgId, [userId]),
  };
}

describe('registering a device', () => {
  it('answers the token once and keeps only its SHA-256', async () => {
    const deviceNo = uniqueDeviceNo();
    const response = await app.request({
      method: 'POST',
      url: '/api/yudata/device/',
      token: admin,
      payload: { device_no: deviceNo },
    });
    expect(response.json()).toMatchObject({ code: 200, msg: 'Added successfully', data: { device_no: deviceNo } });
    const { id, token } = response.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await deviceRow(id);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = (await list(admin, '?limit=1000')).json().data.find((device: { id: number }) => device.id === id);
    expect(listed).toEqual({
      id,
      device_no: deviceNo,
      mold_id: null,
      mold_name: null,
      mold_number: null,
      created_at: expect.any(Number),
      last_seen_at: null,
      too_old: null,
    });
  });

  it('refuses a serial number already registered, by any organisation, with 409 / 4000', async () => {
    const { device } = await otherOrganisation();
    const response = await app.request({
      method: 'POST',
      url: '/api/yudata/device/?lang=zh',
      token: admin,
      payload: { device_no: device.device_no },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 4000, msg: '该序列号已注册' });
  });

  it('refuses a bad serial number with 400 naming the field', async () => {
    for (const payload of [{ device_no: 'bad/topic' }, { device_no: 'ab' }, {}, { device_no: 42 }]) {
      const response = await app.request({ method: 'POST', url: '/api/yudata/device/', token: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(400);
      expect(response.json().msg).toContain('device_no');
    }
    const pattern = await app.request({
      method: 'POST',
      url: '/api/yudata/device/',
      token: admin,
      payload: { device_no: 'bad/topic' },
    });
    expect(pattern.json().msg).toBe('Invalid input: device_no: Number error: use 3 to 64 letters, digits, - or _');
  });
});

describe('the device list', () => {
  it("pages the organisation's devices with the total, and nobody else's", async () => {
    const other = await otherOrganisation();
    const mine = [await registerDevice(app, other.token), await registerDevice(app, other.token)];
    const firstPage = (await list(other.token, '?page=1&limit=2')).json();
    const secondPage = (await list(other.token, '?page=2&limit=2')).json();
    expect(firstPage.total).toBe(3);
    expect(firstPage.data.map((device: { id: number }) => device.id)).toEqual([other.device.id, mine[0]!.id]);
    expect(secondPage.data.map((device: { id: number }) => device.id)).toEqual([mine[1]!.id]);
    expect(firstPage.data[0]).not.toHaveProperty('token');
    const adminsList = (await list(admin, '?limit=1000')).json().data.map((device: { id: number }) => device.id);
    expect(adminsList).not.toContain(other.device.id);
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['?page=0', '?limit=1001', '?page=x']) {
      expect((await list(admin, query)).statusCode, query).toBe(400);
    }
  });
});

describe('binding a device to a mould', () => {
  it("binds, moves the mould's earlier device off it, and unbinds with null", async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    const first = await registerDevice(app, admin);
    const second = await registerDevice(app, admin);
    await bindDevice(app, admin, first.id, moldId);
    expect((await deviceRow(first.id)).mold_id).toBe(moldId);

    const response = await app.request({
      method: 'PUT',
      url: `/api/yudata/device/${second.id}/`,
      token: admin,
      payload: { mold_id: moldId },
    });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: 'Modified successfully',
      data: { id: second.id, mold_id: moldId, mold_name: 'Test mould' },
    });
    expect((await deviceRow(first.id)).mold_id).toBeNull();
    expect((await deviceRow(second.id)).mold_id).toBe(moldId);

    await bindDevice(app, admin, second.id, null);
    expect((await deviceRow(second.id)).mold_id).toBeNull();
  });

  it("refuses another organisation's mould (404) and a mould the caller may not change (403)", async () => {
    const device = await registerDevice(app, admin);
    const other = await otherOrganisation();
    const bind = (moldId: number) =>
      app.request({
        method: 'PUT',
        url: `/api/yudata/device/${device.id}/`,
        token: admin,
        payload: { mold_id: moldId },
      });

    const foreign = await bind(other.moldId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 4000, msg: 'The mould does not exist' });
    const ungranted = await bind(await createMold(app.context.db, app.orgId));
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json().code).toBe(6000);
    expect((await deviceRow(device.id)).mold_id).toBeNull();
  });

  it('refuses a malformed mould id with 400', async () => {
    const device = await registerDevice(app, admin);
    for (const payload of [{}, { mold_id: 'one' }, { mold_id: -1 }]) {
      const response = await app.request({
        method: 'PUT',
        url: `/api/yudata/device/${device.id}/`,
        token: admin,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('rotating the token and deleting', () => {
  it('answers a new token and keeps only its hash', async () => {
    const device = await registerDevice(app, admin);
    const response = await app.request({
      method: 'PUT',
      url: `/api/yudata/device/${device.id}/rotate_token/`,
      token: admin,
    });
    const rotated = response.json().data;
    expect(rotated).toMatchObject({ id: device.id, device_no: device.device_no });
    expect(rotated.token).not.toBe(device.token);
    expect((await deviceRow(device.id)).token_hash).toBe(createHash('sha256').update(rotated.token).digest('hex'));
  });

  it('deletes the device once; a second delete is 404', async () => {
    const device = await registerDevice(app, admin);
    const remove = () => app.request({ method: 'DELETE', url: `/api/yudata/device/${device.id}/`, token: admin });
    expect((await remove()).json()).toMatchObject({ code: 200, msg: 'Deleted successfully' });
    expect((await remove()).statusCode).toBe(404);
  });
});

describe('who may administer devices', () => {
  it("answers 404 for another organisation's device, whatever the call", async () => {
    const { device } = await otherOrganisation();
    const calls = [
      { method: 'PUT' as const, url: `/api/yudata/device/${device.id}/`, payload: { mold_id: null } },
      { method: 'PUT' as const, url: `/api/yudata/device/${device.id}/rotate_token/` },
      { method: 'DELETE' as const, url: `/api/yudata/device/${device.id}/` },
    ];
    for (const call of calls) {
      const response = await app.request({ ...call, token: admin });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 4000, msg: 'The device does not exist' });
    }
    expect((await deviceRow(device.id)).token_hash).toBe(createHash('sha256').update(device.token).digest('hex'));
  });

  it('refuses a viewer with 403 / 6000 and a caller without a session with 401 / 5000', async () => {
    const viewer = await app.login(VIEWER);
    const device = await registerDevice(app, admin);
    const calls = [
      { method: 'GET' as const, url: '/api/yudata/device/' },
      { method: 'POST' as const, url: '/api/yudata/device/', payload: { device_no: uniqueDeviceNo() } },
      { method: 'PUT' as const, url: `/api/yudata/device/${device.id}/`, payload: { mold_id: null } },
      { method: 'PUT' as const, url: `/api/yudata/device/${device.id}/rotate_token/` },
      { method: 'DELETE' as const, url: `/api/yudata/device/${device.id}/` },
    ];
    for (const call of calls) {
      const refused = await app.request({ ...call, token: viewer });
      expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(refused.json().code).toBe(6000);
      expect((await app.request(call)).json().code).toBe(5000);
    }
  });
});
