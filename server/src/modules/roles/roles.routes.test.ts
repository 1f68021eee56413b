import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_ITEMS, MenuId, type PermissionTreeNode, type RolePermission, type RoleRecord } from '@mouldwatch/shared';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { expectEnvelope } from '../../../test/envelope.js';
import { createUser, type SeedUser } from '../../seed/organization.js';

let app: TestApp;
let admin: string;
let viewer: string;

beforeAll(async () => {
  app = await startTestApp();
  [admin, viewer] = await Promise.all([app.login(ADMIN), app.login(VIEWER)]);
});
afterAll(async () => {
  await app?.close();
});

let roleNumber = 0;
const uniqueName = (prefix = 'Role') => `${prefix} ${(roleNumber += 1)}`;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return app.request({ method, url, token, ...(payload ? { payload } : {}) });
}

async function createRole(token: string, permissions: RolePermission[], name = uniqueName()): Promise<RoleRecord> {
  const response = await call('POST', '/api/yudata/role/', token, { name, is_viewer: false, permissions });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

let userNumber = 0;
/** A user of the test organisation holding the role. */
async function userWithRole(roleId: number): Promise<SeedUser> {
  userNumber += 1;
  const user = { username: `holder${userNumber}`, password: 'hold1234', name: 'Holder', email: 'h@example.com' };
  await createUser(app.context.db, app.orgId, roleId, user, true);
  return user;
}

const ROLE_ADMIN: RolePermission = { menu_id: MenuId.role, actions: ['view', 'add', 'edit', 'delete'] };

describe('GET /api/yudata/role/', () => {
  it("answers the organisation's roles with permissions and user counts, paged", async () => {
    const response = await call('GET', '/api/yudata/role/?limit=1000', admin);
    const body = response.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    const [administrator, viewerRole] = body.data as RoleRecord[];
    expect(administrator).toMatchObject({ name: 'Administrator', is_viewer: false });
    expect(administrator!.user_count).toBeGreaterThanOrEqual(1);
    expect(administrator!.permissions).toHaveLength(MENU_ITEMS.length);
    expect(viewerRole).toMatchObject({ name: 'Viewer', is_viewer: true });
    const second = (await call('GET', '/api/yudata/role/?page=2&limit=1', admin)).json();
    expect(second.data.map((role: RoleRecord) => role.name)).toEqual(['Viewer']);
    expect(second.total).toBe(body.total);
  });

  it('refuses a limit over 1000, naming it', async () => {
    const response = await call('GET', '/api/yudata/role/?limit=1001', admin);
    expect(response.statusCode).toBe(400);
    expect(expectEnvelope(response).msg).toContain('limit');
  });
});

describe('GET /api/yudata/role/obscure_search/', () => {
  it('finds names containing the text in any case, wildcards taken literally', async () => {
    const made = await createRole(admin, [], 'Night Shift_A');
    await createRole(admin, [], 'NightXShift');
    const found = (await call('GET', '/api/yudata/role/obscure_search/?name=shift_', admin)).json();
    expect(found.data.map((role: RoleRecord) => role.id)).toEqual([made.id]);
    expect(found.total).toBe(1);
    const paged = (await call('GET', '/api/yudata/role/obscure_search/?name=NIGHT&limit=1&page=2', admin)).json();
    expect(paged.total).toBe(2);
    expect(paged.data).toHaveLength(1);
  });
});

describe('GET /api/yudata/role/roleId_get_menu/', () => {
  it('answers every menu item as a tree with the actions it can grant', async () => {
    const tree: PermissionTreeNode[] = (await call('GET', '/api/yudata/role/roleId_get_menu/?lang=zh_CN', admin)).json()
      .data;
    expect(tree.map((node) => node.id)).toEqual([202301050005, 4, 9, 6, 7, 8, 5, 10, 37]);
    const moldSetting = tree.find((node) => node.id === MenuId.moldSetting)!;
    expect(moldSetting.name).toBe('模具设置');
    const share = moldSetting.children.find((node) => node.id === MenuId.share)!;
    expect(share.children[0]).toMatchObject({ id: MenuId.shareUser, actions: ['view', 'ShareUser'], api: true });
    expect(moldSetting).not.toHaveProperty('granted');
  });

  it("with a role's id, marks what the role grants on each item", async () => {
    const role = await createRole(admin, [{ menu_id: MenuId.mold, actions: ['view', 'edit'] }]);
    const tree: PermissionTreeNode[] = (
      await call('GET', `/api/yudata/role/roleId_get_menu/?id=${role.id}`, admin)
    ).json().data;
    const moldSetting = tree.find((node) => node.id === MenuId.moldSetting)!;
    expect(moldSetting.granted).toEqual(['view']);
    expect(moldSetting.children.find((node) => node.id === MenuId.mold)!.granted).toEqual(['view', 'edit']);
    expect(tree.find((node) => node.id === MenuId.home)!.granted).toEqual([]);
  });
});

describe('POST /api/yudata/role/', () => {
  it("stores the role, giving each granted item's parents `view`", async () => {
    const response = await call('POST', '/api/yudata/role/', admin, {
      name: '  Mould clerks ',
      is_viewer: true,
      permissions: [
        { menu_id: MenuId.mold, actions: ['edit'] },
        { menu_id: MenuId.home, actions: ['view'] },
        { menu_id: MenuId.mold, actions: ['add'] },
        { menu_id: MenuId.user, actions: [] },
      ],
    });
    expect(response.json()).toMatchObject({ code: 200, msg: 'Added successfully' });
    const role: RoleRecord = response.json().data;
    expect(role).toMatchObject({ name: 'Mould clerks', is_viewer: true, user_count: 0 });
    expect(role.permissions).toEqual([
      { menu_id: MenuId.home, actions: ['view'] },
      { menu_id: MenuId.moldSetting, actions: ['view'] },
      { menu_id: MenuId.mold, actions: ['view', 'add', 'edit'] },
    ]);
    expect((await call('GET', `/api/yudata/role/${role.id}/`, admin)).json().data).toEqual(role);
  });

  it.each([
    [{ name: '', permissions: [] }, 'name: Required'],
    [{ name: 'x'.repeat(33), permissions: [] }, 'name: At most 32 characters'],
    [{ name: 'Ok', permissions: [{ menu_id: 999, actions: ['view'] }] }, 'permissions.0.menu_id: No such menu item'],
    [
      { name: 'Ok', permissions: [{ menu_id: MenuId.mold, actions: ['ShareUser'] }] },
      'permissions.0.actions: This menu item cannot grant this action',
    ],
    [{ name: 'Ok', permissions: [{ menu_id: MenuId.mold, actions: ['fly'] }] }, 'permissions.0.actions.0'],
    [{ name: 'Ok' }, 'permissions'],
  ])('refuses bad input naming the field: %j', async (payload, expected) => {
    const response = await call('POST', '/api/yudata/role/', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(expectEnvelope(response).msg).toContain(expected);
  });

  it('refuses a name the organisation already uses, in any case, with 409 naming the field', async () => {
    const response = await call('POST', '/api/yudata/role/?lang=en', admin, { name: 'administrator', permissions: [] });
    expect(response.statusCode).toBe(409);
    expect(expectEnvelope(response)).toMatchObject({
      code: 4000,
      msg: 'name: a role named "administrator" already exists',
    });
  });

  it('lets another organisation use the same name', async () => {
    const other = await app.login(await app.freshUser());
    expect((await call('POST', '/api/yudata/role/', other, { name: 'Viewer2', permissions: [] })).statusCode).toBe(200);
    expect((await call('POST', '/api/yudata/role/', admin, { name: 'Viewer2', permissions: [] })).statusCode).toBe(200);
  });
});

describe('PUT /api/yudata/role/{id}/', () => {
  it('replaces name, viewer flag and permissions', async () => {
    const role = await createRole(admin, [{ menu_id: MenuId.report, actions: ['view', 'export'] }]);
    const response = await call('PUT', `/api/yudata/role/${role.id}/`, admin, {
      name: `${role.name} renamed`,
      is_viewer: true,
      permissions: [{ menu_id: MenuId.alarmNetwork, actions: ['view'] }],
    });
    expect(response.json()).toMatchObject({ code: 200, msg: 'Modified successfully' });
    expect(response.json().data).toMatchObject({
      name: `${role.name} renamed`,
      is_viewer: true,
      permissions: [
        { menu_id: MenuId.alarm, actions: ['view'] },
        { menu_id: MenuId.alarmNetwork, actions: ['view'] },
      ],
    });
  });

  it("keeps the role's own name but refuses another role's", async () => {
    const role = await createRole(admin, []);
    const same = await call('PUT', `/api/yudata/role/${role.id}/`, admin, { name: role.name, permissions: [] });
    expect(same.statusCode).toBe(200);
    const taken = await call('PUT', `/api/yudata/role/${role.id}/`, admin, { name: 'VIEWER', permissions: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toContain('name');
  });

  it('refuses bad input naming the field', async () => {
    const role = await createRole(admin, []);
    const response = await call('PUT', `/api/yudata/role/${role.id}/`, admin, {
      name: 'Fine',
      permissions: [
        { menu_id: MenuId.home, actions: ['view'] },
        { menu_id: -1, actions: [] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('permissions.1.menu_id');
  });

  it("refuses taking away the caller's own view or edit on roles", async () => {
    const adminRole = await call('GET', '/api/yudata/role/?limit=1', admin);
    const own: RoleRecord = adminRole.json().data[0];
    for (const kept of [['view', 'add', 'delete'], ['add']] as const) {
      const response = await call('PUT', `/api/yudata/role/${own.id}/?lang=en`, admin, {
        name: own.name,
        permissions: [
          { menu_id: MenuId.home, actions: ['view'] },
          { menu_id: MenuId.role, actions: kept },
        ],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().msg).toContain('must keep view and edit');
    }
    const after = (await call('GET', `/api/yudata/role/${own.id}/`, admin)).json().data as RoleRecord;
    expect(after.permissions).toEqual(own.permissions);
  });

  it('lets an administrator drop other actions of their own role', async () => {
    const role = await createRole(admin, [ROLE_ADMIN, { menu_id: MenuId.report, actions: ['view'] }]);
    const token = await app.login(await userWithRole(role.id));
    const response = await call('PUT', `/api/yudata/role/${role.id}/`, token, {
      name: role.name,
      permissions: [{ menu_id: MenuId.role, actions: ['view', 'edit'] }],
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/api/yudata/role/', token)).statusCode).toBe(200);
  });
});

describe('DELETE /api/yudata/role/{id}/', () => {
  it('deletes a role nobody holds', async () => {
    const role = await createRole(admin, [{ menu_id: MenuId.home, actions: ['view'] }]);
    const response = await call('DELETE', `/api/yudata/role/${role.id}/`, admin);
    expect(response.json()).toMatchObject({ code: 200, msg: 'Deleted successfully' });
    expect((await call('GET', `/api/yudata/role/${role.id}/`, admin)).statusCode).toBe(404);
    const rows = await app.context.db.selectFrom('role_permissions').where('role_id', '=', role.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses a role users still hold, saying how many', async () => {
    const role = await createRole(admin, []);
    await userWithRole(role.id);
    await userWithRole(role.id);
    const response = await call('DELETE', `/api/yudata/role/${role.id}/?lang=en`, admin);
    expect(response.statusCode).toBe(409);
    expect(expectEnvelope(response).msg).toBe(
      'This role is held by 2 user(s): give them another role before deleting it',
    );
    expect((await call('GET', `/api/yudata/role/${role.id}/`, admin)).json().data.user_count).toBe(2);
  });

  it("refuses the caller's own role", async () => {
    const role = await createRole(admin, [ROLE_ADMIN]);
    const token = await app.login(await userWithRole(role.id));
    const response = await call('DELETE', `/api/yudata/role/${role.id}/?lang=en`, token);
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('You cannot delete your own role');
  });
});

describe('permissions and organisations', () => {
  it('refuses every call to a role without the action, with 403 / 6000', async () => {
    const role = await createRole(admin, []);
    const calls = [
      call('GET', '/api/yudata/role/', viewer),
      call('GET', '/api/yudata/role/obscure_search/?name=a', viewer),
      call('GET', '/api/yudata/role/roleId_get_menu/', viewer),
      call('GET', `/api/yudata/role/${role.id}/`, viewer),
      call('POST', '/api/yudata/role/', viewer, { name: 'Nope', permissions: [] }),
      call('PUT', `/api/yudata/role/${role.id}/`, viewer, { name: 'Nope', permissions: [] }),
      call('DELETE', `/api/yudata/role/${role.id}/`, viewer),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(6000);
    }
  });

  it('checks each action on its own: view without add cannot create', async () => {
    const role = await createRole(admin, [{ menu_id: MenuId.role, actions: ['view'] }]);
    const token = await app.login(await userWithRole(role.id));
    expect((await call('GET', '/api/yudata/role/', token)).statusCode).toBe(200);
    expect((await call('POST', '/api/yudata/role/', token, { name: 'Nope', permissions: [] })).statusCode).toBe(403);
    expect((await call('PUT', `/api/yudata/role/${role.id}/`, token, { name: 'x', permissions: [] })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/yudata/role/${role.id}/`, token)).statusCode).toBe(403);
  });

  it("never reaches another organisation's roles, by id or by search", async () => {
    const ours = await createRole(admin, [], 'Secret Ops');
    const other = await app.login(await app.freshUser());
    for (const [method, url] of [
      ['GET', `/api/yudata/role/${ours.id}/`],
      ['PUT', `/api/yudata/role/${ours.id}/`],
      ['DELETE', `/api/yudata/role/${ours.id}/`],
      ['GET', `/api/yudata/role/roleId_get_menu/?id=${ours.id}`],
    ] as const) {
      const response = await call(
        method,
        url,
        other,
        method === 'PUT' ? { name: 'Hijack', permissions: [] } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/api/yudata/role/obscure_search/?name=secret', other)).json()).toMatchObject({
      data: [],
      total: 0,
    });
    const theirs = (await call('GET', '/api/yudata/role/?limit=1000', other)).json().data as RoleRecord[];
    expect(theirs.map((role) => role.id)).not.toContain(ours.id);
    expect((await call('GET', `/api/yudata/role/${ours.id}/`, admin)).json().data.name).toBe('Secret Ops');
  });
});

describe('a role change', () => {
  it("applies to its users' next request and tells their consoles the menu changed", async () => {
    const role = await createRole(admin, [
      { menu_id: MenuId.home, actions: ['view'] },
      { menu_id: MenuId.role, actions: ['view'] },
    ]);
    const holder = await userWithRole(role.id);
    const token = await app.login(holder);
    expect((await call('GET', '/api/yudata/role/', token)).statusCode).toBe(200);
    const announced: number[][] = [];
    const stop = app.context.bus.subscribe('menuChanged', ({ userIds }) => announced.push(userIds));
    try {
      await call('PUT', `/api/yudata/role/${role.id}/`, admin, {
        name: role.name,
        permissions: [{ menu_id: MenuId.home, actions: ['view'] }],
      });
    } finally {
      stop();
    }
    expect((await call('GET', '/api/yudata/role/', token)).statusCode).toBe(403);
    const menu = (await call('GET', '/api/yudata/menu/web_router/', token)).json().data as Array<{ id: number }>;
    expect(menu.map((entry) => entry.id)).toEqual([MenuId.home]);
    const holderId = await app.context.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', holder.username)
      .executeTakeFirstOrThrow();
    expect(announced).toEqual([[holderId.id]]);
  });
});
