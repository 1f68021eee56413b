import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctKReading, moldInfoSchema } from '@mouldwatch/shared';
import { clickWhenSettled, LAPTOP_WINDOW, launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { chooseHistory } from './support/detail.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { apiLogin, connectDevice, openWithSelectedMould, type TestDevice } from './support/moulds.js';
import { expectToast, logIn, logInAt } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let device: TestDevice;
let mould: {
  id: number;
  name: string;
  mold_number: string;
  targetCycleTime: number;
  mouldChannels: string[];
  hotRunnerChannels: string[];
};

/** A demo mould of the administrator with at least two mould and two hot runner channels. */
async function demoMould(app: InProcessConsole) {
  const adminId = await app.userId('admin');
  const rows = await app.server.context.db
    .selectFrom('molds as m')
    .innerJoin('user_mold_grants as g', 'g.mold_id', 'm.id')
    .select(['m.id', 'm.name', 'm.mold_number', 'm.info'])
    .where('g.user_id', '=', adminId)
    .orderBy('m.id')
    .execute();
  for (const row of rows) {
    const info = moldInfoSchema.parse(row.info);
    if (info.mold_temp_setting.length >= 2 && info.hot_temp_setting.length >= 2) {
      return {
        id: Number(row.id),
        name: row.name,
        mold_number: row.mold_number,
        targetCycleTime: info.cycle_time ?? 30,
        mouldChannels: info.mold_temp_setting.map((channel) => channel.name),
        hotRunnerChannels: info.hot_temp_setting.map((channel) => channel.name),
      };
    }
  }
  throw new Error('no demo mould with temperature channels');
}

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
  mould = await demoMould(consoleApp);
  device = await connectDevice(consoleApp.url, await apiLogin(consoleApp.url, 'admin', 'admin123'), mould.id);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

let seq = Date.now();
/** Cycle times 1 % and 4 % over the target (green, yellow) and one far off (red, 31.37 s). */
const cycleTime = (n: number) =>
  [Math.round(mould.targetCycleTime * 101) / 100, Math.round(mould.targetCycleTime * 104) / 100, 31.37][n % 3];
/** One cycle reading, taken now, with values a test can find on screen. */
const reading = () => ({
  seq: (seq += 1),
  ts: Math.floor(Date.now() / 1000),
  counter: 777_000 + (seq % 1000),
  cycle_time: cycleTime(seq),
  open_time: 4.21,
  close_time: 22.05,
  mold_temp: [61.7, 58.4, null, null],
  hrs_temp: [231.4, 229.6, null, null, null, null],
  current: 14.5,
  event: 'cycle',
});

const tableRows = (page: Page) => page.locator('[data-testid="detail-table"] .ant-table-row');

/**
 * Sends readings until the table shows `text` (or, without, any row): the live connection follows
 * the mould shortly after the tab opens, and slot values are read again a moment after a reading.
 */
async function sendUntilShown(page: Page, text?: string): Promise<void> {
  const shown = async () =>
    text ? (await page.getByTestId('detail-table').innerText()).includes(text) : (await tableRows(page).count()) > 0;
  await expect
    .poll(
      async () => {
        await device.send([reading()]);
        await page.waitForTimeout(1000);
        return shown();
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

const VIEWS = [
  { path: 'moldTemp', id: 'moldTemp', live: '61.7 °C' },
  { path: 'hotrunner', id: 'hotRunner', live: '231.4 °C' },
  { path: 'cyclecounter', id: 'cycleCounter', live: '777' },
  { path: 'cycleTime', id: 'cycleTime', live: '31.37 s' },
  { path: 'energy', id: 'energy', live: undefined },
  { path: 'moldStatus', id: 'moldStatus', live: undefined },
] as const;

describe('mould detail', () => {
  it('shows the way home while no mould is selected', async () => {
    const page = await browser.newPage();
    await logInAt(page, consoleApp.url, '/detail/moldTemp', 'admin', 'admin123');
    await page.getByTestId('no-mould').waitFor();
    await screenshot(page, 'detail-no-mould');
    await page.getByTestId('go-home').click();
    await page.waitForURL('**/index');
  });

  it('walks the six views: live readings in Real Time, a chosen range and date in History', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    for (const view of VIEWS) {
      await openWithSelectedMould(page, `${consoleApp.url}/detail/${view.path}`, mould);
      await page.getByTestId(`detail-${view.id}`).waitFor();
      expect(await page.getByTestId('mould-name').innerText()).toBe(mould.name);

      await sendUntilShown(page, view.live);
      await page.getByTestId('detail-chart').waitFor();
      await screenshot(page, `detail-${view.id}-realtime`);

      await page.getByTestId('tab-history').click();
      await chooseHistory(page, 'day', 20);
      await page.getByTestId('detail-chart').waitFor();
      await expect.poll(() => tableRows(page).count(), { timeout: 10_000 }).toBeGreaterThan(5);
      await screenshot(page, `detail-${view.id}-history`);
    }
  });

  it('shows the status as stacked time-state bars with the share of each state', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openWithSelectedMould(page, `${consoleApp.url}/detail/moldStatus`, mould);
    await page.getByTestId('tab-history').click();
    await chooseHistory(page, 'hour', 2);
    await page.getByTestId('detail-chart').waitFor();
    const shares = await page.getByTestId('state-shares').innerText();
    const percents = [...shares.matchAll(/([\d.]+) %/g)].map((match) => Number(match[1]));
    expect(percents).toHaveLength(5);
    expect(percents.reduce((sum, value) => sum + value, 0)).toBeCloseTo(100, 0);
    // The tooltip heads an hour's bar with its time as the table shows it (the user's zone), then each state's share.
    const chart = page.getByTestId('detail-chart');
    const box = (await chart.boundingBox())!;
    await chart.hover({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect.poll(() => chart.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:00\s[\s\S]*Run\s+[\d.]+ %/);
    await screenshot(page, 'detail-moldStatus-hourly');
  });

  it('switches °C/°F and the language everywhere a temperature or text is shown', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openWithSelectedMould(page, `${consoleApp.url}/detail/moldTemp`, mould);
    await sendUntilShown(page, '61.7 °C');
    const legend = page.getByTestId('channel-legend-1');
    expect(await legend.innerText()).toContain('°C');

    await page.getByTestId('unit-F').click();
    await expect.poll(() => page.getByTestId('detail-table').innerText()).toContain('143.1 °F');
    expect(await page.getByTestId('detail-table').innerText()).not.toContain('61.7 °C');
    expect(await legend.innerText()).toContain('°F');
    await screenshot(page, 'detail-moldTemp-fahrenheit');
    await page.getByTestId('unit-C').click();
    await expect.poll(() => page.getByTestId('detail-table').innerText()).toContain('61.7 °C');

    await page.getByTestId('language-switch').click();
    await clickWhenSettled(page, 'language-option-zh_CN');
    await expect.poll(() => page.getByTestId('tab-realtime').innerText()).toBe('实时');
    expect(await page.getByTestId('tab-history').innerText()).toBe('历史');
    await screenshot(page, 'detail-moldTemp-zh');
    await page.getByTestId('language-switch').click();
    await clickWhenSettled(page, 'language-option-en_US');
    await expect.poll(() => page.getByTestId('tab-realtime').innerText()).toBe('Real Time');
  });

  it('keeps the user’s choice of channels across a reload', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openWithSelectedMould(page, `${consoleApp.url}/detail/hotrunner`, mould);
    const [first, second] = mould.hotRunnerChannels;
    const header = page.locator('[data-testid="detail-table"] thead');
    await expect.poll(() => header.innerText()).toContain(second);

    await page.getByTestId('channel-picker').click();
    await clickWhenSettled(page, 'channel-option-2');
    await expect.poll(() => header.innerText()).not.toContain(second);
    expect(await header.innerText()).toContain(first);
    await screenshot(page, 'detail-hotRunner-channels');

    await page.reload();
    await page.getByTestId('detail-hotRunner').waitFor();
    await expect.poll(() => header.innerText()).toContain(first);
    expect(await header.innerText()).not.toContain(second);
    const total = mould.hotRunnerChannels.length;
    expect(await page.getByTestId('channel-picker').innerText()).toContain(`${total - 1}/${total}`);
  });

  it('downloads the history as a spreadsheet named after the mould and range', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openWithSelectedMould(page, `${consoleApp.url}/detail/cycleTime`, mould);
    await page.getByTestId('tab-history').click();
    await chooseHistory(page, 'day', 10);
    await page.getByTestId('detail-chart').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
    expect(download.suggestedFilename()).toBe(`${mould.mold_number}-moldCycleTimer-day.xlsx`);
    const bytes = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('changes the thermocouple to K after confirming: later readings are corrected, earlier ones stay', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openWithSelectedMould(page, `${consoleApp.url}/detail/moldTemp`, mould);
    await sendUntilShown(page, '61.7 °C');
    const corrected = `${correctKReading(61.7)!.toFixed(1)} °C`;
    const switchTo = async (type: 'J' | 'K') => {
      await page.getByTestId('thermocouple').getByText(type, { exact: true }).click();
      await expect.poll(() => page.locator('.ant-modal-confirm').innerText()).toContain('history keeps');
      await clickWhenSettled(page, 'thermocouple-confirm');
      await expectToast(page, 'Modified successfully');
    };
    try {
      await switchTo('K');
      await screenshot(page, 'detail-moldTemp-thermocouple-k');
      await sendUntilShown(page, corrected);
      // The readings taken before the change keep the value they came in with.
      expect(await page.getByTestId('detail-table').innerText()).toContain('61.7 °C');
    } finally {
      await switchTo('J');
    }
  });
});

describe('the facts page of a mould the user may not see', () => {
  /** A demo mould of the administrator's organisation that the viewer holds no grant on. */
  async function mouldOutsideViewer() {
    const viewerId = await consoleApp.userId('viewer');
    const row = await consoleApp.server.context.db
      .selectFrom('molds as m')
      .select(['m.id', 'm.name', 'm.mold_number'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_mold_grants as g')
              .select('g.mold_id')
              .whereRef('g.mold_id', '=', 'm.id')
              .where('g.user_id', '=', viewerId),
          ),
        ),
      )
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), name: row.name, mold_number: row.mold_number };
  }

  it.each([
    { width: 1440, height: 900 },
    { width: LAPTOP_WINDOW.width, height: LAPTOP_WINDOW.height },
    { width: 390, height: 844 },
  ])('shows the viewer no permission, no error toast and nothing of the mould at $width px', async (size) => {
    const hidden = await mouldOutsideViewer();
    const page = await browser.newPage(size);
    await logInAt(page, consoleApp.url, `/molddetail?mold_id=${hidden.id}`, 'viewer', 'viewer123');
    const forbidden = page.getByTestId('facts-forbidden');
    await forbidden.waitFor();
    expect(await forbidden.innerText()).toContain('You may not see this mould');
    const text = await page.locator('main, body').first().innerText();
    expect(text).not.toContain(hidden.name);
    if (hidden.mold_number) expect(text).not.toContain(hidden.mold_number);
    expect(await page.getByTestId('mould-facts').count()).toBe(0);
    // The refusal is the page's state, not an error toast over it.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.__toasts)).toEqual([]);
    await screenshot(page, `molddetail-forbidden-en-${size.width}`, { fullPage: false });
    // Back goes home, where the viewer's own moulds are.
    await page.getByTestId('facts-back').click();
    await page.waitForURL('**/index');
    await page.context().close();
  });

  it('says so for a mould id that does not exist, and asks for a choice when the id is garbage', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await logInAt(page, consoleApp.url, '/molddetail?mold_id=999999999', 'viewer', 'viewer123');
    await page.getByTestId('facts-forbidden').waitFor();
    await screenshot(page, 'molddetail-unknown-en-390', { fullPage: false });
    await page.goto(`${consoleApp.url}/molddetail?mold_id=abc%27%3B--`);
    const none = page.getByTestId('facts-none');
    await none.waitFor();
    expect(await none.innerText()).toContain('Choose a mould');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.__toasts)).toEqual([]);
    await screenshot(page, 'molddetail-garbage-id-en-390', { fullPage: false });
    await page.context().close();
  });
});
