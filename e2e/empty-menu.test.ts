import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization } from '../server/src/seed/organization.js';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { expectToast } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
  const db = consoleApp.server.context.db;
  await seedOrganization(db, 'Empty Org', { username: 'nomenu', password: 'nomenu123', name: 'No Menu', email: '' });
  await db
    .deleteFrom('role_permissions')
    .where('role_id', 'in', (eb) => eb.selectFrom('users').select('role_id').where('username', '=', 'nomenu'))
    .execute();
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

describe('a user whose role grants no menu', () => {
  it('is logged out with error 20518 and the page reloads after a second', async () => {
    const page = await browser.newPage();
    await page.goto(`${consoleApp.url}/login`);
    await page.getByTestId('login-username').fill('nomenu');
    await page.getByTestId('login-password').fill('nomenu123');
    await page.getByTestId('login-submit').click();
    await expectToast(page, 'Your account has no menu permissions, please contact the administrator');
    await screenshot(page, 'empty-menu');
    await page.waitForEvent('load', { timeout: 5000 });
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => document.cookie)).not.toContain('admin-token=ey');
  });
});
