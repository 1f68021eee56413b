import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId } from '@mouldwatch/shared';
import { createMold, limitMenuActions, userIdOf } from '../../../test/factories.js';
import { addCompany, addGroup, callWithout, otherOrganisationAdmin, putInGroup } from '../../../test/organisation.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';

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

const list = (token: string, query = '') =>
  app.request({ method: 'GET', url: `/api/yudata/mold_company/${query}`, token });
const rename = (token: string, id: number, name: string, lang = 'en') =>
  app.request({ method: 'PUT', url: `/api/yudata/mold_company/${id}/?lang=${lang}`, token, payload: { name } });
const remove = (token: string, id: number, lang = 'en') =>
  app.request({ method: 'DELETE', url: `/api/yudata/mold_company/${id}/?lang=${lang}`, token });

/** A signed-in administrator of a new organisation whose role keeps only these company actions. */
async function userWithCompanyActions(...actions: Array<'view' | 'add' | 'edit' | 'delete'>) {
  const other = await otherOrganisationAdmin(app);
  await limitMenuActions(app.context.db, other.user.username, MenuId.company, actions);
  return other;
}

describe('the company screen', () => {
  it('adds a company and lists it with its counts of groups and moulds', async () => {
    const response = await app.request({
      method: 'POST',
      url: '/api/yudata/mold_company/',
      token: admin,
      payload: { name: 'Acme_1' },
    });
    expect(response.json()).toMatchObject({ code: 200, msg: 'Added successfully', data: { name: 'Acme_1' } });
    const companyId = response.json().data.id as number;
    const groupA = await addGroup(app, admin, companyId, 'LineA');
    await addGroup(app, admin, companyId, 'LineB');
    await putInGroup(app, groupA, [
      await createMold(app.context.db, app.orgId),
      await createMold(app.context.db, app.orgId),
    ]);

    const listed = (await list(admin, '?search=acme_1')).json();
    expect(listed).toMatchObject({ code: 200, total: 1 });
    expect(listed.data).toEqual([
      { id: companyId, name: 'Acme_1', group_count: 2, mold_count: 2, created_at: expect.any(Number) },
    ]);
  });

  it('pages by name, any case, and searches with the wildcards taken literally', async () => {
    const other = await otherOrganisationAdmin(app);
    for (const name of ['beta', 'Alpha', 'gamma', 'Delta_x']) await addCompany(app, other.token, name);
    const first = (await list(other.token, '?page=1&limit=2')).json();
    expect(first.total).toBe(4);
    expect(first.data.map((row: { name: string }) => row.name)).toEqual(['Alpha', 'beta']);
    const second = (await list(other.token, '?page=2&limit=2')).json();
    expect(second.data.map((row: { name: string }) => row.name)).toEqual(['Delta_x', 'gamma']);
    expect((await list(other.token, '?search=a_x')).json().data.map((row: { name: string }) => row.name)).toEqual([
      'Delta_x',
    ]);
    expect((await list(other.token, '?search=%25')).json().total).toBe(0);
    expect((await list(other.token, '?search=%20%20')).json().total).toBe(4);
  });

  it('renames a company, and the home list shows the new name', async () => {
    const companyId = await addCompany(app, admin, 'OldName');
    const groupId = await addGroup(app, admin, companyId, 'G1');
    await putInGroup(app, groupId, [await createMold(app.context.db, app.orgId, [adminId])]);
    const response = await rename(admin, companyId, 'NewName');
    expect(response.json()).toMatchObject({
      code: 200,
      msg: 'Modified successfully',
      data: { id: companyId, name: 'NewName' },
    });
    const home = await app.request({
      method: 'GET',
      url: `/api/yudata/mold/more/?limit=99999&company=${companyId}`,
      token: admin,
    });
    expect(home.json().data.map((mold: { company: string }) => mold.company)).toEqual(['NewName']);
  });

  it('refuses a name the organisation has already, in any case, with 409 naming the field', async () => {
    await addCompany(app, admin, 'Taken');
    for (const response of [
      await app.request({
        method: 'POST',
        url: '/api/yudata/mold_company/?lang=zh',
        token: admin,
        payload: { name: 'TAKEN' },
      }),
      await rename(admin, await addCompany(app, admin, 'Free'), 'taken', 'zh'),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 4000, msg: 'name：已存在同名公司' });
    }
  });

  it('lets another organisation use the same name', async () => {
    await addCompany(app, admin, 'SharedName');
    const other = await otherOrganisationAdmin(app);
    expect(await addCompany(app, other.token, 'sharedname')).toEqual(expect.any(Number));
  });

  it.each([
    [{ name: 'Two words' }, 'Must not contain spaces'],
    [{ name: 'a'.repeat(16) }, 'At most 15 characters'],
    [{ name: 'Acme#1' }, 'Must not contain special characters'],
    [{ name: '' }, 'Required'],
    [{}, 'Required'],
  ])('refuses %j with 400 naming the field', async (payload, text) => {
    for (const response of [
      await app.request({ method: 'POST', url: '/api/yudata/mold_company/', token: admin, payload }),
      await app.request({ method: 'PUT', url: '/api/yudata/mold_company/1/', token: admin, payload }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, msg: `Invalid input: name: ${text}` });
    }
  });

  it('refuses a bad page, limit or id with 400', async () => {
    for (const query of ['?page=0', '?limit=1001', '?limit=x']) {
      expect((await list(admin, query)).statusCode, query).toBe(400);
    }
    expect((await remove(admin, 0)).statusCode).toBe(400);
  });

  it('deletes a company without groups, and refuses one with groups, saying so', async () => {
    const empty = await addCompany(app, admin, 'Empty');
    expect((await remove(admin, empty)).json()).toMatchObject({ code: 200, msg: 'Deleted successfully' });
    expect((await list(admin, '?search=Empty')).json().total).toBe(0);

    const full = await addCompany(app, admin, 'Full');
    await addGroup(app, admin, full, 'One');
    await addGroup(app, admin, full, 'Two');
    const refused = await remove(admin, full, 'por');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 4000,
      msg: 'Esta empresa ainda tem 2 grupo(s) de moldes: exclua-os primeiro',
    });
    expect((await list(admin, '?search=Full')).json().total).toBe(1);
  });

  it("answers 404 for another organisation's company and never lists it", async () => {
    const other = await otherOrganisationAdmin(app);
    const theirs = await addCompany(app, other.token, 'Theirs');
    expect((await rename(admin, theirs, 'Mine')).statusCode).toBe(404);
    const refused = await remove(admin, theirs);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 4000, msg: 'The company does not exist' });
    expect((await list(admin, '?search=Theirs')).json().total).toBe(0);
    const picker = await app.request({ method: 'GET', url: '/api/yudata/mold/company/', token: admin });
    expect(picker.json().data.map((row: { id: number }) => row.id)).not.toContain(theirs);
  });

  it.each([
    ['GET', '', 'view'],
    ['POST', '', 'add'],
    ['PUT', '1/', 'edit'],
    ['DELETE', '1/', 'delete'],
  ] as const)('answers %s without the %s action with 403 / 6000', async (method, path, action) => {
    const response = await callWithout(app, MenuId.company, action, {
      method,
      url: `/api/yudata/mold_company/${path}`,
      ...(method === 'POST' || method === 'PUT' ? { payload: { name: 'X' } } : {}),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(6000);
  });
});

describe('the company picker', () => {
  it("answers every company of the caller's organisation by name, with or without the token segment", async () => {
    const other = await otherOrganisationAdmin(app);
    for (const name of ['zeta', 'Eta', 'theta']) await addCompany(app, other.token, name);
    for (const url of ['/api/yudata/mold/company/', '/api/yudata/mold/company/some-token']) {
      const response = await app.request({ method: 'GET', url, token: other.token });
      expect(response.json().data.map((row: { name: string }) => row.name)).toEqual(['Eta', 'theta', 'zeta']);
      expect(Object.keys(response.json().data[0])).toEqual(['id', 'name']);
    }
  });

  it("needs the mould list's view, not the company screen's", async () => {
    const other = await userWithCompanyActions();
    expect(
      (await app.request({ method: 'GET', url: '/api/yudata/mold/company/', token: other.token })).statusCode,
    ).toBe(200);
    await limitMenuActions(app.context.db, other.user.username, MenuId.mold, []);
    const refused = await app.request({ method: 'GET', url: '/api/yudata/mold/company/', token: other.token });
    expect(refused.statusCode).toBe(403);
  });
});
