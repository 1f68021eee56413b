import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { moldInfoSchema } from '@mouldwatch/shared';
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
import { apiLogin, connectDevice, type TestDevice } from './support/moulds.js';
import { BROWSER_LANGUAGES, expectToast, logIn, readAtEachSize } from './support/session.js';

/** Answers and live messages of a server busy with the demo's moulds may take a few seconds. */
const LIVE = { timeout: 20_000 };

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let mould: { id: number; mold_number: string; counter: number; cycleTime: number; device: TestDevice };

beforeAll(async () => {
  // The state sweep would judge the demo moulds now and then; this test's mould moves on with its readings.
  [consoleApp, browser] = await Promise.all([
    startInProcessConsole({ jobs: { state: { sweepIntervalMs: 3_600_000 } } }),
    launchBrowser(),
  ]);
  // A demo mould without tasks of the demo seed (those are on the first six), driven by a device of the test's.
  const db = consoleApp.server.context.db;
  const row = await db
    .selectFrom('molds as m')
    .leftJoin('mold_status as s', 's.mold_id', 'm.id')
    .select(['m.id', 'm.mold_number', 'm.info', 's.counter'])
    .orderBy('m.id', 'desc')
    .executeTakeFirstOrThrow();
  const token = await apiLogin(consoleApp.url, 'admin', 'admin123');
  const device = await connectDevice(consoleApp.url, token, Number(row.id));
  mould = {
    id: Number(row.id),
    mold_number: row.mold_number,
    counter: (row.counter ?? 0) + 1,
    // On target: the test's cycles raise no cycle time alarm beside the maintenance one.
    cycleTime: Number(moldInfoSchema.parse(row.info).cycle_time ?? 30),
    device,
  };
  await sendCycles(mould.counter);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

let seq = 1;
/**
 * The device reports cycles up to `counter`, a reading a second apart ending now, through the
 * telemetry call devices use (stored, counted by the state engine, judged by the maintenance job).
 */
async function sendCycles(counter: number, readings = 1) {
  const now = Math.floor(Date.now() / 1000);
  await mould.device.send(
    Array.from({ length: readings }, (_, index) => ({
      seq: seq++,
      ts: now - (readings - 1 - index),
      event: 'cycle',
      counter: counter - (readings - 1 - index),
      cycle_time: mould.cycleTime,
    })),
  );
}

const taskRow = (page: Page) =>
  page.getByTestId('maint-schedule-table').locator('.ant-table-row', { hasText: 'E2E grease' });
const alarmRow = (page: Page) =>
  page.getByTestId('alarms-table').locator('tbody tr[data-testid^="alarm-row-"]', { hasText: 'E2E grease' });

async function signedIn(): Promise<Page> {
  const page = await browser.newPage();
  await logIn(page, consoleApp.url, 'admin', 'admin123');
  return page;
}

async function onSchedule(): Promise<Page> {
  const page = await signedIn();
  await page.goto(`${consoleApp.url}/maintenance/schedule/preventive`);
  await page.getByTestId('maint-schedule-table').locator('.ant-table-row').first().waitFor(LIVE);
  return page;
}

describe('maintenance schedule and history', () => {
  it("creates a PM task, follows the device's counter live past warning and due, records it and sees history and cycles until PM reset", async () => {
    const page = await onSchedule();
    await page.getByTestId('maint-schedule-add').click();
    await page.getByTestId('maint-task-name').fill('E2E grease');
    await chooseOption(page, page.getByTestId('maint-task-mold'), {
      typed: mould.mold_number,
      option: mould.mold_number,
    });
    await page.getByTestId('maint-task-interval').fill('100');
    await page.getByTestId('maint-task-item-0').fill('Grease the pins');
    await screenshot(page, 'maintenance-drawer-desktop-en', { fullPage: false });
    await clickWhenSettled(page, 'maint-task-save');
    await expectToast(page, 'Added successfully');
    await page.getByTestId('maint-schedule-search').locator('input').fill('E2E grease');
    await page.getByTestId('maint-schedule-search').locator('input').press('Enter');
    await expect.poll(() => taskRow(page).innerText(), LIVE).toContain('Normal');
    expect(await taskRow(page).innerText()).toContain('100 cycles');

    // Beside the schedule, open and never reloaded: the maintenance alarms and home with the mould.
    const alarms = await signedIn();
    await alarms.goto(`${consoleApp.url}/alarm/maintenance`);
    await alarms.getByTestId('alarms-table').waitFor(LIVE);
    const home = await signedIn();
    await home.waitForURL('**/index');
    await home.getByTestId('home-search').fill(mould.mold_number);
    const pm = home.locator(`[data-testid="mould-item"][data-mould-id="${mould.id}"]`).getByTestId('mould-pm');
    await expect.poll(() => pm.innerText(), LIVE).toBe('100');

    // The device runs 92 cycles: inside the warning window (10 % of 100).
    await sendCycles(mould.counter + 60, 3);
    await sendCycles(mould.counter + 92, 3);
    await expect.poll(() => taskRow(page).innerText(), LIVE).toContain('Preventive MAINT');
    await expect.poll(() => taskRow(page).innerText(), LIVE).toContain('8 cycles');
    await expect.poll(() => alarmRow(alarms).locator('.mw-alarm-level').innerText(), LIVE).toBe('Early alert');
    expect(await alarmRow(alarms).locator('.mw-alarm-value').innerText()).toBe('8 cycles left');
    await expect.poll(() => pm.innerText(), LIVE).toBe('8');

    // 13 more: past due by 5.
    await sendCycles(mould.counter + 105, 3);
    await expect.poll(() => taskRow(page).innerText(), LIVE).toContain('PM Target Exceeded');
    await expect.poll(() => taskRow(page).innerText(), LIVE).toContain('5 cycles over');
    await expect.poll(() => alarmRow(alarms).locator('.mw-alarm-level').innerText(), LIVE).toBe('Alert');
    await expect.poll(() => alarmRow(alarms).locator('.mw-alarm-value').innerText(), LIVE).toBe('5 cycles over');
    await expect.poll(() => pm.innerText(), LIVE).toBe('PM due (+5)');
    await settled(page);
    await screenshot(page, 'maintenance-exceeded-desktop-en');
    await settled(alarms);
    await screenshot(alarms, 'maintenance-alarm-desktop-en');

    const taskId = Number(
      (
        await consoleApp.server.context.db
          .selectFrom('maintenance_tasks')
          .select('id')
          .where('task_name', '=', 'E2E grease')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await page.getByTestId(`maint-record-${taskId}`).click();
    await page.getByTestId('maint-record-dialog').getByText('Grease the pins').click();
    await page.getByTestId('maint-record-remarks').fill('Done in the e2e test');
    await screenshot(page, 'maintenance-record-desktop-en', { fullPage: false });
    await page.getByTestId('maint-record-submit').click();
    await clickWhenSettled(page, 'maint-record-confirm');
    await expectToast(page, 'Added successfully');
    await expect.poll(() => taskRow(page).innerText(), LIVE).toContain('Normal');
    expect(await taskRow(page).innerText()).toContain('100 cycles');

    // Home's cycles until PM count from the recorded counter, on the page left open.
    await expect.poll(() => pm.innerText(), LIVE).toBe('100');
    await settled(home);
    await screenshot(home, 'maintenance-home-reset-desktop-en');
    // And the device counting on is followed from there.
    await sendCycles(mould.counter + 108);
    await expect.poll(() => pm.innerText(), LIVE).toBe('97');

    // The history, open before the next record is made, shows it without a reload.
    const history = await signedIn();
    await history.goto(`${consoleApp.url}/maintenance/history/preventive`);
    const records = history.getByTestId('maint-history-table').locator('.ant-table-row', { hasText: 'E2E grease' });
    await records.first().waitFor(LIVE);
    expect(await records.first().innerText()).toContain('105 cycles');
    expect(await records.first().innerText()).toContain('Done in the e2e test');
    await settled(history);
    await screenshot(history, 'maintenance-history-recorded-desktop-en');
    await page.getByTestId(`maint-record-${taskId}`).click();
    await page.getByTestId('maint-record-remarks').fill('Second round');
    await page.getByTestId('maint-record-submit').click();
    await clickWhenSettled(page, 'maint-record-confirm');
    await expectToast(page, 'Added successfully');
    await expect.poll(() => records.count(), LIVE).toBe(2);
    expect(await records.first().innerText()).toContain('Second round');
    expect(await records.first().innerText()).toContain('3 cycles');
    for (const opened of [page, alarms, home, history]) await opened.context().close();
    // Four pages and a device on a machine shared with other work: minutes, not the default minute.
  }, 240_000);

  it.each(BROWSER_LANGUAGES)(
    'shows the schedule and history in %s, on a desktop and on a phone without sideways scrolling',
    async (locale, language) => {
      await readAtEachSize(
        browser,
        consoleApp.url,
        { locale, path: '/maintenance/schedule/preventive' },
        async (page, device) => {
          await page.getByTestId('maint-schedule-table').locator('.ant-table-row').first().waitFor(LIVE);
          await screenshot(page, `maintenance-schedule-${device}-${language}`);
          await expectNoSideScroll(page);
          await page.goto(`${consoleApp.url}/maintenance/history/preventive`);
          await page.getByTestId('maint-history-table').locator('.ant-table-row').first().waitFor();
          await screenshot(page, `maintenance-history-${device}-${language}`);
          await expectNoSideScroll(page);
        },
      );
    },
  );
});
