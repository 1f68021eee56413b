import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId } from '@mouldwatch/shared';
import { chooseOption, clickWhenSettled, launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { startConsole, type RunningConsole } from './support/console.js';
import { expectToast, logIn, waitForToastsGone } from './support/session.js';

/**
 * The "done when": `npm start` without demo data, and the first administrator builds an
 * organisation in the console alone — company, group, a mould with its device (which then reports),
 * a role and a user — and that user sees exactly what was granted.
 */
let consoleApp: RunningConsole;
let browser: TestBrowser;
let adminPassword: string;

const SERIAL = `FIRST-${Date.now().toString(36)}`;
const OPERATOR = { username: 'olga', password: 'olga1234' };

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startConsole({ DEMO: '0' }), launchBrowser()]);
  // Printed on the lines after "running at", once, at the first start.
  const printed = () => /First administrator created: admin \/ (\S+)/.exec(consoleApp.output())?.[1];
  for (let wait = 0; !printed() && wait < 50; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  adminPassword = printed() ?? '';
  if (!adminPassword) throw new Error(`no first administrator printed:\n${consoleApp.output()}`);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const choose = (page: Page, select: Locator, option: string) => chooseOption(page, select, { option });

async function addCompanyAndGroup(page: Page): Promise<void> {
  await page.goto(`${consoleApp.url}/moldsetting/company`);
  await page.getByTestId('company-list-add').click();
  await page.getByTestId('company-name').fill('Plant1');
  await clickWhenSettled(page, 'company-dialog-save');
  await expectToast(page, 'Added successfully');
  await waitForToastsGone(page);

  await page.goto(`${consoleApp.url}/moldsetting/moldgroup`);
  await page.getByTestId('group-list-add').click();
  await choose(page, page.getByTestId('group-company'), 'Plant1');
  await page.getByTestId('group-name').fill('PressA');
  await clickWhenSettled(page, 'group-dialog-save');
  await expectToast(page, 'Added successfully');
  await waitForToastsGone(page);
}

/** Adds the mould through the seven steps; answers the device token the form shows once. */
async function addMould(page: Page): Promise<string> {
  const form = page.getByTestId('mold-form');
  const field = (name: string) => form.getByTestId(`field-${name}`);
  const next = () => form.getByTestId('mold-form-next').click();
  const step = () => form.locator('.ant-steps-item-active .ant-steps-item-title').innerText();

  await page.goto(`${consoleApp.url}/moldsetting/mold`);
  await page.getByTestId('molds-add').click();
  await field('name').fill('Cap_1');
  await field('mold_number').fill('CAP#1');
  await choose(page, field('company_id'), 'Plant1');
  await choose(page, field('group_id'), 'PressA');
  await field('cavitation').fill('2');
  await field('start_count').fill('0');
  await field('device_no').fill(SERIAL);
  await next();
  await expect.poll(step).toBe('Process information');
  await next();
  await field('hot_temp_setting-0-name').fill('H1');
  await field('hot_temp_setting-0-set').fill('230');
  await field('hot_temp_setting-0-alert').fill('10');
  await next();
  await field('mold_temp_setting-0-name').fill('T1');
  await field('mold_temp_setting-0-set').fill('60');
  await field('mold_temp_setting-0-alert').fill('5');
  await next();
  await expect.poll(step).toBe('Cycle time setting');
  await field('cycle_time').fill('30');
  await field('cycle_time_setting-time').fill('120');
  await field('cycle_time_setting-alert').fill('5');
  await field('cycle_time_setting-early').fill('2');
  await field('basic_time').fill('300');
  await field('basic_stop_time').fill('1800');
  await next();
  await expect.poll(step).toBe('Counter setting');
  await field('counter').fill('1000000');
  await field('maint_interval').fill('50000');
  await field('oee').fill('85');
  await next();
  await expect.poll(step).toBe('Voltage setting');
  await field('voltage').fill('380');
  await form.getByTestId('mold-form-save').click();

  const token = page.getByTestId('device-token');
  await token.waitFor();
  const text = (await token.innerText()).trim();
  await page.getByTestId('token-close').click();
  await form.waitFor({ state: 'detached' });
  return text;
}

/** The device reports one cycle over HTTP, as a real one would (docs/device-protocol.md). */
async function report(deviceToken: string): Promise<void> {
  const response = await fetch(`${consoleApp.url}/api/device/telemetry/`, {
    method: 'POST',
    headers: { Authorization: `Device ${deviceToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      seq: 1,
      ts: Math.floor(Date.now() / 1000),
      counter: 1234,
      cycle_time: 30.2,
      mold_temp: [61, null, null, null],
      hrs_temp: [229, null, null, null, null, null],
      current: 2.5,
      event: 'cycle',
    }),
  });
  expect(response.status).toBe(200);
}

async function addRoleAndUser(page: Page): Promise<void> {
  await page.goto(`${consoleApp.url}/organization/role`);
  await page.getByTestId('roles-add').click();
  await page.getByTestId('role-name-input').fill('Operators');
  const leaf = page.locator('.ant-tree-treenode', { has: page.getByTestId(`perm-${MenuId.home}:view`) });
  await leaf.locator('.ant-tree-checkbox').click();
  await leaf.locator('.ant-tree-checkbox-checked').waitFor();
  await clickWhenSettled(page, 'role-save');
  await expectToast(page, 'Added successfully');
  await waitForToastsGone(page);

  await page.goto(`${consoleApp.url}/organization/user`);
  await page.getByTestId('users-add').click();
  await page.getByTestId('user-form-username').fill(OPERATOR.username);
  await page.getByTestId('user-form-password').fill(OPERATOR.password);
  await page.getByTestId('user-form-name').fill('Olga');
  await page.getByTestId('user-form-mobile').fill('+55-11-5555');
  await page.getByTestId('user-form-email').fill('olga@example.com');
  await choose(page, page.getByTestId('user-form-role'), 'Operators');
  await clickWhenSettled(page, 'user-form-save');
  await expectToast(page, 'Added successfully');
  await waitForToastsGone(page);

  const row = page.locator('.ant-table-row', { hasText: OPERATOR.username });
  await row.getByTestId('users-moulds').click();
  const tree = page.getByTestId('mould-tree');
  await tree.waitFor();
  await page.getByTestId('mould-tree-search').locator('input').fill('CAP#1');
  await page.getByTestId('mould-tree-search').locator('input').press('Enter');
  await tree.locator('.ant-tree-treenode', { hasText: 'CAP#1' }).locator('.ant-tree-checkbox').click();
  await clickWhenSettled(page, 'mould-tree-save');
  await expectToast(page, 'Modified successfully');
}

describe('a new organisation, built in the console alone', () => {
  it('company, group, mould with its device, role and user: the user sees exactly what was granted', async () => {
    const admin = await browser.newPage();
    await logIn(admin, consoleApp.url, 'admin', adminPassword);
    await addCompanyAndGroup(admin);
    const deviceToken = await addMould(admin);
    await report(deviceToken);

    await admin.goto(`${consoleApp.url}/index`);
    const mould = admin.getByTestId('mould-item').filter({ hasText: 'Cap_1' });
    await expect.poll(() => mould.getByTestId('mould-connection').innerText(), { timeout: 15_000 }).toBe('Online');
    await screenshot(admin, 'first-organisation-admin-home');

    await addRoleAndUser(admin);

    const user = await browser.newPage();
    await logIn(user, consoleApp.url, OPERATOR.username, OPERATOR.password);
    const sidebar = await user.getByTestId('sidebar').innerText();
    expect(sidebar).toContain('Home');
    for (const hidden of ['Mould Setting', 'Organization', 'Alert', 'Report', 'Maintenance', 'Work Order', 'Map']) {
      expect(sidebar).not.toContain(hidden);
    }
    await expect.poll(() => user.getByTestId('mould-item').allInnerTexts()).toEqual([expect.stringContaining('Cap_1')]);
    await screenshot(user, 'first-organisation-user-home');
  });
});
