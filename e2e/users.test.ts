import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId } from '@mouldwatch/shared';
import {
  chooseOption,
  clickWhenSettled,
  expectNoSideScroll,
  launchBrowser,
  screenshot,
  settled,
  type TestBrowser,
} from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import {
  BROWSER_LANGUAGES,
  expectToast,
  logIn,
  logInAt,
  readAtEachSize,
  waitForToastsGone,
} from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let roleName: string;
let moulds: Array<{ id: number; name: string; mold_number: string }>;

const OPERATOR = { username: 'operator7', password: 'oper1234' };

/** A role of the demo organisation with only the home screen and its mould facts. */
async function createLimitedRole(): Promise<string> {
  const db = consoleApp.server.context.db;
  const admin = await db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ org_id: admin.org_id, name: 'Operator', is_viewer: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values([MenuId.home, MenuId.detail].map((menuId) => ({ role_id: role.id, menu_id: menuId, actions: '["view"]' })))
    .execute();
  return 'Operator';
}

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
  roleName = await createLimitedRole();
  moulds = (
    await consoleApp.server.context.db
      .selectFrom('molds')
      .select(['id', 'name', 'mold_number'])
      .orderBy('id')
      .limit(2)
      .execute()
  ).map((mould) => ({ ...mould, id: Number(mould.id) }));
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

async function adminOnUsers(): Promise<Page> {
  const page = await browser.newPage();
  await logInAt(page, consoleApp.url, '/organization/user', 'admin', 'admin123');
  await page.getByTestId('users-table').locator('.ant-table-row').first().waitFor();
  return page;
}

const row = (page: Page, username: string) => page.locator('.ant-table-row', { hasText: username });
/** Enables or disables the user, confirming it. */
async function toggleActive(page: Page, username: string): Promise<void> {
  await row(page, username).getByTestId('users-active').click();
  await clickWhenSettled(page, 'users-confirm-ok');
}
const treeNode = (page: Page, title: string | RegExp) =>
  page.getByTestId('mould-tree').locator('.ant-tree-treenode', { hasText: title });
const homeIds = (page: Page) =>
  page
    .getByTestId('mould-item')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-mould-id'))));

async function saveTree(page: Page, check: string[], uncheck: string[] = []): Promise<void> {
  await page.getByTestId('mould-tree').waitFor();
  for (const title of [...check, ...uncheck]) {
    await page.getByTestId('mould-tree-search').locator('input').fill(title);
    await page.getByTestId('mould-tree-search').locator('input').press('Enter');
    await treeNode(page, title).locator('.ant-tree-checkbox').click();
  }
  await clickWhenSettled(page, 'mould-tree-save');
  await expectToast(page, 'Modified successfully');
  await waitForToastsGone(page);
}

describe('users and their moulds', () => {
  it('an administrator adds a user with a limited role and two moulds; the user sees exactly those, live', async () => {
    const admin = await adminOnUsers();
    await screenshot(admin, 'users-list-en');
    await admin.getByTestId('users-add').click();
    // Saved empty at once: the dialog is still zooming in, so the click waits until it is in place.
    await clickWhenSettled(admin, 'user-form-save');
    await expect
      .poll(() => admin.getByTestId('user-form').locator('.ant-form-item-explain-error').count())
      .toBeGreaterThan(3);
    await admin.getByTestId('user-form-username').fill(OPERATOR.username);
    await admin.getByTestId('user-form-password').fill(OPERATOR.password);
    await admin.getByTestId('user-form-name').fill('Olga Operator');
    await admin.getByTestId('user-form-mobile').fill('+49-30-1234');
    await admin.getByTestId('user-form-email').fill('olga@example.com');
    await chooseOption(admin, admin.getByTestId('user-form-role'), { option: roleName });
    await screenshot(admin, 'users-form-en', { fullPage: false });
    await clickWhenSettled(admin, 'user-form-save');
    await expectToast(admin, 'Added successfully');
    await waitForToastsGone(admin);

    await admin.getByTestId('users-search').locator('input').fill('olga');
    await admin.getByTestId('users-search').locator('input').press('Enter');
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(1);
    expect(await row(admin, OPERATOR.username).innerText()).toContain(roleName);
    await row(admin, OPERATOR.username).getByTestId('users-moulds').click();
    await admin.getByTestId('mould-tree').waitFor();
    await screenshot(admin, 'users-tree-en', { fullPage: false });
    await saveTree(
      admin,
      moulds.map((mould) => mould.mold_number),
    );

    const user = await browser.newPage();
    await logIn(user, consoleApp.url, OPERATOR.username, OPERATOR.password);
    const sidebar = await user.getByTestId('sidebar').innerText();
    expect(sidebar).toContain('Home');
    for (const hidden of ['Organization', 'Mould Setting', 'Alert', 'Report', 'Maintenance', 'Work Order', 'Map']) {
      expect(sidebar).not.toContain(hidden);
    }
    await user.getByTestId('mould-item').first().waitFor();
    expect((await homeIds(user)).sort()).toEqual(moulds.map((mould) => mould.id).sort());

    await row(admin, OPERATOR.username).getByTestId('users-moulds').click();
    await saveTree(admin, [], [moulds[1]!.mold_number]);
    await expect.poll(() => homeIds(user), { timeout: 10_000 }).toEqual([moulds[0]!.id]);
    await screenshot(user, 'users-operator-home-en');
  });

  it('disabling a user asks first and logs them out at once', async () => {
    const admin = await adminOnUsers();
    const user = await browser.newPage();
    await logIn(user, consoleApp.url, OPERATOR.username, OPERATOR.password);
    await toggleActive(admin, OPERATOR.username);
    await expectToast(admin, 'Modified successfully');
    await expect.poll(() => row(admin, OPERATOR.username).innerText()).toContain('Disabled');
    await user.waitForURL(/\/login/, { timeout: 15_000 });
    await toggleActive(admin, OPERATOR.username);
    await expect.poll(() => row(admin, OPERATOR.username).innerText()).toContain('Enabled');
  });

  // One test a language: the eight screens of all four (then each with its own login) took 126 s on
  // a slow host, past the browser tests' 120 s.
  it.each(BROWSER_LANGUAGES)(
    'shows the list in %s, on a desktop and on a phone without sideways scrolling',
    async (locale, language) => {
      await readAtEachSize(browser, consoleApp.url, { locale, path: '/organization/user' }, async (page, device) => {
        await page.getByTestId('users-table').locator('.ant-table-row').first().waitFor();
        await settled(page);
        await screenshot(page, `users-${device}-${language}`);
        await expectNoSideScroll(page);
      });
    },
  );
});
