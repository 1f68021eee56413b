import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmType, type AlarmType as AlarmTypeValue } from '@mouldwatch/shared';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { logIn, logInLive } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let adminId: number;

beforeAll(async () => {
  // The demo's maintenance tasks past due would add notices of their own to the counts read here.
  [consoleApp, browser] = await Promise.all([
    startInProcessConsole({ jobs: { maintenance: { intervalMs: 3_600_000 } } }),
    launchBrowser(),
  ]);
  adminId = await consoleApp.userId('admin');
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const notify = (alarmType: AlarmTypeValue, moldNumber: string, content: Record<string, unknown>) =>
  consoleApp.server.services.notices.create({
    userId: adminId,
    alarmType,
    moldName: `Bumper ${moldNumber}`,
    moldNumber,
    content,
  });

describe('notification bell', () => {
  it('shows the unread count, pages lazily past nine and ends with the end message', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await notify(AlarmType.temperature, `B-${index}`, {
        number: `B-${index}`,
        temp_type: index % 2 ? 1 : 2,
        temp_name: 'T2',
      });
    }
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await expect.poll(() => page.getByTestId('notice-badge').innerText()).toBe('12');

    await page.getByTestId('notice-bell').click();
    const items = page.getByTestId('notice-item');
    await expect.poll(() => items.count()).toBe(10);
    expect(await items.first().innerText()).toContain('Bumper B-12');
    expect(await items.first().innerText()).toContain('Hot runner temperature T2 out of range');
    // Measured once the popup's opening animation has finished.
    await expect.poll(() => page.getByTestId('notice-popup').boundingBox()).toMatchObject({ width: 400, height: 366 });
    await screenshot(page, 'notices-popup');

    await page.getByTestId('notice-list').evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await expect.poll(() => items.count()).toBe(12);
    await page.getByTestId('notice-list').evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await expect.poll(() => page.getByTestId('notice-footer').innerText()).toBe('No more notifications');
    await screenshot(page, 'notices-end');

    await items.first().click();
    await page.waitForURL(/\/alarm\/temperature\?unique_str=/);
    await expect.poll(async () => (await consoleApp.server.services.notices.page(adminId, 1)).total).toBe(11);
    await expect.poll(() => page.getByTestId('notice-badge').innerText()).toBe('11');

    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-read-all').click();
    await expect.poll(() => consoleApp.server.services.notices.unreadCount(adminId)).toBe(0);
    // No unread notice: no count on the bell at all.
    await expect.poll(() => page.getByTestId('notice-badge').count()).toBe(0);
  });

  it('pops up live notices, at most three at once, and offline ones at most six times a day', async () => {
    const page = await browser.newPage();
    await logInLive(page, consoleApp.url, 'admin', 'admin123');
    for (const number of ['P-1', 'P-2', 'P-3', 'P-4']) await notify(AlarmType.power, number, { number, power: 15 });
    const popups = () => page.evaluate(() => window.__alarmPopups);
    // All four arrived (the bell counts them); never more than three on screen (spec §4).
    await expect.poll(() => page.getByTestId('notice-badge').innerText()).toBe('4');
    await expect.poll(async () => (await popups()).mostAtOnce).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(500);
    const shown = await popups();
    expect(shown.mostAtOnce).toBe(3);
    expect(shown.texts.length).toBeGreaterThanOrEqual(3);
    for (const text of shown.texts) expect(text).toContain('Battery at 15%, please charge it');
    // The newest is shown even when all four come while the popups' code is still loading.
    expect(shown.texts.some((text) => text.includes('P-4'))).toBe(true);
    await screenshot(page, 'alarm-popups');

    for (let index = 0; index < 7; index += 1) await notify(AlarmType.offline, 'N-1', { number: 'N-1' });
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('alarmDictionary') ?? '{}')['N-1']?.count))
      .toBe(6);
    await expect
      .poll(async () => (await popups()).texts)
      .toContainEqual(expect.stringContaining('This device has been disconnected a lot, please check'));
    await screenshot(page, 'alarm-popups-offline');
  });
});
