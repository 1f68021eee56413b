import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_ITEMS, VIEWER_MENU_IDS, type MenuEntry } from '@mouldwatch/shared';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function menuOf(token: string, query = 'limit=1000'): Promise<{ data: MenuEntry[]; total: number }> {
  const response = await app.request({ method: 'GET', url: `/api/yudata/menu/web_router/?${query}`, token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/yudata/menu/web_router/', () => {
  it("answers the administrator every item with all of the item's actions", async () => {
    const { data, total } = await menuOf(await app.login(ADMIN));
    expect(total).toBe(MENU_ITEMS.length);
    const share = data.find((entry) => entry.id === 33);
    expect(share).toMatchObject({ api: true, menuPermission: ['view', 'ShareUser'], parent: 29 });
    expect(data.find((entry) => entry.id === 31)?.menuPermission).toEqual(['view', 'add', 'edit', 'delete', 'export']);
  });

  it('answers the viewer only its items, read only, named in the requested language', async () => {
    const token = await app.login(VIEWER);
    const { data } = await menuOf(token, 'limit=1000&lang=zh_CN');
    expect(data.map((entry) => entry.id).sort((a, b) => a - b)).toEqual([...VIEWER_MENU_IDS].sort((a, b) => a - b));
    for (const entry of data)
      expect(entry.menuPermission.every((action) => action === 'view' || action === 'export')).toBe(true);
    expect(data.find((entry) => entry.id === 4)?.name).toBe('首页');
    expect((await menuOf(token, 'lang=ko_KR')).data.find((entry) => entry.id === 5)?.name).toBe('알람');
    expect((await menuOf(token, 'lang=pt')).data.find((entry) => entry.id === 8)?.name).toBe('Relatório');
  });

  it('honours the limit and refuses a bad one', async () => {
    const token = await app.login(ADMIN);
    expect((await menuOf(token, 'limit=3')).data).toHaveLength(3);
    const bad = await app.request({ method: 'GET', url: '/api/yudata/menu/web_router/?limit=5000', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('limit');
  });

  it('answers an empty menu for a user whose role grants nothing', async () => {
    const user = await app.freshUser();
    await app.context.db
      .deleteFrom('role_permissions')
      .where('role_id', 'in', (eb) => eb.selectFrom('users').select('role_id').where('username', '=', user.username))
      .execute();
    expect((await menuOf(await app.login(user))).data).toEqual([]);
  });
});
