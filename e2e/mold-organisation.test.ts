import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
import { expectToast, logInAt, waitForToastsGone, readAtEachSize } from './support/session.js';

/** Answers of a server busy with the demo's simulated moulds may take a few seconds. */
const SLOW = { timeout: 15_000 };

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const choose = (page: Page, testId: string, option: string) => chooseOption(page, page.getByTestId(testId), { option });

const rowOf = (page: Page, list: string, name: string) =>
  page.getByTestId(`${list}-table`).locator('tr.ant-table-row', { hasText: name });

describe('companies and mould groups', () => {
  it('creates a company and a group in it, renames it, refuses a duplicate, and deletes both', async () => {
    const page = await browser.newPage();
    await logInAt(page, consoleApp.url, '/moldsetting/company', 'admin', 'admin123');
    await page.getByTestId('company-list-add').click();
    await page.getByTestId('company-name').fill('Bad name');
    await clickWhenSettled(page, 'company-dialog-save');
    await expect
      .poll(() => page.getByTestId('company-dialog-form').innerText(), SLOW)
      .toContain('Must not contain spaces');
    await page.getByTestId('company-name').fill('E2eWorks');
    await clickWhenSettled(page, 'company-dialog-save');
    await expectToast(page, 'Added successfully');
    await expect.poll(() => rowOf(page, 'company-list', 'E2eWorks').innerText(), SLOW).toMatch(/E2eWorks\s+0\s+0/);
    await settled(page);
    await screenshot(page, 'organisation-company-list');

    await page.goto(`${consoleApp.url}/moldsetting/moldgroup`);
    await page.getByTestId('group-list-add').click();
    await choose(page, 'group-company', 'E2eWorks');
    await page.getByTestId('group-name').fill('Press1');
    await clickWhenSettled(page, 'group-dialog-save');
    await expectToast(page, 'Added successfully');
    await waitForToastsGone(page);

    await choose(page, 'group-company-filter', 'E2eWorks');
    await expect.poll(() => rowOf(page, 'group-list', 'Press1').innerText(), SLOW).toContain('E2eWorks');
    await page.getByTestId('group-edit-Press1').click();
    await page.getByTestId('group-name').fill('Press2');
    await clickWhenSettled(page, 'group-dialog-save');
    await expectToast(page, 'Modified successfully');
    await expect.poll(() => rowOf(page, 'group-list', 'Press2').count(), SLOW).toBe(1);
    await waitForToastsGone(page);

    await page.getByTestId('group-list-add').click();
    await page.getByTestId('group-name').fill('press2');
    await clickWhenSettled(page, 'group-dialog-save');
    await expect
      .poll(() => page.getByTestId('group-dialog-form').innerText(), SLOW)
      .toContain('This company already has a mould group with this name');
    await expectToast(page, 'name: this company already has a mould group with this name');
    await settled(page);
    await screenshot(page, 'organisation-group-duplicate');
    await page.keyboard.press('Escape');

    await page.getByTestId('group-delete-Press2').click();
    await clickWhenSettled(page, 'confirm-delete');
    await expectToast(page, 'Deleted successfully');
    await expect
      .poll(() => page.getByTestId('group-list-table').innerText())
      .toContain('No mould group exists for this company');
    await settled(page);
    await screenshot(page, 'organisation-group-empty');
    await waitForToastsGone(page);

    await page.goto(`${consoleApp.url}/moldsetting/company`);
    await page.getByTestId('company-delete-E2eWorks').click();
    await clickWhenSettled(page, 'confirm-delete');
    await expectToast(page, 'Deleted successfully');
    await expect.poll(() => rowOf(page, 'company-list', 'E2eWorks').count(), SLOW).toBe(0);
  });

  it('refuses to delete a company with groups, and deletes a group with its moulds after the "data lost" warning', async () => {
    const page = await browser.newPage();
    await logInAt(page, consoleApp.url, '/moldsetting/company', 'admin', 'admin123');
    const firstCompany = page.getByTestId('company-list-table').locator('tr.ant-table-row').first();
    await firstCompany.waitFor();
    const companyName = (await firstCompany.locator('td').first().innerText()).trim();
    await page.getByTestId(`company-delete-${companyName}`).click();
    await expectToast(page, /mould groups?: delete them first/);

    await page.goto(`${consoleApp.url}/moldsetting/moldgroup`);
    const rows = page.getByTestId('group-list-table').locator('tr.ant-table-row');
    await rows.first().waitFor();
    const counted = await rows.evaluateAll((tableRows) =>
      (tableRows as HTMLTableRowElement[]).map(
        (row) => [row.cells[0]?.innerText.trim() ?? '', Number(row.cells[2]?.innerText)] as const,
      ),
    );
    const [name, molds] = counted.find(([, count]) => count > 0) ?? ['', 0];
    expect(molds).toBeGreaterThan(0);
    await page.getByTestId(`group-delete-${name}`).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect
      .poll(() => dialog.innerText(), SLOW)
      .toMatch(new RegExp(`Data lost: its ${molds} moulds? will be deleted with it`));
    await settled(page);
    await screenshot(page, 'organisation-group-data-lost');
    await clickWhenSettled(page, 'confirm-delete');
    await expectToast(page, new RegExp(`Deleted, with ${molds} moulds?$`));
    await expect.poll(() => rowOf(page, 'group-list', name).count(), SLOW).toBe(0);
  });
});

const LANGUAGES = [
  { language: 'en', locale: 'en-US', company: 'Company name', group: 'Group name' },
  { language: 'zh', locale: 'zh-CN', company: '公司名称', group: '分组名称' },
  { language: 'kor', locale: 'ko-KR', company: '회사 이름', group: '그룹 이름' },
  { language: 'por', locale: 'pt-BR', company: 'Nome da empresa', group: 'Nome do grupo' },
] as const;

describe('the screens in each language, on a desktop and on a phone', () => {
  it.each(LANGUAGES)('read in $language', async ({ language, locale, company, group }) => {
    await readAtEachSize(browser, consoleApp.url, { locale, path: '/moldsetting/company' }, async (page, device) => {
      await expect.poll(() => page.getByTestId('company-list-table').innerText(), SLOW).toContain(company);
      await page.getByTestId('company-list-table').locator('tr.ant-table-row').first().waitFor();
      await expectNoSideScroll(page);
      await settled(page);
      await screenshot(page, `organisation-${language}-${device}-companies`);

      await page.goto(`${consoleApp.url}/moldsetting/moldgroup`);
      await expect.poll(() => page.getByTestId('group-list-table').innerText(), SLOW).toContain(group);
      await page.getByTestId('group-list-table').locator('tr.ant-table-row').first().waitFor();
      await expectNoSideScroll(page);
      await settled(page);
      await screenshot(page, `organisation-${language}-${device}-groups`);

      await page.getByTestId('group-list-add').click();
      await page.getByTestId('group-dialog-form').waitFor();
      await expectNoSideScroll(page);
      await settled(page);
      await screenshot(page, `organisation-${language}-${device}-group-dialog`, { fullPage: false });
    });
  });
});
