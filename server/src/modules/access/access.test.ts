import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId } from '@mouldwatch/shared';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { envelope } from '../../infra/http/envelope.js';
import { AccessService, type Principal } from './access.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // A route guarded like every feature route: adding users needs `add` on menu item 31.
  app.app.post('/api/test/users/', { config: { permission: { menu: MenuId.user, action: 'add' } } }, async (request) =>
    envelope(request, 'created'),
  );
});
afterAll(async () => {
  await app?.close();
});

async function principalOf(username: string): Promise<Principal> {
  const row = await app.context.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { userId: row.id, orgId: row.org_id, roleId: row.role_id, username: row.username };
}

describe('the permission check', () => {
  it('lets a role with the action through and refuses one without it with 403 / 6000', async () => {
    const allowed = await app.request({ method: 'POST', url: '/api/test/users/', token: await app.login(ADMIN) });
    expect(allowed.json()).toMatchObject({ code: 200, data: 'created' });
    const refused = await app.request({
      method: 'POST',
      url: '/api/test/users/?lang=por',
      token: await app.login(VIEWER),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 6000, msg: 'Sem permissão' });
  });

  it('checks the session before the permission', async () => {
    const response = await app.request({ method: 'POST', url: '/api/test/users/' });
    expect(response.json().code).toBe(5000);
  });
});

describe('mould access', () => {
  it('grants write on own moulds, read on shared ones and nothing on others', async () => {
    const db = app.context.db;
    const admin = await principalOf(ADMIN.username);
    const viewer = await principalOf(VIEWER.username);
    const [own, shared, foreign] = await db
      .insertInto('molds')
      .values([1, 2, 3].map((n) => ({ org_id: app.orgId, name: `Mould ${n}`, mold_number: `M-${n}` })))
      .returning('id')
      .execute();
    await db
      .insertInto('user_mold_grants')
      .values([
        { user_id: viewer.userId, mold_id: own!.id, shared_by: null },
        { user_id: viewer.userId, mold_id: shared!.id, shared_by: admin.userId },
      ])
      .execute();
    const access = new AccessService(db);
    expect(await access.moldAccess(viewer, own!.id)).toBe('write');
    expect(await access.moldAccess(viewer, shared!.id)).toBe('read');
    expect(await access.moldAccess(viewer, foreign!.id)).toBe('none');
    await expect(access.requireMoldAccess(viewer, shared!.id, 'read')).resolves.toBeUndefined();
    await expect(access.requireMoldAccess(viewer, shared!.id, 'write')).rejects.toMatchObject({
      messageKey: 'moldSharedReadOnly',
    });
    await expect(access.requireMoldAccess(viewer, foreign!.id, 'read')).rejects.toMatchObject({
      status: 403,
      code: 6000,
    });
  });
});
