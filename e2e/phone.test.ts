import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickWhenSettled,
  expectNoSideScroll,
  launchBrowser,
  screenshot,
  type TestBrowser,
} from './support/browser.js';
import { chooseHistory } from './support/detail.js';
import { demoMoulds } from './support/home.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { logIn } from './support/session.js';

/** A phone (390 × 844, and once 360 wide): one console, one login, the screens walked in turn. */
let consoleApp: InProcessConsole;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
  // A few moulds running, so cards and the detail header show figures and a last reading.
  const { moulds, play } = await demoMoulds(consoleApp.server, await consoleApp.userId('admin'));
  for (const mould of moulds.slice(0, 3)) await play(mould, 'run');
  page = await browser.newPage({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

/** The page never scrolls sideways: what is wider scrolls inside its own frame. */
/** Within the window's width, once what slides or grows in (a drawer, a dialog) has settled. */
async function expectInsideWindow(element: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const placement = async () => {
    const box = await element.boundingBox();
    if (!box) return 'not shown';
    const [left, right] = [Math.round(box.x), Math.round(box.x + box.width)];
    return left >= 0 && right <= width ? 'inside' : `from ${left} to ${right} px, the window ${width} px wide`;
  };
  await expect.poll(placement).toBe('inside');
}

const headerMenu = () => page.getByTestId('header-menu');

async function openHeaderMenu(): Promise<void> {
  if (!(await headerMenu().isVisible())) await page.getByTestId('header-menu-button').click();
  await headerMenu().waitFor();
}

async function closeHeaderMenu(): Promise<void> {
  await page.getByTestId('header-menu-button').click();
  await headerMenu().waitFor({ state: 'hidden' });
}

const VIEWS = ['moldStatus', 'moldTemp', 'hotrunner', 'cyclecounter', 'cycleTime', 'energy'] as const;

/** Each language by its option in the language menu and the page's `lang`; English last, as the tests after expect. */
const LANGUAGES = [
  { language: 'zh', option: 'zh_CN', lang: 'zh-CN' },
  { language: 'kor', option: 'ko_KR', lang: 'ko' },
  { language: 'por', option: 'pt', lang: 'pt-BR' },
  { language: 'en', option: 'en_US', lang: 'en' },
] as const;

/** The texts inside `scope` cut at their box's right edge (an ellipsis, or hidden past it). */
/**
 * Texts cut short sideways. The bell's count stands out of the bell's corner by design, which makes
 * the bell's box overflow: its digits are not read as text of the boxes around it. Text for screen
 * readers only (`mw-visually-hidden`, the renewal dot's "Renewal due") is clipped by design.
 */
const cutTexts = (scope: Locator) =>
  scope.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((node): node is HTMLElement => node instanceof HTMLElement && node.scrollWidth > node.clientWidth + 1)
      .map((node) => {
        const copy = node.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.mw-count, .mw-visually-hidden').forEach((part) => part.remove());
        return copy.classList.contains('mw-count') || copy.classList.contains('mw-visually-hidden')
          ? ''
          : (copy.textContent ?? '');
      })
      .filter((text) => text.trim() !== ''),
  );

/** No sideways scroll, nothing cut in the header, and a screenshot named by the language. */
async function expectFits(language: string, name: string): Promise<void> {
  await expectNoSideScroll(page);
  expect(await cutTexts(page.getByTestId('header'))).toEqual([]);
  await screenshot(page, `phone-${language}-${name}`);
}

describe('the console on a phone', () => {
  it('logs in to home: tiles, filters and cards fit, the header keeps its title, the bell and a menu', async () => {
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await page.getByTestId('mould-item').first().waitFor();
    expect(await page.locator('.mw-header-title').innerText()).toBe('Home');
    expect(await page.getByTestId('time-zone-button').isVisible()).toBe(false);
    await expectInsideWindow(page.getByTestId('header-menu-button'));
    await expectInsideWindow(page.getByTestId('tile-offline'));
    await expectInsideWindow(page.getByTestId('filter-country'));
    await expectInsideWindow(page.getByTestId('mould-item').first());
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-home-cards');
  });

  it('changes time zone, language, unit and map from the header menu', async () => {
    await openHeaderMenu();
    await expectInsideWindow(headerMenu());
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-header-menu');

    await page.getByTestId('time-zone-button').click();
    await page.getByTestId('time-zone-select').click();
    await page.keyboard.type('New Delhi');
    await page.keyboard.press('Enter');
    await expectInsideWindow(page.locator('.ant-modal').first());
    await clickWhenSettled(page, 'time-zone-ok');
    await clickWhenSettled(page, 'time-zone-confirm');
    await expect.poll(() => page.getByTestId('time-zone-button').innerText()).toContain('(UTC+05:30) New Delhi');

    await page.getByTestId('language-switch').click();
    await clickWhenSettled(page, 'language-option-pt');
    await expect.poll(() => page.locator('.mw-header-title').innerText()).toBe('Início');
    await page.getByTestId('language-switch').click();
    await clickWhenSettled(page, 'language-option-en_US');
    await expect.poll(() => page.locator('.mw-header-title').innerText()).toBe('Home');

    await page.getByTestId('unit-F').click();
    expect(await page.evaluate(() => localStorage.getItem('unit'))).toBe('F');
    const chinaMap = page.getByTestId('map-switch').getByRole('radio', { name: 'China map' });
    await chinaMap.click();
    expect(await chinaMap.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('fullscreen-toggle').isVisible()).toBe(true);
    await closeHeaderMenu();
  });

  it('opens the bell’s popup inside the window', async () => {
    await page.getByTestId('notice-bell').click();
    const popup = page.locator('.ant-popover').filter({ hasText: 'Notifications' });
    await popup.waitFor();
    await expectInsideWindow(popup);
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-notices');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
  });

  it('opens the sidebar as a drawer, which closes on navigation', async () => {
    const toggle = page.getByTestId('sidebar-toggle');
    await toggle.click();
    const workOrder = page.getByTestId('sidebar').getByRole('link', { name: 'Work Order' });
    await workOrder.waitFor();
    await expectInsideWindow(page.getByTestId('sidebar'));
    await screenshot(page, 'phone-drawer', { fullPage: false });
    await workOrder.click();
    await page.waitForURL('**/workorder');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
    await page.getByTestId('wo-filter-status').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-work-orders');
    // The renewal orders list (once the last placeholder) fits too.
    await page.goto(`${consoleApp.url}/renewal/all`);
    await page.getByTestId('renewals-table').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-renewal-all');
  });

  it('fits the 404 page', async () => {
    await page.goto(`${consoleApp.url}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    await expectInsideWindow(page.getByTestId('back-home'));
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-not-found');
    await page.getByTestId('back-home').click();
  });

  it('shows the rows view scrolling sideways inside the list, in the chosen unit', async () => {
    await page.getByTestId('view-rows').click();
    const list = page.getByTestId('mould-list');
    await expect.poll(() => list.innerText()).toContain('(°F)');
    await expectInsideWindow(list);
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-home-rows');

    // Scrolled sideways, the mould's name stays at the list's left edge.
    await list.evaluate((element) => element.scrollBy({ left: 400 }));
    const nameCell = page.getByTestId('mould-item').first().locator('.mw-home-name-cell');
    const [listBox, nameBox] = await Promise.all([list.boundingBox(), nameCell.boundingBox()]);
    expect(Math.round(nameBox!.x - listBox!.x)).toBeLessThanOrEqual(1);
    expect(Math.round(nameBox!.x - listBox!.x)).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'phone-home-rows-scrolled');
    await page.getByTestId('view-cards').click();
  });

  it('fits the mould facts page', async () => {
    await page.getByTestId('mould-state').first().click();
    await page.waitForURL('**/molddetail?mold_id=*');
    await page.getByTestId('facts-name').waitFor();
    await expectInsideWindow(page.getByTestId('mould-facts'));
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-mould-facts');
  });

  it.each(VIEWS)('reaches both tabs of %s, its chart and table inside the window', async (view) => {
    await page.goto(`${consoleApp.url}/detail/${view}`);
    await expectInsideWindow(page.getByTestId('tab-realtime'));
    await page.getByTestId('tab-history').click();
    await chooseHistory(page, 'day', 20);
    await page.getByTestId('detail-chart').waitFor();
    await expectInsideWindow(page.getByTestId('detail-chart'));
    await expectInsideWindow(page.getByTestId('detail-table'));
    await expectNoSideScroll(page);
    await screenshot(page, `phone-detail-${view}`);
  });

  it.each(['profile', 'password'] as const)('fits the %s dialog', async (item) => {
    await openHeaderMenu();
    await clickWhenSettled(page, `menu-${item}`);
    const dialog = page.locator('.ant-modal').last();
    await dialog.waitFor();
    await expectInsideWindow(dialog);
    await expectNoSideScroll(page);
    await screenshot(page, `phone-dialog-${item}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await closeHeaderMenu();
  });

  it.each(LANGUAGES)('fits the header, its menus, home, the facts and a detail view in $language', async (choice) => {
    await openHeaderMenu();
    await page.getByTestId('language-switch').click();
    await clickWhenSettled(page, `language-option-${choice.option}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(choice.lang);
    // The language menu's closing animation is over before the header menu is measured or photographed.
    await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
    expect(await cutTexts(headerMenu())).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, `phone-${choice.language}-header-menu`, { fullPage: false });
    await closeHeaderMenu();

    await page.getByTestId('sidebar-toggle').click();
    const sidebar = page.getByTestId('sidebar');
    await expectInsideWindow(sidebar);
    expect(await cutTexts(sidebar)).toEqual([]);
    await screenshot(page, `phone-${choice.language}-drawer`, { fullPage: false });
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('sidebar-toggle').evaluate((button) => button === document.activeElement)).toBe(true);

    await page.goto(`${consoleApp.url}/index`);
    await page.getByTestId('mould-item').first().waitFor();
    await expectFits(choice.language, 'home');

    await page.getByTestId('mould-state').first().click();
    await page.getByTestId('facts-name').waitFor();
    await expectFits(choice.language, 'mould-facts');

    await page.goto(`${consoleApp.url}/detail/cycleTime`);
    await page.getByTestId('tab-history').click();
    await chooseHistory(page, 'day', 20);
    await page.getByTestId('detail-chart').waitFor();
    await expectFits(choice.language, 'detail-cycleTime');
  });

  it('fits at 360 px too', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${consoleApp.url}/index`);
    await page.getByTestId('mould-item').first().waitFor();
    await expectNoSideScroll(page);
    await openHeaderMenu();
    await expectInsideWindow(headerMenu());
    await screenshot(page, 'phone-360-header-menu');
    await page.keyboard.press('Escape');
    await headerMenu().waitFor({ state: 'hidden' });
    expect(await page.getByTestId('header-menu-button').evaluate((button) => button === document.activeElement)).toBe(
      true,
    );
  });

  it('keeps the wide layout on a desktop: the controls in the header, the sidebar beside the page', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('time-zone-button').waitFor();
    expect(await page.getByTestId('header-menu-button').count()).toBe(0);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    await screenshot(page, 'desktop-home');
  });

  it('logs out from the header menu', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHeaderMenu();
    await clickWhenSettled(page, 'menu-logout');
    await clickWhenSettled(page, 'logout-confirm');
    await page.waitForURL('**/login');
    await page.getByTestId('login-form').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-login');
  });
});
