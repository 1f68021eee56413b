import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateColour } from '@mouldwatch/shared';
import {
  chooseOption,
  clickWhenSettled,
  closePagesAfterEach,
  LAPTOP_WINDOW,
  launchBrowser,
  screenshot,
  type TestBrowser,
} from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { startTileServer, type TileServer } from './support/tile-server.js';
import { BROWSER_LANGUAGES, expectToast, logInAt } from './support/session.js';

let tiles: TileServer;
let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  tiles = await startTileServer();
  [consoleApp, browser] = await Promise.all([startInProcessConsole({ env: tiles.env }), launchBrowser()]);
});
/** The pages a test opened, closed after it, so that they take no CPU from the next one. */
const pages: Page[] = [];
closePagesAfterEach(pages);
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
  await tiles?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const markers = (page: Page) => page.locator('.mw-map-marker, .mw-map-cluster-icon');
const listItems = (page: Page) => page.getByTestId('map-list-item');
const openDropdowns = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

async function openMap(locale = 'en-US', width = 1440, height = 900, user = { name: 'admin', password: 'admin123' }) {
  const page = await browser.newPage({ locale, width, height });
  pages.push(page);
  await logInAt(page, consoleApp.url, '/map', user.name, user.password);
  await page.getByTestId('map-screen').waitFor();
  await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return page;
}

/**
 * Waits for the fly to the selected mould to end (1.2 s; later on a loaded machine): its marker drawn
 * (at once, when it was in view already) and the map no longer moving.
 */
async function flownTo(page: Page) {
  await expect.poll(() => page.locator('.mw-map-marker-selected').count(), { timeout: 30_000 }).toBe(1);
  await page.locator('[data-testid="map-canvas"]:not([aria-busy="true"])').waitFor({ timeout: 30_000 });
}

const choose = (page: Page, testId: string, option: string) => chooseOption(page, page.getByTestId(testId), { option });

describe('the map', () => {
  it('shows the demo moulds, switches providers, filters, selects, sets a manual position and reads the history', async () => {
    const page = await openMap();
    // The three factories: Shenzhen, São Paulo and Incheon — all of the admin's moulds are in view.
    await expect.poll(() => listItems(page).count()).toBeGreaterThanOrEqual(20);
    await expect.poll(() => tiles.requests.filter((url) => url.startsWith('/global/')).length).toBeGreaterThan(0);
    expect(await page.getByTestId('map-tiles-unavailable').count()).toBe(0);
    // Tiles do not fade in (MouldMap): drawn in software, the faded levels took seconds a frame.
    expect(await page.locator('.leaflet-fade-anim').count()).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'map-en', { fullPage: false });

    // Provider 1: China tiles, positions drawn in GCJ-02.
    await page.getByTestId('map-switch').getByText('China map').click();
    await expect.poll(() => tiles.requests.filter((url) => url.startsWith('/china/')).length).toBeGreaterThan(0);
    expect(await page.getByTestId('map-canvas').getAttribute('data-variant')).toBe('1');
    await page.getByTestId('map-switch').getByText('Global map').click();

    // List dots take the state colours of the home list and the charts; here every mould is off.
    const dots = await listItems(page)
      .locator('.mw-map-dot')
      .evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor));
    expect(new Set(dots)).toEqual(new Set(['rgb(217, 217, 217)']));

    // Filters: no demo device reports here (no simulator), so none is online.
    await choose(page, 'map-filter-online', 'Online');
    await expect.poll(() => listItems(page).count()).toBe(0);
    await choose(page, 'map-filter-online', 'Offline');
    await expect.poll(() => listItems(page).count()).toBeGreaterThan(0);

    // Search flies to a mould and selects it.
    const name = (await listItems(page).first().locator('.mw-map-list-name').innerText()).trim();
    await page.getByTestId('map-search').locator('input').fill(name);
    // Its option, not the first of any open list: the connection filter's may still be closing.
    await clickWhenSettled(page, openDropdowns(page).locator('.ant-select-item-option', { hasText: name }).first());
    await expect.poll(() => page.getByTestId('map-facts-name').innerText()).toBe(name);
    await flownTo(page);
    expect(await page.getByTestId('map-facts-source').innerText()).toBe('GPS');
    // So do the pins (clusters apart): the selected one is blue.
    const fills = await page
      .locator('.mw-map-marker path[fill]')
      .evaluateAll((paths) => paths.map((path) => path.getAttribute('fill')));
    expect(fills).toContain('#1677ff');
    expect(fills.filter((fill) => fill !== '#1677ff' && fill !== stateColour('off'))).toEqual([]);

    // A manual position, typed.
    await page.getByTestId('map-facts-set-position').click();
    await page.getByTestId('map-manual-lat').fill('22.6');
    await page.getByTestId('map-manual-lng').fill('114.1');
    await page.getByTestId('map-manual-label').fill('Bay 3');
    await clickWhenSettled(page, 'map-manual-save');
    await expectToast(page, 'Position saved');
    await expect.poll(() => page.getByTestId('map-facts-source').innerText()).toBe('Manual');
    await expect.poll(() => page.getByTestId('map-facts-label').innerText()).toBe('Bay 3');

    // Then picked on the map.
    await page.getByTestId('map-facts-set-position').click();
    await page.getByTestId('map-manual-pick').click();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 3, box.y + box.height / 3);
    await expect.poll(async () => Number(await page.getByTestId('map-manual-lat').inputValue())).not.toBe(22.6);
    await clickWhenSettled(page, 'map-manual-save');
    await expectToast(page, 'Position saved');

    // The location history: the seeded GPS point and the two manual ones.
    await page.getByTestId('map-facts-history').click();
    await expect.poll(() => page.locator('[data-testid="map-history-table"] .ant-table-row').count()).toBe(3);
    // The newest manual point (picked, its label kept from the form) names its label; the older one cannot.
    await expect
      .poll(() => page.locator('[data-testid="map-history-table"] .ant-table-row').first().innerText())
      .toContain('Manual · Bay 3');
    expect(await page.getByTestId('map-history').innerText()).toContain('Manual');
    await page.waitForTimeout(400);
    await screenshot(page, 'map-history-en', { fullPage: false });
  });

  it('says when no tile server answers, and keeps the markers', async () => {
    const page = await openMap();
    await page.route('**/global/**', (route) => route.abort());
    await page.route('**/china/**', (route) => route.abort());
    await page.getByTestId('map-switch').getByText('China map').click();
    await page.getByTestId('map-tiles-unavailable').waitFor();
    expect(await markers(page).count()).toBeGreaterThan(0);
    await screenshot(page, 'map-no-tiles-en', { fullPage: false });
  });

  it('adds, edits and deletes a known WiFi access point', async () => {
    const page = await openMap();
    await page.getByTestId('map-access-points').click();
    const drawer = page.getByTestId('map-ap-drawer');
    await drawer.waitFor();
    const rows = drawer.locator('[data-testid="map-ap-table"] .ant-table-row');

    // Added: a bad BSSID is refused by the shared schema's rule before anything is sent.
    await page.getByTestId('map-ap-add').click();
    await page.getByTestId('map-ap-bssid').fill('00:1a:2b');
    await page.getByTestId('map-ap-lat').fill('22.55');
    await page.getByTestId('map-ap-lng').fill('114.07');
    await clickWhenSettled(page, 'map-ap-save');
    await page.getByText('Enter a BSSID like 00:1a:2b:3c:4d:5e').waitFor();
    await page.getByTestId('map-ap-bssid').fill('00:1a:2b:3c:4d:5e');
    await page.getByTestId('map-ap-accuracy').fill('30');
    await page.getByTestId('map-ap-label').fill('Hall A');
    await clickWhenSettled(page, 'map-ap-save');
    await expectToast(page, 'Added');
    await page.getByTestId('map-ap-search').locator('input').fill('hall a');
    await page.getByTestId('map-ap-search').locator('input').press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toMatch(
      /00:1A:2B:3C:4D:5E[\s\S]*Hall A[\s\S]*22\.55000, 114\.07000[\s\S]*30[\s\S]*Entered/,
    );
    await screenshot(page, 'map-access-points-en-1440', { fullPage: false });

    // The server keeps BSSIDs upper case.
    // Edited.
    await page.getByTestId('map-ap-edit-00:1A:2B:3C:4D:5E').click();
    await page.getByTestId('map-ap-label').fill('Hall B');
    await clickWhenSettled(page, 'map-ap-save');
    await expectToast(page, 'Modified');
    await page.getByTestId('map-ap-search').locator('input').fill('');
    await page.getByTestId('map-ap-search').locator('input').press('Enter');
    await expect.poll(() => drawer.innerText()).toContain('Hall B');

    // At 390 px the drawer fits the phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await screenshot(page, 'map-access-points-en-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Deleted.
    await page.getByTestId('map-ap-delete-00:1A:2B:3C:4D:5E').click();
    await clickWhenSettled(page, 'map-ap-delete-confirm');
    await expectToast(page, 'Deleted');
    await expect.poll(() => drawer.innerText()).not.toContain('00:1A:2B:3C:4D:5E');
  });

  it.each(BROWSER_LANGUAGES)('reads in %s, wide and at 390 px', async (locale, language) => {
    const page = await openMap(locale);
    await listItems(page).first().click();
    await page.getByTestId('map-facts').waitFor();
    await flownTo(page);
    for (const [width, height] of [
      [1440, 900],
      [LAPTOP_WINDOW.width, LAPTOP_WINDOW.height],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The console moves to its narrow layout after the resize: wait for it to settle.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `${language} at ${width}: no horizontal scrolling`,
        })
        .toBeLessThanOrEqual(0);
      // The legend names the five state colours and covers none of the map's controls.
      const legend = page.getByTestId('map-legend');
      expect(await legend.locator('li').count()).toBe(5);
      const legendBox = (await legend.boundingBox())!;
      const area = (await page.getByTestId('map-canvas').boundingBox())!;
      expect(legendBox.x).toBeGreaterThanOrEqual(area.x);
      expect(legendBox.x + legendBox.width).toBeLessThanOrEqual(area.x + area.width);
      for (const control of ['.leaflet-control-zoom', '.leaflet-control-attribution']) {
        const box = (await page.locator(control).boundingBox())!;
        expect(overlaps(legendBox, box), `${language} at ${width}: the legend covers ${control}`).toBe(false);
      }
      await page.waitForTimeout(300);
      await screenshot(page, `map-${language}-${width}`, { fullPage: width < 500 });
    }
  });
});
