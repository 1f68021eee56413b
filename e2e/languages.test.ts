import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { demoMoulds, type PlayedMould, type PlayedState } from './support/home.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { openWithSelectedMould } from './support/moulds.js';
import { logIn } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let mould: PlayedMould;

/** A few moulds running, idle, standby and stopped, so that every screen has figures to show. */
const PLAYED: PlayedState[] = ['run', 'run', 'idle', 'stby', 'stop', 'run'];

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
  const { moulds, play } = await demoMoulds(consoleApp.server, await consoleApp.userId('admin'));
  for (const [index, state] of PLAYED.entries()) await play(moulds[index]!, state, { counter: 30_000 + index * 1_500 });
  mould = moulds[0]!;
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

/** A catalog key shown as it is (`home.tiles.run`) means a text missing in that language. */
const RAW_KEY =
  /\b(?:app|common|home|moldDetail|screens|header|layout|live|notices|login)\.[a-zA-Z]+(?:\.[a-zA-Z]+)*\b/;

async function expectNoRawKeys(page: Page): Promise<void> {
  expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
}

/** Chooses the range and, in the picker, the day `daysAgo` before today (the demo history's). */
async function chooseHistory(page: Page, range: 'hour' | 'day', daysAgo: number): Promise<void> {
  await page.getByTestId(`range-${range}`).click();
  const input = page.locator('.mw-detail-toolbar .ant-picker input');
  await input.click();
  await input.fill(new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10));
  await input.press('Enter');
  await page.getByTestId('mould-name').click();
}

/** Words each screen must show in the language (the running tile, columns, a fact, a tab, a state). */
const LANGUAGES = [
  {
    language: 'kor',
    locale: 'ko-KR',
    words: {
      running: '가동',
      counter: '카운터',
      lastConnect: '마지막 연결',
      lastCount: '최근 사이클 수',
      history: '이력',
      run: '가동',
    },
  },
  {
    language: 'por',
    locale: 'pt-BR',
    words: {
      running: 'Em produção',
      counter: 'Contador',
      lastConnect: 'Última conexão',
      lastCount: 'Última contagem de ciclos',
      history: 'Histórico',
      run: 'Em produção',
    },
  },
  {
    language: 'zh',
    locale: 'zh-CN',
    words: {
      running: '运行',
      counter: '计数器',
      lastConnect: '最后连接',
      lastCount: '最新模次',
      history: '历史',
      run: '运行',
    },
  },
  {
    language: 'en',
    locale: 'en-US',
    words: {
      running: 'Run',
      counter: 'Counter',
      lastConnect: 'Last connect',
      lastCount: 'Last cycle count',
      history: 'History',
      run: 'Run',
    },
  },
] as const;

describe('the monitoring screens in each language', () => {
  it.each(LANGUAGES)(
    'read in $language from the browser language: home, mould facts, history and status',
    async ({ language, locale, words }) => {
      const page = await browser.newPage({ locale });
      try {
        await logIn(page, consoleApp.url, 'admin', 'admin123');
        await page.waitForURL('**/index');
        await page.getByTestId('mould-item').first().waitFor();
        await expect.poll(() => page.getByTestId('tile-run').innerText()).toContain(words.running);
        expect(await page.getByTestId('mould-list').innerText()).toContain(words.counter);
        await expectNoRawKeys(page);
        await screenshot(page, `lang-${language}-home-cards`);

        await page.getByTestId('view-rows').click();
        await expect.poll(() => page.getByTestId('mould-list').innerText()).toContain(words.lastConnect);
        // On a 1440 px screen every column fits, in the language's words and date format.
        const overflow = await page.getByTestId('mould-list').evaluate((list) => list.scrollWidth - list.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `lang-${language}-home-rows`);
        await page.getByTestId('view-cards').click();

        await page
          .locator(`[data-testid="mould-item"][data-mould-id="${mould.id}"]`)
          .getByTestId('mould-state')
          .click();
        await page.waitForURL('**/molddetail?mold_id=*');
        await expect.poll(() => page.getByTestId('facts-name').innerText()).toBe(mould.name);
        expect(await page.locator('body').innerText()).toContain(words.lastCount);
        await expectNoRawKeys(page);
        await screenshot(page, `lang-${language}-molddetail`);

        await openWithSelectedMould(page, `${consoleApp.url}/detail/moldTemp`, mould);
        await page.getByTestId('tab-history').click();
        expect(await page.getByTestId('tab-history').innerText()).toBe(words.history);
        await chooseHistory(page, 'day', 20);
        await page.getByTestId('detail-chart').waitFor();
        await expect
          .poll(() => page.locator('[data-testid="detail-table"] .ant-table-row').count(), { timeout: 10_000 })
          .toBeGreaterThan(5);
        await expectNoRawKeys(page);
        await screenshot(page, `lang-${language}-moldTemp-day`);

        await openWithSelectedMould(page, `${consoleApp.url}/detail/moldStatus`, mould);
        await page.getByTestId('tab-history').click();
        await chooseHistory(page, 'hour', 2);
        await expect.poll(() => page.getByTestId('state-shares').innerText()).toContain(words.run);
        await expectNoRawKeys(page);
        await screenshot(page, `lang-${language}-moldStatus-hour`);
      } finally {
        await page.context().close();
      }
    },
  );
});
