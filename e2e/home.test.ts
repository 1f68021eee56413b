import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickWhenSettled,
  closePagesAfterEach,
  expectNoSideScroll,
  LAPTOP_WINDOW,
  launchBrowser,
  screenshot,
  settled,
  atLaptopWidth,
  type TestBrowser,
} from './support/browser.js';
import { demoMoulds, type PlayedMould, type PlayedState } from './support/home.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { logIn, logInAt, readAtEachSize } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let moulds: PlayedMould[];
let play: Awaited<ReturnType<typeof demoMoulds>>['play'];

/**
 * The 24 demo moulds' states: mostly running (on target, a little and far off it), some idle,
 * standby, stopped and off; the last two never report. Some are past their PM interval.
 */
const PLAN: PlayedState[] = [
  ...Array<PlayedState>(12).fill('run'),
  'idle',
  'idle',
  'idle',
  'stby',
  'stby',
  'stop',
  'stop',
  'stop',
  'off',
  'off',
];

/** The pages a test opened; closed after it, so that they take no CPU from the next one. */
const pages: Page[] = [];

beforeAll(async () => {
  // No state sweep: it would compete for the CPU the browser runs on. Readings still move the
  // moulds they come from at once. No maintenance check either (its first run is an hour away): its
  // notices (the demo's tasks due within days) arrived as popups at a moment no test chose, and one
  // covered the reorder button while the test's pointer, resting on it, kept the popup open. No
  // offline check either: the played devices fall silent, and 180 s later (a file's length on a
  // loaded machine) their offline notices covered the view switch and the alarm tile counted them.
  const HOUR = 3_600_000;
  const quiet = {
    jobs: {
      state: { sweepIntervalMs: 2 ** 31 - 1 },
      maintenance: { intervalMs: HOUR },
      alarms: { offlineIntervalMs: HOUR },
    },
  };
  [consoleApp, browser] = await Promise.all([startInProcessConsole(quiet), launchBrowser()]);
  ({ moulds, play } = await demoMoulds(consoleApp.server, await consoleApp.userId('admin')));
  for (const [index, state] of PLAN.entries()) {
    await play(moulds[index]!, state, { counter: 30_000 + index * 2_500, drift: [0.004, 0.03, 0.09][index % 3] });
  }
});
closePagesAfterEach(pages);
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

async function newPage(locale = 'en-US'): Promise<Page> {
  const page = await browser.newPage({ locale });
  pages.push(page);
  return page;
}

async function openHome(locale = 'en-US'): Promise<Page> {
  const page = await newPage(locale);
  await logIn(page, consoleApp.url, 'admin', 'admin123');
  await page.waitForURL('**/index');
  await page.getByTestId('mould-item').first().waitFor();
  return page;
}

const tileCount = (page: Page, tile: string) => page.getByTestId(`tile-count-${tile}`).innerText();
const shown = (page: Page) => page.getByTestId('home-shown').innerText();
const item = (page: Page, moldId: number) => page.locator(`[data-testid="mould-item"][data-mould-id="${moldId}"]`);
const shownIds = (page: Page) =>
  page
    .getByTestId('mould-item')
    .evaluateAll((items) => items.map((node) => Number(node.getAttribute('data-mould-id'))));

/**
 * Past its PM interval by about as many cycles as it ran: "PM due (+29,…)" — the interval of its PM
 * tasks (which home counts first) and, for a mould without one, of the mould itself.
 */
async function makePmDue(moldId: number): Promise<void> {
  const db = consoleApp.server.context.db;
  await db
    .updateTable('molds')
    .set({ info: sql`jsonb_set(info, '{maint_interval}', to_jsonb(1))` })
    .where('id', '=', moldId)
    .execute();
  await db
    .updateTable('maintenance_task_molds')
    .set({ pm_interval: 1, base_counter: 0 })
    .where('mold_id', '=', moldId)
    .where('pm_interval', 'is not', null)
    .execute();
}

/** The texts of the rows view (header included), or of other `items`, cut short: ellipsis or clamped lines. */
const cutTexts = (page: Page, items = '.mw-home-row') =>
  page.locator(items).evaluateAll((rows) =>
    rows.flatMap((row) =>
      Array.from(row.querySelectorAll<HTMLElement>('*'))
        .filter((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)
        .map((node) => node.textContent ?? ''),
    ),
  );

async function dragTo(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
}

describe('home', () => {
  it('counts the moulds per state and connection, and lists them as cards', async () => {
    const page = await openHome();
    await expect.poll(() => tileCount(page, 'all')).toBe('24');
    expect(await tileCount(page, 'run')).toBe('12');
    expect(await tileCount(page, 'idle')).toBe('5');
    expect(await tileCount(page, 'stop')).toBe('3');
    expect(await tileCount(page, 'off')).toBe('4');
    expect(await tileCount(page, 'alarm')).toBe('0');
    expect(await tileCount(page, 'online')).toBe('20');
    expect(await tileCount(page, 'offline')).toBe('4');
    const first = item(page, moulds[0]!.id);
    expect(await first.innerText()).toContain(moulds[0]!.name);
    expect(await first.getByTestId('mould-cycle').getAttribute('data-band')).toBe('good');
    expect(await item(page, moulds[1]!.id).getByTestId('mould-cycle').getAttribute('data-band')).toBe('warn');
    expect(await item(page, moulds[2]!.id).getByTestId('mould-cycle').getAttribute('data-band')).toBe('bad');
    await screenshot(page, 'home-cards-en');
    // Four cards across a laptop window: their figures are not cut off.
    await atLaptopWidth(page, async () => {
      expect(await cutTexts(page, '.mw-home-card-figures')).toEqual([]);
      await screenshot(page, 'home-cards-en-1366');
    });

    // Stopped and off moulds keep their last cycle time: grey and marked as the last one, never banded green.
    for (const [tile, count] of [
      ['stop', 3],
      ['off', 2],
    ] as const) {
      await page.getByTestId(`tile-${tile}`).click();
      const cycles = page.getByTestId('mould-item').getByTestId('mould-cycle');
      await expect.poll(() => cycles.count()).toBe(count);
      expect(await cycles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-band')))).toEqual(
        Array<string>(count).fill('last'),
      );
      expect(await cycles.first().innerText()).toMatch(/^last \d/);
      expect(await cycles.locator('.mw-home-band').count()).toBe(0);
    }
    await screenshot(page, 'home-cards-off-en');
  });

  it('narrows the list by a state tile and by a search', async () => {
    const page = await openHome();
    await page.getByTestId('tile-stop').click();
    await expect.poll(() => shown(page)).toBe('3 of 24 moulds');
    const states = await page
      .getByTestId('mould-state')
      .evaluateAll((nodes) => nodes.map((node) => node.dataset.state));
    expect(states).toEqual(['stop', 'stop', 'stop']);
    await screenshot(page, 'home-filter-state-en');
    await page.getByTestId('tile-stop').click();
    await expect.poll(() => shown(page)).toBe('24 of 24 moulds');

    await page.getByTestId('home-search').fill(moulds[4]!.mold_number);
    await expect.poll(() => shown(page)).toBe('1 of 1 moulds');
    expect(await page.getByTestId('mould-item').innerText()).toContain(moulds[4]!.name);
    expect(await tileCount(page, 'all')).toBe('1');
    await screenshot(page, 'home-search-en');
    await page.getByTestId('filter-clear').click();
    await expect.poll(() => shown(page)).toBe('24 of 24 moulds');
    // And stays so past the search's pause: the text searched for does not come back.
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('home-search').inputValue()).toBe('');
    expect(await shown(page)).toBe('24 of 24 moulds');
  });

  it("narrows the list to a company, and offers only that company's groups", async () => {
    const page = await openHome();
    const company = 'SãoPaulo_Moldes';
    await page.getByTestId('filter-company').click();
    await clickWhenSettled(page, page.locator('.ant-select-item-option', { hasText: company }));
    await expect.poll(() => shown(page)).not.toBe('24 of 24 moulds');
    const subtitles = await page.locator('[data-testid="mould-item"] .mw-home-sub').allInnerTexts();
    expect(subtitles.length).toBeGreaterThan(0);
    expect(subtitles.every((subtitle) => subtitle.includes(company))).toBe(true);
    expect(await page.getByTestId('filter-company').innerText()).toContain(company);

    // The company's dropdown is gone (its closing animation over) before the group's opens.
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.getByTestId('filter-group').click();
    const groups = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The options come with the company's answer: read them once they have settled.
    await expect.poll(async () => (await groups.allInnerTexts()).sort()).toEqual(['Medical', 'Packaging']);
    await screenshot(page, 'home-filter-company-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-clear').click();
    await expect.poll(() => shown(page)).toBe('24 of 24 moulds');
  });

  it('switches to rows and keeps the choice', async () => {
    await makePmDue(moulds[0]!.id);
    const page = await openHome();
    await page.getByTestId('view-rows').click();
    await page.locator('.mw-home-rows-header').waitFor();
    await expect.poll(() => item(page, moulds[0]!.id).getByTestId('mould-pm').innerText()).toMatch(/PM due \(\+\d/);
    expect(await cutTexts(page)).toEqual([]);
    await screenshot(page, 'home-rows-en');
    await atLaptopWidth(page, async () => {
      expect(await cutTexts(page)).toEqual([]);
      await screenshot(page, 'home-rows-en-1366');
    });
    await page.reload();
    await page.getByTestId('mould-item').first().waitFor();
    expect(await page.locator('.mw-home-rows-header').count()).toBe(1);
    await page.getByTestId('view-cards').click();
    await expect.poll(() => page.locator('.mw-home-rows-header').count()).toBe(0);
  });

  it('marks a favourite, which stays after a reload and filters the list', async () => {
    const page = await openHome();
    const star = item(page, moulds[5]!.id).getByTestId('mould-favourite');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect
      .poll(() => item(page, moulds[5]!.id).getByTestId('mould-favourite').getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByTestId('filter-favourite').click();
    await expect.poll(() => shown(page)).toBe('1 of 1 moulds');
    await screenshot(page, 'home-favourites-en');
  });

  it('reorders moulds by dragging once reordering is on, and keeps the order', async () => {
    const page = await openHome();
    await page.getByTestId('view-rows').click();
    await page.locator('.mw-home-rows-header').waitFor();
    const before = (await shownIds(page)).slice(0, 3);
    expect(await page.getByTestId('mould-handle').count()).toBe(0);
    await page.getByTestId('reorder-toggle').click();
    await item(page, before[2]!).getByTestId('mould-handle').waitFor();
    await screenshot(page, 'home-reordering-en');
    await dragTo(page, item(page, before[2]!).getByTestId('mould-handle'), item(page, before[0]!));
    await expect.poll(async () => (await shownIds(page)).slice(0, 3)).toEqual([before[2], before[0], before[1]]);
    await page.reload();
    await page.getByTestId('mould-item').first().waitFor();
    expect((await shownIds(page)).slice(0, 3)).toEqual([before[2], before[0], before[1]]);
    await screenshot(page, 'home-reordered-en');
  });

  it('shows a state change as it happens, without a reload', async () => {
    const page = await openHome();
    const mould = moulds[3]!;
    const state = item(page, mould.id).getByTestId('mould-state');
    expect(await state.getAttribute('data-state')).toBe('run');
    const offBefore = Number(await tileCount(page, 'off'));
    await play(mould, 'off');
    await expect.poll(() => state.getAttribute('data-state')).toBe('off');
    await expect.poll(() => tileCount(page, 'off')).toBe(String(offBefore + 1));
    expect(await item(page, mould.id).getByTestId('mould-connection').innerText()).toBe('Offline');
    await screenshot(page, 'home-live-change-en');
    await play(mould, 'run');
    await expect.poll(() => state.getAttribute('data-state')).toBe('run');
  });

  it("shows a mould's new counter and cycle time as they come in, without a reload", async () => {
    const page = await openHome();
    const mould = moulds[0]!;
    const shownItem = item(page, mould.id);
    await expect.poll(() => shownItem.getByTestId('mould-cycle').getAttribute('data-band')).toBe('good');
    expect(await shownItem.innerText()).toContain('30,000');
    // Still running: no change of state, only new figures, which reach the moulds on screen.
    await play(mould, 'run', { counter: 30_007, drift: 0.2 });
    await expect.poll(() => shownItem.innerText()).toContain('30,007');
    expect(await shownItem.getByTestId('mould-cycle').getAttribute('data-band')).toBe('bad');
    await screenshot(page, 'home-live-figures-en');
    await play(mould, 'run', { counter: 30_000, drift: 0.004 });
  });

  it("opens the selected mould's facts, kept after a reload", async () => {
    const page = await openHome();
    const mould = moulds[0]!;
    await item(page, mould.id).getByTestId('mould-state').click();
    await page.waitForURL(`**/molddetail?mold_id=${mould.id}`);
    await expect.poll(() => page.getByTestId('facts-name').innerText()).toBe(mould.name);
    expect(await page.getByTestId('fact-mouldNo').innerText()).toBe(mould.mold_number);
    expect(await page.getByTestId('fact-serialNumber').innerText()).toBe(mould.device_no);
    expect(await page.getByTestId('fact-lastCount').innerText()).toBe('30,000');
    expect(await page.getByTestId('fact-battery').innerText()).toContain('82');
    await screenshot(page, 'molddetail-en');
    await page.reload();
    await expect.poll(() => page.getByTestId('facts-name').innerText()).toBe(mould.name);
    // A link to another mould, pasted into the address bar, opens that one.
    await page.goto(`${consoleApp.url}/molddetail?mold_id=${moulds[1]!.id}`);
    await expect.poll(() => page.getByTestId('facts-name').innerText()).toBe(moulds[1]!.name);
    await page.getByTestId('facts-back').click();
    await page.waitForURL('**/index');
  });

  it('shows the readings a device sent too old to count on the facts, and tells the user in the bell', async () => {
    const mould = moulds[2]!;
    const device = await consoleApp.server.services.ingest.deviceByNo(mould.device_no);
    if (!device) throw new Error(`no device for mould ${mould.id}`);
    // Back from six weeks in storage: its buffer's oldest readings, through the real ingest.
    const sixWeeksAgo = Math.floor(Date.now() / 1000) - 42 * 86_400;
    const buffer = [1, 2, 3].map((seq) => ({ seq, ts: sixWeeksAgo + seq * 60, event: 'heartbeat' }));
    expect((await consoleApp.server.services.ingest.ingest(device, buffer)).too_old_seqs).toEqual([1, 2, 3]);
    for (const { device: size, width, height } of [
      { device: 'desktop', width: 1440, height: 900 },
      { device: 'laptop', ...LAPTOP_WINDOW },
      { device: 'phone', width: 390, height: 844 },
    ]) {
      const page = await browser.newPage({ locale: 'en-US', width, height });
      pages.push(page);
      await logInAt(page, consoleApp.url, `/molddetail?mold_id=${mould.id}`, 'admin', 'admin123');
      const tooOld = page.getByTestId('facts-too-old');
      await tooOld.waitFor();
      expect(await tooOld.innerText()).toContain('3 readings older than 35 days, counted in no history or report');
      expect(await tooOld.innerText()).toMatch(/oldest from .+ · last received .+/);
      await tooOld.scrollIntoViewIfNeeded();
      await screenshot(page, `molddetail-too-old-${size}`, { fullPage: false });
      if (size === 'desktop') {
        await page.getByTestId('notice-bell').click();
        const newest = page.getByTestId('notice-item').first();
        await expect.poll(() => newest.innerText()).toContain('Readings too old');
        expect(await newest.innerText()).toContain(`Device ${mould.device_no} sent readings older than 35 days`);
        await screenshot(page, 'notice-too-old-desktop', { fullPage: false });
      }
    }
  });

  it('reads in Chinese, with the unit the user chose', async () => {
    const page = await openHome('zh-CN');
    expect(await page.getByTestId('tile-run').innerText()).toContain('运行');
    await page.getByTestId('unit-F').click();
    await expect.poll(() => page.locator('.mw-home-temps').first().innerText()).toContain('°F');
    await screenshot(page, 'home-cards-zh');
    await page.getByTestId('view-rows').click();
    await page.locator('.mw-home-rows-header').waitFor();
    expect(await cutTexts(page)).toEqual([]);
    await screenshot(page, 'home-rows-zh');
    await item(page, moulds[0]!.id).getByTestId('mould-state').click();
    await page.waitForURL('**/molddetail?mold_id=*');
    await expect.poll(() => page.getByTestId('facts-name').innerText()).toBe(moulds[0]!.name);
    expect(await page.getByTestId('mould-facts').innerText()).toContain('序列号');
    await screenshot(page, 'molddetail-zh');
  });
});

describe('home in Korean and Portuguese', () => {
  it.each([
    { locale: 'ko-KR', language: 'kor', run: '가동', last: '마지막', decimal: /\d\.\d초/ },
    // Portuguese groups thousands with a point (72.500 cycles): its decimals take a comma (53,1 s).
    { locale: 'pt-BR', language: 'por', run: 'Em produção', last: 'último', decimal: /\d,\d s/ },
  ])('reads in $language, wide and on a phone, a stopped mould marked with its last cycle', async (expected) => {
    await readAtEachSize(browser, consoleApp.url, { locale: expected.locale, path: '/index' }, async (page) => {
      const { width } = page.viewportSize()!;
      await page.getByTestId('mould-item').first().waitFor();
      expect(await page.getByTestId('tile-run').innerText()).toContain(expected.run);
      await expectNoSideScroll(page);
      await settled(page);
      await screenshot(page, `home-cards-${expected.language}-${width}`, { fullPage: false });
      // The stopped moulds: their last cycle time grey and marked as the last one, in the language.
      await page.getByTestId('tile-stop').click();
      const cycles = page.getByTestId('mould-item').getByTestId('mould-cycle');
      await expect.poll(() => cycles.count()).toBe(PLAN.filter((state) => state === 'stop').length);
      expect(await cycles.first().getAttribute('data-band')).toBe('last');
      expect(await cycles.first().innerText()).toContain(expected.last);
      expect(await cycles.first().innerText()).toMatch(expected.decimal);
      await screenshot(page, `home-cards-stop-${expected.language}-${width}`, { fullPage: false });
      await page.getByTestId('tile-stop').click();
      await page.getByTestId('view-rows').click();
      await page.locator('.mw-home-rows-header').waitFor();
      expect(await cutTexts(page)).toEqual([]);
      await expectNoSideScroll(page);
      await screenshot(page, `home-rows-${expected.language}-${width}`, { fullPage: false });
      // Back to cards for the next page: the choice is kept per user.
      await page.getByTestId('view-cards').click();
    });
  });
});
