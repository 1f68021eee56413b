import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MenuId, type RolePermission } from '@mouldwatch/shared';
import { createUser } from '../server/src/seed/organization.js';
import { clickWhenSettled, launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { expectToast, logIn, logInAt, waitForToastsGone, readAtEachSize } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const roleRow = (page: Page, name: string) => page.locator('.ant-table-row', { hasText: name });

/** Ticks the permission tree's leaf of an action on a menu item. */
async function tick(page: Page, menuId: number, action: string) {
  const leaf = page.locator('.ant-tree-treenode', { has: page.getByTestId(`perm-${menuId}:${action}`) });
  await leaf.locator('.ant-tree-checkbox').click();
  await leaf.locator('.ant-tree-checkbox-checked').waitFor();
}

/** The list has drawn its rows and shows them fully (not faded by the loading veil or a fade-in). */
async function listSettled(page: Page) {
  const cell = roleRow(page, 'Administrator').locator('td').first();
  await cell.waitFor();
  const faded = () =>
    cell.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return true;
      }
      return false;
    });
  await expect.poll(faded, { timeout: 10_000 }).toBe(false);
}

async function roleIdOf(name: string): Promise<number> {
  const row = await consoleApp.server.context.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function permissionsOf(roleId: number) {
  const rows = await consoleApp.server.context.db
    .selectFrom('role_permissions')
    .select(['menu_id', 'actions'])
    .where('role_id', '=', roleId)
    .orderBy('menu_id')
    .execute();
  return rows.map((row) => ({ menu_id: Number(row.menu_id), actions: row.actions }));
}

describe('the role screen', () => {
  it('creates a role with some permissions, edits it, refuses deleting an assigned role, deletes an unused one', async () => {
    const page = await browser.newPage();
    await logInAt(page, consoleApp.url, '/organization/role', 'admin', 'admin123');
    await listSettled(page);
    await screenshot(page, 'roles-list-desktop');

    await page.getByTestId('roles-add').click();
    // Saved empty at once: the editor is still moving in, so the click waits until it is in place.
    await clickWhenSettled(page, 'role-save');
    await expect.poll(() => page.getByTestId('role-editor').innerText()).toContain('Required');
    await page.getByTestId('role-name-input').fill('Line watchers');
    await tick(page, 4, 'view');
    await tick(page, 28, 'view');
    await screenshot(page, 'roles-editor-desktop', { fullPage: false });
    await clickWhenSettled(page, 'role-save');
    await expectToast(page, 'Added successfully');
    await roleRow(page, 'Line watchers').waitFor();
    const id = await roleIdOf('Line watchers');
    expect(await permissionsOf(id)).toEqual([
      { menu_id: 4, actions: ['view'] },
      { menu_id: 9, actions: ['view'] },
      { menu_id: 28, actions: ['view'] },
    ]);
    await waitForToastsGone(page);

    await page.getByTestId(`role-edit-${id}`).click();
    await expect.poll(() => page.getByTestId('role-name-input').inputValue()).toBe('Line watchers');
    await page.getByTestId('role-name-input').fill('Line leads');
    await page.getByTestId('role-viewer-switch').click();
    await tick(page, 8, 'export');
    await clickWhenSettled(page, 'role-save');
    await expectToast(page, 'Modified successfully');
    await expect.poll(() => roleRow(page, 'Line leads').innerText()).toContain('Viewer');
    await waitForToastsGone(page);

    const viewerRole = await roleIdOf('Viewer');
    await page.getByTestId(`role-delete-${viewerRole}`).click();
    await clickWhenSettled(page, 'role-delete-confirm');
    await expectToast(page, 'This role is held by 1 user(s)');
    await roleRow(page, 'Viewer').first().waitFor();
    await waitForToastsGone(page);

    await page.getByTestId(`role-delete-${id}`).click();
    await clickWhenSettled(page, 'role-delete-confirm');
    await expectToast(page, 'Deleted successfully');
    await roleRow(page, 'Line leads').waitFor({ state: 'detached' });

    await page.getByTestId('roles-search').locator('input').fill('VIEW');
    await page.getByTestId('roles-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
  });

  it('changes the menu of a console holding the role as soon as the role is edited', async () => {
    const { services, context } = consoleApp.server;
    const admin = await context.db
      .selectFrom('users')
      .select(['id', 'org_id', 'role_id', 'username'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const principal = { userId: admin.id, orgId: admin.org_id, roleId: admin.role_id, username: admin.username };
    const form = (permissions: RolePermission[]) => ({ name: 'Report readers', is_viewer: false, permissions });
    const role = await services.roles.create(
      principal,
      form([
        { menu_id: MenuId.home, actions: ['view'] },
        { menu_id: MenuId.report, actions: ['view'] },
      ]),
      'en',
    );
    const reader = { username: 'reportreader', password: 'read1234', name: 'Reader', email: '' };
    await createUser(context.db, admin.org_id, role.id, reader, true);

    const page = await browser.newPage();
    await logIn(page, consoleApp.url, reader.username, reader.password);
    const sidebar = () => page.getByTestId('sidebar').innerText();
    await expect.poll(sidebar).toContain('Report');
    await services.roles.update(principal, role.id, form([{ menu_id: MenuId.home, actions: ['view'] }]), 'en');
    await expect.poll(sidebar, { timeout: 10_000 }).not.toContain('Report');
    expect(await sidebar()).toContain('Home');
    await page.close();
  });

  it.each([
    ['en', 'en-US', 'Add role', 'Role name'],
    ['zh', 'zh-CN', '添加角色', '角色名称'],
    ['kor', 'ko-KR', '역할 추가', '역할 이름'],
    ['por', 'pt-BR', 'Adicionar função', 'Nome da função'],
  ])('reads in %s on a desktop and a phone', async (language, locale, addLabel, nameLabel) => {
    await readAtEachSize(browser, consoleApp.url, { locale, path: '/organization/role' }, async (page, device) => {
      await page.getByTestId('roles-add').filter({ hasText: addLabel }).waitFor();
      await listSettled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `roles-list-${language}-${device}`);
      await page.getByTestId(`role-edit-${await roleIdOf('Administrator')}`).click();
      await page.getByTestId('role-permission-tree').waitFor();
      expect(await page.getByTestId('role-editor').innerText()).toContain(nameLabel);
      await screenshot(page, `roles-editor-${language}-${device}`, { fullPage: false });
    });
  });
});
