import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  BROWSER_LANGUAGES,
  expectToast,
  logIn,
  readAtEachSize,
  visitAtEachSize,
  waitForToastsGone,
} from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let moulds: Array<{ id: number; name: string; mold_number: string }>;
let linkPath = '';
const PARTNER = 'Partner.Buyer@example.org';

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
  const adminId = await consoleApp.userId('admin');
  moulds = (
    await consoleApp.server.context.db
      .selectFrom('molds')
      .innerJoin('user_mold_grants as g', 'g.mold_id', 'molds.id')
      .select(['molds.id', 'molds.name', 'molds.mold_number'])
      .where('g.user_id', '=', adminId)
      .where('g.shared_by', 'is', null)
      .orderBy('molds.id')
      .limit(2)
      .execute()
  ).map((mould) => ({ ...mould, id: Number(mould.id) }));
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const treeNode = (page: Page, title: string) =>
  page.getByTestId('mould-tree').locator('.ant-tree-treenode', { hasText: title });
const homeIds = (page: Page) =>
  page
    .getByTestId('mould-item')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-mould-id'))).sort((a, b) => a - b));

async function pick(page: Page, title: string): Promise<void> {
  await page.getByTestId('mould-tree-search').locator('input').fill(title);
  await page.getByTestId('mould-tree-search').locator('input').press('Enter');
  await treeNode(page, title).locator('.ant-tree-checkbox').click();
}

async function openShareDialog(page: Page): Promise<void> {
  await page.goto(`${consoleApp.url}/moldsetting/mold`);
  await page.getByTestId('molds-share').click();
  await page.getByTestId('mould-tree').waitFor();
}

describe('mould sharing', () => {
  it('the administrator shares two moulds by e-mail; a fresh browser opens the link and sees exactly those, read-only; a mould revoked goes at once', async () => {
    const admin = await browser.newPage();
    await logIn(admin, consoleApp.url, 'admin', 'admin123');
    await openShareDialog(admin);
    // Nothing chosen: the form says what is missing.
    await admin.getByTestId('share-submit').click();
    await admin.locator('.ant-modal .ant-form-item-explain-error').first().waitFor();
    await admin.getByTestId('share-email').fill(`  ${PARTNER}  `);
    await admin.getByTestId('share-email').blur();
    await chooseOption(admin, admin.getByTestId('share-role'));
    for (const mould of moulds) await pick(admin, mould.mold_number);
    await expect.poll(() => admin.getByTestId('mould-tree-count').innerText()).toContain('2');
    await screenshot(admin, 'sharing-dialog-form-en', { fullPage: false });
    await admin.getByTestId('share-submit').click();
    await expectToast(admin, 'Share created');
    const link = await admin.getByTestId('share-link').inputValue();
    expect(link).toMatch(/\/loginByShare\?token=[A-Za-z0-9_-]{43}$/);
    await waitForToastsGone(admin);
    await admin.getByTestId('share-copy').click();
    await expectToast(admin, 'Link copied');
    await settled(admin);
    await screenshot(admin, 'sharing-dialog-result-en', { fullPage: false });
    await admin.getByTestId('share-close').click();
    // Closing reset the form.
    await admin.getByTestId('molds-share').click();
    expect(await admin.getByTestId('share-email').inputValue()).toBe('');
    await admin.keyboard.press('Escape');

    const url = new URL(link);
    linkPath = `${url.pathname}${url.search}`;
    const partner = await browser.newPage();
    await partner.goto(`${consoleApp.url}${linkPath}`);
    await partner.getByTestId('share-link-password').waitFor();
    expect(await partner.getByTestId('share-link-account').innerText()).toContain('partner.buyer');
    await screenshot(partner, 'sharing-link-en');
    await partner.getByTestId('share-link-password').fill('partner12');
    await partner.getByTestId('share-link-password2').fill('partner13');
    await partner.getByTestId('share-link-submit').click();
    await partner.getByText('The two passwords do not match').waitFor();
    await partner.getByTestId('share-link-password2').fill('partner12');
    await partner.getByTestId('share-link-submit').click();
    await partner.getByTestId('console').waitFor();
    await partner.getByTestId('mould-item').first().waitFor();
    expect(await homeIds(partner)).toEqual(moulds.map((mould) => mould.id).sort((a, b) => a - b));
    expect(await partner.getByTestId('sidebar').innerText()).not.toContain('Mould Setting');
    // Read-only: the server refuses the recipient's change of a shared mould.
    const refused = await partner.evaluate(async (moldId) => {
      const token = decodeURIComponent(/admin-token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const answer = await fetch(`/api/yudata/mold_setting/${moldId}/`, {
        method: 'PUT',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return answer.status;
    }, moulds[0]!.id);
    expect([403, 422]).toContain(refused);
    await screenshot(partner, 'sharing-recipient-home-en');

    await admin.goto(`${consoleApp.url}/moldsetting/share/sharecontent`);
    const row = admin.locator('.ant-table-row', { hasText: PARTNER });
    await row.waitFor();
    await screenshot(admin, 'sharing-made-en');
    await row.getByRole('button', { name: 'Edit moulds' }).click();
    await admin.getByTestId('mould-tree').waitFor();
    await pick(admin, moulds[1]!.mold_number);
    await clickWhenSettled(admin, 'share-edit-save');
    await expectToast(admin, 'Modified successfully');
    await expect.poll(() => homeIds(partner), { timeout: 15_000 }).toEqual([moulds[0]!.id]);

    // Revoking the whole share asks first and takes the rest at once.
    await row.getByRole('button', { name: 'Revoke' }).click();
    await clickWhenSettled(admin, 'share-revoke-confirm');
    await expectToast(admin, 'Share revoked');
    await expect.poll(() => partner.getByTestId('mould-item').count(), { timeout: 15_000 }).toBe(0);
  }, 240_000);

  it('keeps the first tick made right after an e-mail is typed (issue 25: the look-up used to undo it)', async () => {
    const admin = await browser.newPage();
    await logIn(admin, consoleApp.url, 'admin', 'admin123');
    await openShareDialog(admin);
    const firstMould = admin.getByTestId('mould-tree').locator('.ant-tree-treenode-leaf').first();
    await firstMould.waitFor();
    await admin.getByTestId('share-email').fill('first.tick@example.org');
    const lookedUp = admin.waitForResponse((response) => response.url().includes('/share_user_info/'));
    // The click leaves the e-mail field: its look-up starts and answers after the tick.
    await firstMould.locator('.ant-tree-checkbox').click();
    await lookedUp;
    await settled(admin);
    await expect.poll(() => admin.getByTestId('mould-tree-count').innerText()).toMatch(/^1 /);
    expect(await firstMould.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await admin.context().close();
  }, 120_000);

  it('a used link says so and leads to the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${consoleApp.url}${linkPath}`);
    await expect
      .poll(() => page.getByTestId('share-link-error').innerText())
      .toBe('This share link has been used already: log in with your account');
    await page.goto(`${consoleApp.url}/loginByShare?token=forged`);
    await expect.poll(() => page.getByTestId('share-link-error').innerText()).toBe('This share link is not valid');
  }, 60_000);

  it('shows the sharing screens in four languages, on a desktop and on a phone without sideways scrolling', async () => {
    for (const [locale, language] of BROWSER_LANGUAGES) {
      await readAtEachSize(
        browser,
        consoleApp.url,
        { locale, path: '/moldsetting/share/sharecontent' },
        async (page, device) => {
          await page.getByTestId('shares-made-table').waitFor();
          await settled(page);
          await screenshot(page, `sharing-made-${device}-${language}`);
          await expectNoSideScroll(page);
          await page.goto(`${consoleApp.url}/moldsetting/share/accept`);
          await page.getByTestId('shares-received-table').waitFor();
          await settled(page);
          await screenshot(page, `sharing-received-${device}-${language}`);
          await expectNoSideScroll(page);
          await openShareDialog(page);
          await settled(page);
          await screenshot(page, `sharing-dialog-${device}-${language}`, { fullPage: false });
          await expectNoSideScroll(page);
        },
      );
      await visitAtEachSize(browser, { locale, url: `${consoleApp.url}${linkPath}` }, async (visitor, device) => {
        await visitor.getByTestId('share-link-error').waitFor();
        await screenshot(visitor, `sharing-link-used-${device}-${language}`);
        await expectNoSideScroll(visitor);
      });
    }
  }, 600_000);
});
