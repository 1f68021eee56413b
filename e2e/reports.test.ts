import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atLaptopWidth,
  chooseOption,
  expectNoSideScroll,
  launchBrowser,
  screenshot,
  settled,
  type TestBrowser,
} from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { logInAt, readAtEachSize } from './support/session.js';
import { REPORT_PERIODS } from '@mouldwatch/shared';
import { DEMO_SLOW_TARGET_PART } from '../server/src/seed/demo-moulds.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

/** Answers of a server busy with the demo's simulated moulds may take a few seconds. */
const SLOW = { timeout: 15_000 };
/**
 * The file's first report: the page's chunks and its first answers, on a server still starting its
 * demo. A wait, not a budget (the reports' budgets are the bench's): at CI's load (12 on 2 cores)
 * it once took longer than 15 s, cause not yet profiled (docs/decisions.md).
 */
const FIRST_REPORT = { timeout: 45_000 };

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

async function choosePeriod(page: Page, label: string): Promise<void> {
  await page.getByTestId('report-period').getByRole('radio', { name: label, exact: true }).click();
}

/**
 * The last 7 days, in whatever language the page is read: the report screens open on this week,
 * which is empty for the first minutes of a Monday in the user's time zone.
 */
async function chooseLastSevenDays(page: Page): Promise<void> {
  await page.getByTestId('report-period').getByRole('radio').nth(REPORT_PERIODS.indexOf('last7Days')).click();
}

const oeeText = (page: Page) => page.getByTestId('report-oee-total').innerText();
/** The cycle statistics have answered: their table, or the empty state when no raw cycle is there. */
const cycleStatisticsShown = async (page: Page) =>
  (await page.getByTestId('report-cycle-table').count()) + (await page.getByTestId('report-empty').count()) > 0;

describe('reports on the demo data', () => {
  it('opens each report, changes the period and the moulds, and exports the detail list', async () => {
    const page = await browser.newPage();
    await logInAt(page, consoleApp.url, '/report/nav', 'admin', 'admin123');
    await chooseLastSevenDays(page);
    await page.getByTestId('report-oee-total').waitFor(FIRST_REPORT);
    await expect.poll(() => oeeText(page), SLOW).toMatch(/\d+\.\d %/);
    await page.getByTestId('report-trend').locator('canvas').waitFor();
    await page.getByTestId('report-waterfall').locator('canvas').waitFor();
    const lastSevenDays = await oeeText(page);

    // Last week by day, then this month by week: the figures follow.
    await choosePeriod(page, 'Last week');
    await page.getByTestId('report-range').getByText('Week', { exact: true }).click();
    await expect.poll(() => page.getByTestId('report-oee-total').innerText(), SLOW).toMatch(/\d+\.\d %/);
    const lastWeek = await oeeText(page);
    expect(lastWeek).toMatch(/%/);
    expect(lastSevenDays).toMatch(/%/);

    // Two moulds of my own choosing.
    await page.getByTestId('report-mode').getByText('Selection').click();
    await page.getByTestId('report-choose').waitFor();
    const mouldChoice = page.getByTestId('report-moulds');
    await chooseOption(page, mouldChoice);
    await chooseOption(page, mouldChoice, { option: 1 });
    await page.keyboard.press('Escape');
    await page.getByTestId('report-oee-total').waitFor(SLOW);
    await expect.poll(() => page.getByTestId('report-comparison').locator('canvas').count(), SLOW).toBe(1);

    // Cycle time over the last 7 days: the raw cycles of the demo's last hours.
    await chooseLastSevenDays(page);
    await page.getByTestId('report-kind').getByText('Cycle time').click();
    await page.getByTestId('report-cycle-averages').locator('canvas').waitFor(SLOW);
    await expect.poll(() => cycleStatisticsShown(page), SLOW).toBe(true);

    // A custom quarter ending yesterday: its statistics come from the days kept and the raw cycles,
    // and the screen says from when the moulds have any (the raw cycles kept: 35 days).
    await choosePeriod(page, 'Custom');
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    const ends = page.locator('.mw-report-range-picker input');
    await ends.first().click();
    await ends.first().fill(day(91));
    await ends.first().press('Enter');
    await ends.last().fill(day(1));
    await ends.last().press('Enter');
    await expect
      .poll(() => page.getByTestId('report-cycle-pruned').innerText(), SLOW)
      .toContain(`Cycle-time statistics exist from ${day(35)}`);
    await expect.poll(() => cycleStatisticsShown(page), SLOW).toBe(true);
    expect(await page.getByTestId('report-cycle-too-long').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'reports-cycle-quarter');
    await chooseLastSevenDays(page);

    await page.getByTestId('report-kind').getByText('Energy').click();
    await expect.poll(() => page.getByTestId('report-energy-total').innerText(), SLOW).toMatch(/kW·h/);

    // The detail list: sorted by OEE, exported and read back.
    await page.getByTestId('report-to-details').click();
    const rows = page.locator('[data-testid="report-rows"] tr.mw-report-row');
    await rows.first().waitFor(SLOW);
    await page.getByTestId('report-sort-oee').click();
    await page.locator('[data-testid="report-rows"] th[aria-sort="ascending"]', { hasText: 'OEE' }).waitFor(SLOW);
    await expect.poll(() => page.getByTestId('report-rows').getAttribute('aria-busy'), SLOW).toBe('false');
    // Lowest OEE first: the first two rows are in order (a row without an OEE shows "–" and sorts first).
    const oees = (await rows.evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.children[2]?.textContent ?? '')))
      .filter((text) => text.includes('%'))
      .map((text) => Number.parseFloat(text));
    expect(oees).toEqual([...oees].sort((a, b) => a - b));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1)));
    expect(sheetRows[0]).toContain('Mould');
    expect(sheetRows[0]).toContain('OEE (%)');
    expect(sheetRows.at(-1)![0]).toBe('Total');
    expect(sheetRows.length).toBeGreaterThan(2);
    await page.context().close();
  });
});

describe('a mould whose target cycle time is set too slow', () => {
  it('reads a Performance above 100 % as it is, and says the target looks wrong, wide and on a phone', async () => {
    await readAtEachSize(browser, consoleApp.url, { locale: 'en-US', path: '/report/nav' }, async (page, device) => {
      await choosePeriod(page, 'Last week');
      await page.getByTestId('report-oee-total').waitFor(SLOW);
      await page.getByTestId('report-mode').getByText('Selection').click();
      await chooseOption(page, page.getByTestId('report-moulds'), {
        typed: DEMO_SLOW_TARGET_PART,
        option: DEMO_SLOW_TARGET_PART,
      });
      await page.keyboard.press('Escape');
      const performance = page.getByTestId('report-performance');
      await expect
        .poll(async () => Number.parseFloat((await performance.innerText()).replace(/[^\d.]/g, '')), SLOW)
        .toBeGreaterThan(100);
      expect(await page.getByTestId('report-performance-over').innerText()).toContain('the target is wrong');
      await performance.scrollIntoViewIfNeeded();
      await settled(page);
      await expectNoSideScroll(page);
      await screenshot(page, `reports-performance-over-${device}`);
      if (device === 'desktop') await atLaptopWidth(page, () => screenshot(page, 'reports-performance-over-1366'));

      // Any other demo mould runs a little slower than its target: below 100 %, no hint.
      await page.getByTestId('report-mode').getByText('All my moulds', { exact: true }).click();
      await expect
        .poll(async () => Number.parseFloat((await performance.innerText()).replace(/[^\d.]/g, '')), SLOW)
        .toBeLessThan(100);
      expect(await page.getByTestId('report-performance-over').count()).toBe(0);
    });
  });
});

const LANGUAGES = [
  { language: 'en', locale: 'en-US', word: 'Availability' },
  { language: 'zh', locale: 'zh-CN', word: '可用率' },
  { language: 'kor', locale: 'ko-KR', word: '가용성' },
  { language: 'por', locale: 'pt-BR', word: 'Disponibilidade' },
] as const;

describe('the report screens in each language, on a desktop and on a phone', () => {
  it.each(LANGUAGES)('read in $language', async ({ language, locale, word }) => {
    await readAtEachSize(browser, consoleApp.url, { locale, path: '/report/nav' }, async (page, device) => {
      await chooseLastSevenDays(page);
      await expect.poll(() => page.getByTestId('report-availability').innerText(), SLOW).toContain(word);
      await page.getByTestId('report-trend').locator('canvas').waitFor(SLOW);
      await settled(page);
      await expectNoSideScroll(page);
      await screenshot(page, `reports-${language}-${device}-oee`);

      await page.goto(`${consoleApp.url}/report/detailList`);
      await chooseLastSevenDays(page);
      await page.locator('[data-testid="report-rows"] tr.mw-report-row').first().waitFor(SLOW);
      await settled(page);
      await expectNoSideScroll(page);
      await screenshot(page, `reports-${language}-${device}-detail`);
    });
  });
});
