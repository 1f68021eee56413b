import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrganization } from '../../server/src/seed/organization.js';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser.js';
import { startInProcessConsole, type InProcessConsole } from '../support/in-process.js';
import { LONG_TASK_MS, longTasksDuring } from '../support/long-tasks.js';
import { seedManyMoulds } from '../support/many-moulds.js';
import { expectToast, logIn } from '../support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const row = (page: Page, username: string) => page.locator('.ant-table-row', { hasText: username });
const treeNode = (page: Page, title: string | RegExp) =>
  page.getByTestId('mould-tree').locator('.ant-tree-treenode', { hasText: title });

it('the users page draws a tree of 10,000 moulds without long tasks; a company ticked less one mould grants exactly those', async () => {
  const db = consoleApp.server.context.db;
  const big = { username: 'bigadmin', password: 'big12345', name: 'Big', email: 'big@example.com' };
  const { orgId } = await seedOrganization(db, 'Big Org', big);
  await seedManyMoulds(db, orgId, 10_000);
  const page = await browser.newPage();
  await logIn(page, consoleApp.url, big.username, big.password);
  await page.goto(`${consoleApp.url}/organization/user`);
  await row(page, big.username).waitFor();
  // As a user does, once the page has settled: it makes the dialog's styles while idle.
  await page.evaluate(() => new Promise((settled) => requestIdleCallback(() => requestIdleCallback(settled))));
  const tasks = await longTasksDuring(page, async () => {
    await row(page, big.username).getByTestId('users-moulds').click();
    await page.getByTestId('mould-tree').locator('.ant-tree-treenode').first().waitFor();
    await page.getByTestId('mould-tree-count').waitFor();
  });
  console.log(
    JSON.stringify({
      treeLongTasksCpuMs: tasks.cpu,
      treeLongTasksWallMs: tasks.wall,
      longestCpu: tasks.longestCpu,
      longestRan: tasks.longestRan,
    }),
  );
  await screenshot(page, 'users-tree-10000-en', { fullPage: false });
  expect(tasks.longestCpu).toBeLessThanOrEqual(LONG_TASK_MS);
  await page.keyboard.press('Escape');

  // Another user of that organisation: a company ticked (1,000 moulds, none loaded), a group
  // opened, one of its moulds unticked; the server grants exactly the 999.
  const staff = await db
    .insertInto('users')
    .values({ org_id: orgId, role_id: null, username: 'bigstaff', password_hash: 'unusable' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await page.reload();
  await row(page, 'bigstaff').getByTestId('users-moulds').click();
  const count = page.getByTestId('mould-tree-count');
  await expect.poll(() => count.innerText()).toMatch(/^0 /);
  await treeNode(page, /^Company 1$/)
    .locator('.ant-tree-checkbox')
    .click();
  await expect.poll(() => count.innerText()).toMatch(/^1000 /);
  await treeNode(page, /^Group 1$/)
    .first()
    .locator('.ant-tree-switcher')
    .click();
  const firstMould = page.getByTestId('mould-tree').locator('.ant-tree-treenode-leaf').first();
  await firstMould.locator('.ant-tree-checkbox-checked').waitFor();
  await firstMould.locator('.ant-tree-checkbox').click();
  await expect.poll(() => count.innerText()).toMatch(/^999 /);
  await page.getByTestId('mould-tree-save').click();
  await expectToast(page, 'Modified successfully');
  const granted = await db
    .selectFrom('user_mold_grants as g')
    .innerJoin('molds as m', 'm.id', 'g.mold_id')
    .innerJoin('mold_groups as mg', 'mg.id', 'm.group_id')
    .innerJoin('companies as c', 'c.id', 'mg.company_id')
    .select(['c.name', (eb) => eb.fn.countAll<number>().as('moulds')])
    .where('g.user_id', '=', staff.id)
    .groupBy('c.name')
    .execute();
  expect(granted.map((grant) => [grant.name, Number(grant.moulds)])).toEqual([['Company 1', 999]]);
});
