import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId } from '@mouldwatch/shared';
import type { BusEvents } from '../../infra/bus/event-bus.js';
import {
  createMold,
  limitMenuActions,
  mouldWithDevice,
  readingsOf,
  telemetryMessage,
} from '../../../test/factories.js';
import { addCompany, addGroup, callWithout, otherOrganisationAdmin, putInGroup } from '../../../test/organisation.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

const list = (token: string, query = '') =>
  app.request({ method: 'GET', url: `/api/yudata/mold_group/${query}`, token });
const update = (token: string, id: number, payload: object, lang = 'en') =>
  app.request({ method: 'PUT', url: `/api/yudata/mold_group/${id}/?lang=${lang}`, token, payload });
const remove = (token: string, id: number, lang = 'en') =>
  app.request({ method: 'DELETE', url: `/api/yudata/mold_group/${id}/?lang=${lang}`, token });
const moldExists = async (id: number) =>
  (await app.context.db.selectFrom('molds').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** A signed-in administrator of an organisation of their own, with a company. */
async function organisationWithCompany() {
  const other = await otherOrganisationAdmin(app);
  return { ...other, companyId: await addCompany(app, other.token, 'Works') };
}

describe('the mould group screen', () => {
  it('adds a group to a company and lists it with its company and mould count', async () => {
    const { token, orgId, userId, companyId } = await organisationWithCompany();
    const response = await app.request({
      method: 'POST',
      url: '/api/yudata/mold_group/',
      token,
      payload: { name: 'Press_7', company_id: companyId },
    });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: 'Added successfully',
      data: { name: 'Press_7', company: { id: companyId, name: 'Works' }, mold_count: 0 },
    });
    await putInGroup(app, response.json().data.id, [await createMold(app.context.db, orgId, [userId])]);
    const listed = (await list(token)).json();
    expect(listed).toMatchObject({ code: 200, total: 1 });
    expect(listed.data).toEqual([
      {
        id: response.json().data.id,
        name: 'Press_7',
        company: { id: companyId, name: 'Works' },
        mold_count: 1,
        created_at: expect.any(Number),
      },
    ]);
  });

  it('filters by company, searches and pages', async () => {
    const { token, companyId } = await organisationWithCompany();
    const second = await addCompany(app, token, 'Annex');
    for (const name of ['b1', 'a1', 'c1']) await addGroup(app, token, companyId, name);
    await addGroup(app, token, second, 'a2');
    const names = async (query: string) =>
      (await list(token, query)).json().data.map((row: { name: string }) => row.name) as string[];
    expect(await names(`?company_id=${companyId}`)).toEqual(['a1', 'b1', 'c1']);
    expect(await names(`?company_id=${second}`)).toEqual(['a2']);
    expect(await names('?search=A')).toEqual(['a2', 'a1']);
    expect(await names(`?company_id=${companyId}&page=2&limit=2`)).toEqual(['c1']);
    expect((await list(token, `?company_id=${companyId}&page=2&limit=2`)).json().total).toBe(3);
  });

  it('renames a group and moves it to another company; the home list follows', async () => {
    const { token, orgId, userId, companyId } = await organisationWithCompany();
    const target = await addCompany(app, token, 'Target');
    const groupId = await addGroup(app, token, companyId, 'Before');
    await putInGroup(app, groupId, [await createMold(app.context.db, orgId, [userId])]);
    const response = await update(token, groupId, { name: 'After', company_id: target });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: 'Modified successfully',
      data: { id: groupId, name: 'After', company: { id: target, name: 'Target' }, mold_count: 1 },
    });
    const home = await app.request({ method: 'GET', url: '/api/yudata/mold/more/?limit=99999', token });
    expect(home.json().data).toMatchObject([{ group: 'After', company: 'Target', company_id: target }]);
  });

  it('refuses a name the company has already, in any case, and allows it in another company', async () => {
    const { token, companyId } = await organisationWithCompany();
    await addGroup(app, token, companyId, 'Dup');
    const other = await addGroup(app, token, companyId, 'Other');
    for (const response of [
      await app.request({
        method: 'POST',
        url: '/api/yudata/mold_group/?lang=kor',
        token,
        payload: { name: 'dUP', company_id: companyId },
      }),
      await update(token, other, { name: 'DUP', company_id: companyId }, 'kor'),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 4000,
        msg: 'name: 이 회사에 같은 이름의 금형 그룹이 이미 있습니다',
      });
    }
    expect(await addGroup(app, token, await addCompany(app, token, 'Second'), 'Dup')).toEqual(expect.any(Number));
  });

  it.each([
    [{ name: 'a b', company_id: 1 }, 'name: Must not contain spaces'],
    [{ name: 'x'.repeat(16), company_id: 1 }, 'name: At most 15 characters'],
    [{ name: 'ok' }, 'company_id: Required'],
    [{ name: 'ok', company_id: 'x' }, 'company_id: Required'],
    [{ name: 'ok', company_id: 0 }, 'company_id: Required'],
  ])('refuses %j with 400 naming the field', async (payload, text) => {
    for (const response of [
      await app.request({ method: 'POST', url: '/api/yudata/mold_group/', token: admin, payload }),
      await update(admin, 1, payload),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, msg: `Invalid input: ${text}` });
    }
  });

  it("keeps to the caller's organisation: other companies are unknown, other groups 404 and never listed", async () => {
    const mine = await organisationWithCompany();
    const theirs = await organisationWithCompany();
    const theirGroup = await addGroup(app, theirs.token, theirs.companyId, 'Secret');

    const added = await app.request({
      method: 'POST',
      url: '/api/yudata/mold_group/',
      token: mine.token,
      payload: { name: 'Sneaky', company_id: theirs.companyId },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().msg).toBe('Invalid input: company_id: the company does not exist');
    const mineGroup = await addGroup(app, mine.token, mine.companyId, 'Mine');
    expect((await update(mine.token, mineGroup, { name: 'Mine', company_id: theirs.companyId })).statusCode).toBe(400);
    expect((await update(mine.token, theirGroup, { name: 'Taken', company_id: mine.companyId })).statusCode).toBe(404);
    expect((await remove(mine.token, theirGroup)).statusCode).toBe(404);
    expect((await list(mine.token, `?company_id=${theirs.companyId}`)).json()).toMatchObject({ total: 0, data: [] });
    expect((await list(mine.token, '?search=Secret')).json().total).toBe(0);
    const picker = await app.request({
      method: 'GET',
      url: `/api/yudata/mold/group/${theirs.companyId}/`,
      token: mine.token,
    });
    expect(picker.json().data).toEqual([]);
  });

  it.each([
    ['GET', '', 'view'],
    ['POST', '', 'add'],
    ['PUT', '1/', 'edit'],
    ['DELETE', '1/', 'delete'],
  ] as const)('answers %s without the %s action with 403 / 6000', async (method, path, action) => {
    const response = await callWithout(app, MenuId.moldGroup, action, {
      method,
      url: `/api/yudata/mold_group/${path}`,
      ...(method === 'POST' || method === 'PUT' ? { payload: { name: 'X', company_id: 1 } } : {}),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(6000);
  });
});

describe('deleting a mould group', () => {
  it('deletes an empty group', async () => {
    const { token, companyId } = await organisationWithCompany();
    const groupId = await addGroup(app, token, companyId, 'Empty');
    expect((await remove(token, groupId)).json()).toMatchObject({
      code: 200,
      msg: 'Deleted successfully',
      data: { id: groupId, deleted_molds: 0 },
    });
    expect((await list(token)).json().total).toBe(0);
  });

  it('deletes its moulds with it: readings, grants and status go, devices stay unbound, and the bus hears it', async () => {
    const groupId = await addGroup(app, admin, await addCompany(app, admin, 'Cascade'), 'Doomed');
    const adminId = (
      await app.context.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', ADMIN.username)
        .executeTakeFirstOrThrow()
    ).id;
    const { moldId, device, send } = await mouldWithDevice(app, admin, [adminId]);
    await send([telemetryMessage(1)]);
    const plain = await createMold(app.context.db, app.orgId, [adminId]);
    const outside = await createMold(app.context.db, app.orgId, [adminId]);
    await putInGroup(app, groupId, [moldId, plain]);

    const events: Array<BusEvents['moldsChanged'] | BusEvents['deviceChanged']> = [];
    const stops = [
      app.context.bus.subscribe('moldsChanged', (event) => events.push(event)),
      app.context.bus.subscribe('deviceChanged', (event) => events.push(event)),
    ];
    const response = await remove(admin, groupId);
    stops.forEach((stop) => stop());

    expect(response.json()).toMatchObject({ code: 200, data: { id: groupId, deleted_molds: 2 } });
    expect(await moldExists(moldId)).toBe(false);
    expect(await moldExists(plain)).toBe(false);
    expect(await moldExists(outside)).toBe(true);
    expect(await readingsOf(app.context.db, device.id)).toEqual([]);
    const grants = await app.context.db
      .selectFrom('user_mold_grants')
      .select('mold_id')
      .where('mold_id', 'in', [moldId, plain])
      .execute();
    expect(grants).toEqual([]);
    const deviceRow = await app.context.db
      .selectFrom('devices')
      .select('mold_id')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(deviceRow.mold_id).toBeNull();
    expect(events).toEqual(
      expect.arrayContaining([
        { orgId: app.orgId, moldIds: expect.arrayContaining([moldId, plain]), change: 'removed' },
        { deviceId: device.id },
      ]),
    );
    // The device goes on reporting: its readings now belong to no mould.
    await send([telemetryMessage(2)]);
    expect((await readingsOf(app.context.db, device.id)).map((row) => row.mold_id)).toEqual([null]);
  });

  it('refuses, deleting nothing, when the caller may not delete moulds', async () => {
    const { user, token, orgId, userId, companyId } = await organisationWithCompany();
    const groupId = await addGroup(app, token, companyId, 'Kept');
    const moldId = await createMold(app.context.db, orgId, [userId]);
    await putInGroup(app, groupId, [moldId]);
    await limitMenuActions(app.context.db, user.username, MenuId.mold, ['view', 'add', 'edit']);
    const response = await remove(token, groupId, 'zh');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 6000, msg: '该模具分组中有模具，而您的角色没有删除模具的权限' });
    expect(await moldExists(moldId)).toBe(true);
    // An empty group needs no mould permission.
    expect((await remove(token, await addGroup(app, token, companyId, 'Bare'))).statusCode).toBe(200);
  });

  it('refuses, deleting nothing, when a mould of the group is shared to the caller or not theirs', async () => {
    const { token, orgId, userId, companyId } = await organisationWithCompany();
    const groupId = await addGroup(app, token, companyId, 'Mixed');
    const own = await createMold(app.context.db, orgId, [userId]);
    const unassigned = await createMold(app.context.db, orgId);
    const shared = await createMold(app.context.db, orgId);
    await app.context.db
      .insertInto('user_mold_grants')
      .values({ user_id: userId, mold_id: shared, shared_by: userId })
      .execute();
    await putInGroup(app, groupId, [own, unassigned, shared]);
    const response = await remove(token, groupId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 4000,
      msg: 'This mould group holds 2 mould(s) you may not delete (shared to you or not assigned to you)',
    });
    for (const moldId of [own, unassigned, shared]) expect(await moldExists(moldId)).toBe(true);
    expect((await list(token)).json().data).toMatchObject([{ id: groupId, mold_count: 3 }]);
  });
});

describe('the group picker', () => {
  it("answers the company's groups by name, with or without the token segment", async () => {
    const { token, companyId } = await organisationWithCompany();
    for (const name of ['Zed', 'alpha', 'Mid']) await addGroup(app, token, companyId, name);
    await addGroup(app, token, await addCompany(app, token, 'Elsewhere'), 'Other');
    for (const url of [`/api/yudata/mold/group/${companyId}/`, `/api/yudata/mold/group/${companyId}/tok`]) {
      const response = await app.request({ method: 'GET', url, token });
      expect(response.json().data.map((row: { name: string }) => row.name)).toEqual(['alpha', 'Mid', 'Zed']);
    }
  });

  it("needs the mould list's view and a numeric company id", async () => {
    const { user, token, companyId } = await organisationWithCompany();
    expect((await app.request({ method: 'GET', url: '/api/yudata/mold/group/abc/', token })).statusCode).toBe(400);
    await limitMenuActions(app.context.db, user.username, MenuId.mold, []);
    const refused = await app.request({ method: 'GET', url: `/api/yudata/mold/group/${companyId}/`, token });
    expect(refused.statusCode).toBe(403);
  });
});
