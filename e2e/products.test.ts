import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSideScroll, launchBrowser, screenshot, settled, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { logIn, waitForToastsGone } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

/** Answers of a server busy with the demo's simulated moulds may take a few seconds. */
const SLOW = { timeout: 15_000 };

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const rows = (page: Page) => page.locator('[data-testid="products-table"] tr.ant-table-row');
/** The good parts of each row on the page, as numbers. */
const goodParts = async (page: Page) =>
  (await page.getByTestId('product-good').allInnerTexts()).map((text) => Number(text.replace(/[^\d]/g, '')));

async function openFromReports(page: Page): Promise<void> {
  await page.goto(`${consoleApp.url}/report/nav`);
  await page.getByTestId('report-to-products').click();
  await page.waitForURL('**/report/products');
  await rows(page).first().waitFor(SLOW);
}

describe('the product list on the demo data', () => {
  it('opens from the report page, shows products with figures, searches, and leads to a mould', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await waitForToastsGone(page);
    await openFromReports(page);
    await expect.poll(() => page.locator('.mw-admin-title').innerText()).toBe('Product List');

    // The last 7 days (this week is empty in the first minutes of a Monday): the demo's 24 moulds each
    // make a part of their own; the moulds run, so parts were made.
    await page.getByTestId('report-period').getByRole('radio', { name: 'Last 7 days', exact: true }).click();
    await expect.poll(() => page.getByText('24 in all', { exact: true }).count(), SLOW).toBeGreaterThan(0);
    await expect.poll(async () => (await goodParts(page)).some((good) => good > 0), SLOW).toBe(true);
    expect(await page.getByTestId('product-part').first().innerText()).toMatch(/^P-\d+$/);
    expect(await page.locator('[data-testid^="product-state-"]').count()).toBeGreaterThan(0);
    await settled(page);
    await screenshot(page, 'products-1440', { fullPage: false });

    // Search a project name: one product; open it and follow its mould to the mould's facts.
    await page.getByTestId('products-search').locator('input').fill('door_handle');
    await page.getByTestId('products-search').locator('input').press('Enter');
    await expect.poll(() => rows(page).count(), SLOW).toBe(1);
    await rows(page).first().locator('.ant-table-row-expand-icon').click();
    const link = page.getByTestId('product-mould-link').first();
    await link.waitFor();
    const name = await link.innerText();
    expect(name).toBe('Door_handle');
    await settled(page);
    await screenshot(page, 'products-expanded-1440', { fullPage: false });
    await link.click();
    await page.waitForURL('**/molddetail');
    await expect.poll(() => page.getByTestId('facts-name').innerText(), SLOW).toBe(name);
    await page.context().close();
  });

  const LANGUAGES = [
    { language: 'zh', locale: 'zh-CN', title: '产品列表', headers: ['零件号', '良品数'] },
    { language: 'en', locale: 'en-US', title: 'Product List', headers: ['Part ID', 'Good parts'] },
    { language: 'kor', locale: 'ko-KR', title: '제품 목록', headers: ['부품 ID', '양품'] },
    { language: 'por', locale: 'pt-BR', title: 'Lista de produtos', headers: ['ID da peça', 'Peças boas'] },
  ];

  it.each(LANGUAGES)(
    'fits a phone in $language: the part ID and the good parts show without scrolling sideways',
    async ({ language, locale, title, headers }) => {
      const page = await browser.newPage({ width: 390, height: 844, locale });
      await logIn(page, consoleApp.url, 'admin', 'admin123');
      await waitForToastsGone(page);
      await openFromReports(page);
      await expect.poll(() => page.locator('.mw-admin-title').innerText()).toBe(title);
      await settled(page);
      await expectNoSideScroll(page);
      for (const header of headers) {
        const cell = page.locator('[data-testid="products-table"] thead th', { hasText: header }).first();
        const box = await cell.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390.5, header).toBe(true);
      }
      await screenshot(page, `products-390-${language}`, { fullPage: false });
      await rows(page).first().locator('.ant-table-row-expand-icon').click();
      await page.getByTestId('product-mould-link').first().waitFor();
      await settled(page);
      await screenshot(page, `products-expanded-390-${language}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await settled(page);
      await screenshot(page, `products-expanded-1440-${language}`, { fullPage: false });
      await page.context().close();
    },
  );
});
