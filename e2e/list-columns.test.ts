import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, settled, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { logIn, waitForToastsGone } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

/** Every list screen of the console and the name of its screenshot. */
const LISTS = [
  ['/workorder', 'work-orders'],
  ['/maintenance/schedule/preventive', 'maintenance-schedule'],
  ['/maintenance/history/preventive', 'maintenance-history'],
  ['/organization/user', 'users'],
  ['/organization/role', 'roles'],
  ['/renewal/all', 'renewal-all'],
  ['/renewal/unpaid', 'renewal-unpaid'],
  ['/renewal/renewalAlarm', 'renewal-alert'],
  ['/moldsetting/mold', 'mould-list'],
  ['/moldsetting/company', 'companies'],
  ['/moldsetting/moldgroup', 'mould-groups'],
  ['/moldsetting/share/sharecontent', 'shares'],
  ['/alarm/temperature', 'alarms-temperature'],
  ['/alarm/maintenance', 'alarms-maintenance'],
  ['/report/products', 'products'],
] as const;

/** The header cells of a table that name a column (not the row selection's, not the scroll bar's). */
const headerCells = (table: Locator) =>
  table.locator('thead th:not(.ant-table-selection-column):not(.ant-table-cell-scrollbar)');

/** Whether the cell lies wholly inside the window and shows itself there (nothing scrolled over it). */
async function inView(page: Page, cell: Locator): Promise<boolean> {
  return cell.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth + 0.5) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

describe('every list shows its key column and its actions without scrolling sideways (DESIGN §12)', () => {
  for (const [width, height] of [
    [1366, 768],
    [1440, 900],
  ] as const) {
    it(`at ${width} × ${height}`, async () => {
      const page = await browser.newPage({ width, height });
      await logIn(page, consoleApp.url, 'admin', 'admin123');
      await waitForToastsGone(page);
      const hidden: string[] = [];
      for (const [path, name] of LISTS) {
        await page.goto(`${consoleApp.url}${path}`);
        const table = page.locator('.ant-table').first();
        await table.waitFor();
        await settled(page);
        const cells = headerCells(table);
        const first = cells.first();
        const last = cells.last();
        for (const [which, cell] of [
          ['key', first],
          ['actions', last],
        ] as const) {
          if (!(await inView(page, cell))) hidden.push(`${path}: ${which} column "${await cell.innerText()}"`);
        }
        if (width === 1440) await screenshot(page, `list-${name}-1440`, { fullPage: false });
      }
      expect(hidden).toEqual([]);
    });
  }

  it('on a phone shows the figure each list is for', async () => {
    const page = await browser.newPage({ width: 390, height: 844, locale: 'zh-CN' });
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await waitForToastsGone(page);
    for (const [path, name, figure] of [
      ['/workorder', 'work-orders', /进度/],
      ['/maintenance/schedule/preventive', 'maintenance-schedule', /剩余/],
      ['/renewal/renewalAlarm', 'renewal-alert', /剩余天数/],
      ['/report/products', 'products', /良品数/],
    ] as const) {
      await page.goto(`${consoleApp.url}${path}`);
      const table = page.locator('.ant-table').first();
      await table.locator('.ant-table-row').first().waitFor();
      await settled(page);
      const figureCell = headerCells(table).filter({ hasText: figure }).first();
      await screenshot(page, `list-${name}-390-zh`, { fullPage: false });
      expect({ path, shown: await inView(page, figureCell) }).toEqual({ path, shown: true });
    }
  });
});
