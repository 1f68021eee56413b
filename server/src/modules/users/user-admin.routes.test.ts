import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId } from '@mouldwatch/shared';
import { createMold, orgIdOf, revokeMenu, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, encode, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let viewerRoleId: number;
let adminId: number;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  const role = await app.context.db
    .selectFrom('roles')
    .select('id')
    .where('org_id', '=', app.orgId)
    .where('name', '=', 'Viewer')
    .executeTakeFirstOrThrow();
  viewerRoleId = role.id;
});
afterAll(() => app?.close());

let made = 0;
const form = (extra: object = {}) => {
  made += 1;
  return {
    username: `staff${made}`,
    password: encode('staff1234'),
    name: 'Ana Souza',
    mobile: '+55-11-4444',
    email: `staff${made}@example.com`,
    role: viewerRoleId,
    ...extra,
  };
};
const create = (payload: object, token = admin, lang = 'en') =>
  app.request({ method: 'POST', url: `/api/yudata/user/?lang=${lang}`, token, payload });
const update = (id: number, payload: object, token = admin) =>
  app.request({ method: 'PUT', url: `/api/yudata/user/${id}/`, token, payload });
const remove = (id: number, token = admin) => app.request({ method: 'DELETE', url: `/api/yudata/user/${id}/`, token });
const get = (url: string, token = admin) => app.request({ method: 'GET', url, token });

async function created(extra: object = {}) {
  const response = await create(form(extra));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; username: string };
}

describe('user administration', () => {
  it('adds a staff user who can log in, with is_staff 1 and subscribe 1, and shows them in the list', async () => {
    const payload = form();
    const response = await create(payload);
    expect(response.json()).toMatchObject({ code: 200, msg: 'Added successfully' });
    const user = response.json().data;
    expect(user).toMatchObject({
      username: payload.username,
      name: 'Ana Souza',
      role: { id: viewerRoleId, name: 'Viewer' },
      is_active: true,
      is_staff: 1,
      subscribe: 1,
      last_login: null,
      moldIds: '',
    });
    expect(user).not.toHaveProperty('password_hash');
    await app.login({ username: payload.username, password: 'staff1234', name: '', email: '' });
    const list = (await get('/api/yudata/user/?page=1&limit=1000')).json();
    expect(list.total).toBe(list.data.length);
    const listed = list.data.find((row: { id: number }) => row.id === user.id);
    expect(listed.last_login).not.toBeNull();
    expect(listed).toMatchObject({ username: payload.username, role: { name: 'Viewer' } });
    expect(listed).not.toHaveProperty('moldIds');
  });

  it('pages and searches by user name or name, in any case', async () => {
    await created({ name: 'Zelda Quintana' });
    const page = (await get('/api/yudata/user/?page=1&limit=2')).json();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const byName = (await get('/api/yudata/user/obscure_search/?name=zELDa')).json();
    expect(byName.data.map((row: { name: string }) => row.name)).toEqual(['Zelda Quintana']);
    expect(byName.total).toBe(1);
    const byUsername = (await get(`/api/yudata/user/obscure_search/?name=${ADMIN.username.toUpperCase()}`)).json();
    expect(byUsername.data.map((row: { username: string }) => row.username)).toEqual([ADMIN.username]);
    expect((await get('/api/yudata/user/obscure_search/?name=%25')).json().total).toBe(0);
  });

  it('refuses bad input naming the field, in the language asked', async () => {
    const cases: Array<[object, string]> = [
      [{ username: 'ab' }, 'username: Must be 3 to 32 characters'],
      [{ username: 'has space' }, 'username: Must not contain spaces'],
      [{ username: '用户名称' }, 'username: Must not contain Chinese characters'],
      [{ password: encode('short') }, 'password: Must be 6 to 16 characters'],
      [{ password: undefined }, 'password'],
      [{ email: 'nope' }, 'email: Enter a valid e-mail address'],
      [{ mobile: '12ab' }, 'mobile: Use digits, + and - only'],
      [{ name: 'Bad<b>' }, 'name: Must not contain special characters'],
      [{ name: '' }, 'name: Required'],
      [{ role: undefined }, 'role: Choose a role'],
      [{ role: 999999 }, 'role: the role does not exist'],
      [{ moldIds: '1,x' }, 'moldIds: Use mould ids separated by commas'],
    ];
    for (const [change, message] of cases) {
      const response = await create(form(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().msg).toContain(message);
    }
    expect((await create(form({ email: 'x' }), admin, 'por')).json().msg).toContain('email: Informe um e-mail válido');
  });

  it('keeps user names unique across the install, whatever their case (409 naming username)', async () => {
    const response = await create(form({ username: ADMIN.username.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 4000, msg: 'username: This user name is already taken' });
    const other = await app.freshUser();
    expect((await create(form({ username: other.username }))).statusCode).toBe(409);
    const user = await created();
    expect((await update(user.id, { username: VIEWER.username })).statusCode).toBe(409);
  });

  it('edits a user; an absent or empty password is unchanged, a new one ends their sessions', async () => {
    const user = await created();
    const credentials = { username: user.username, password: 'staff1234', name: '', email: '' };
    const token = await app.login(credentials);
    const edited = await update(user.id, { name: 'Ana Lima', subscribe: 0, password: '' });
    expect(edited.json()).toMatchObject({
      code: 200,
      msg: 'Modified successfully',
      data: { name: 'Ana Lima', subscribe: 0 },
    });
    expect((await get('/api/yudata/user/user_info/', token)).statusCode).toBe(200);
    await update(user.id, { password: encode('newpass99') });
    expect((await get('/api/yudata/user/user_info/', token)).statusCode).toBe(401);
    await app.login({ ...credentials, password: 'newpass99' });
  });

  it('a new role holds from the next call, the session goes on, and open consoles are told to reload the menu', async () => {
    const user = await created();
    const token = await app.login({ username: user.username, password: 'staff1234', name: '', email: '' });
    const adminRole = await app.context.db
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', app.orgId)
      .where('name', '=', 'Administrator')
      .executeTakeFirstOrThrow();
    expect((await get('/api/yudata/user/', token)).statusCode).toBe(403);
    const told: number[][] = [];
    const stop = app.context.bus.subscribe('menuChanged', ({ userIds }) => told.push(userIds));
    const response = await update(user.id, { role: adminRole.id });
    stop();
    expect(response.json().data.role).toEqual({ id: adminRole.id, name: 'Administrator' });
    expect(told).toEqual([[user.id]]);
    expect((await get('/api/yudata/user/', token)).statusCode).toBe(200);
  });

  it('disables a user (their tokens stop working, login is refused) and enables them again', async () => {
    const user = await created();
    const credentials = { username: user.username, password: 'staff1234', name: '', email: '' };
    const token = await app.login(credentials);
    expect((await update(user.id, { is_active: false })).json().data.is_active).toBe(false);
    expect((await get('/api/yudata/user/user_info/', token)).statusCode).toBe(401);
    await expect(app.login(credentials)).rejects.toThrow(/disabled/);
    await update(user.id, { is_active: true });
    await app.login(credentials);
  });

  it('refuses to let administrators disable or delete themselves', async () => {
    const disable = await update(adminId, { is_active: false });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().msg).toBe('You cannot disable your own account');
    const deletion = await remove(adminId);
    expect(deletion.statusCode).toBe(409);
    expect(deletion.json().msg).toBe('You cannot delete your own account');
  });

  it('deletes a user with their grants; they cannot log in any more', async () => {
    const user = await created();
    const moldId = await createMold(app.context.db, app.orgId, [adminId, user.id]);
    const token = await app.login({ username: user.username, password: 'staff1234', name: '', email: '' });
    expect((await remove(user.id)).json()).toMatchObject({ code: 200, msg: 'Deleted successfully' });
    expect((await get('/api/yudata/user/user_info/', token)).statusCode).toBe(401);
    expect((await get(`/api/yudata/user/${user.id}/`)).statusCode).toBe(404);
    const grants = await app.context.db
      .selectFrom('user_mold_grants')
      .selectAll()
      .where('mold_id', '=', moldId)
      .execute();
    expect(grants.map((grant) => grant.user_id)).toEqual([adminId]);
  });

  it('creates a user with moulds, all in one: a mould the admin cannot distribute refuses the whole', async () => {
    const mine = await createMold(app.context.db, app.orgId, [adminId]);
    const notMine = await createMold(app.context.db, app.orgId, []);
    const refused = await create(form({ moldIds: `${mine},${notMine}` }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain(`moldIds: you cannot distribute the moulds ${notMine}`);
    const user = await created({ moldIds: `${mine}` });
    expect((await get(`/api/yudata/user/${user.id}/`)).json().data.moldIds).toBe(String(mine));
  });

  it('never shows or touches users of another organisation (404, not in lists or searches)', async () => {
    const other = await app.freshUser();
    const otherId = await userIdOf(app.context.db, other.username);
    expect(await orgIdOf(app.context.db, otherId)).not.toBe(app.orgId);
    for (const response of [
      await get(`/api/yudata/user/${otherId}/`),
      await update(otherId, { name: 'Taken Over' }),
      await remove(otherId),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toBe('The user does not exist');
    }
    const found = (await get(`/api/yudata/user/obscure_search/?name=${other.username}`)).json();
    expect(found.total).toBe(0);
    const all = (await get('/api/yudata/user/?limit=1000')).json().data as Array<{ id: number }>;
    expect(all.some((row) => row.id === otherId)).toBe(false);
    const otherToken = await app.login(other);
    const viewer = await userIdOf(app.context.db, VIEWER.username);
    expect((await update(viewer, { is_active: false }, otherToken)).statusCode).toBe(404);
    expect((await create(form({ role: viewerRoleId }), otherToken)).statusCode).toBe(400);
  });

  it('needs the user menu permission for each action (403 / 6000)', async () => {
    const viewerToken = await app.login(VIEWER);
    const user = await created();
    for (const response of [
      await get('/api/yudata/user/', viewerToken),
      await get('/api/yudata/user/obscure_search/?name=a', viewerToken),
      await get(`/api/yudata/user/${user.id}/`, viewerToken),
      await create(form(), viewerToken),
      await update(user.id, { name: 'X' }, viewerToken),
      await remove(user.id, viewerToken),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(6000);
    }
    const limited = await app.freshUser();
    await revokeMenu(app.context.db, limited.username, MenuId.user);
    expect((await get('/api/yudata/user/', await app.login(limited))).statusCode).toBe(403);
  });
});
