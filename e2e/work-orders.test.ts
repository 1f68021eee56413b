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
import { apiLogin, connectDevice, type TestDevice } from './support/moulds.js';
import { expectToast, logInAt, waitForToastsGone, readAtEachSize } from './support/session.js';

/** Answers of a server busy with the demo's moulds may take a few seconds. */
const SLOW = { timeout: 15_000 };

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([
    startInProcessConsole({ jobs: { state: { sweepIntervalMs: 3_600_000 } } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const rowOf = (page: Page, orderNo: string) =>
  page.getByTestId('work-orders-table').locator('tr.ant-table-row', { hasText: orderNo });

/** A demo mould with no work order of the demo, its device replaced by one the test drives, and its counter now. */
async function drivenMould(): Promise<{
  id: number;
  mold_number: string;
  name: string;
  cavitation: number;
  counter: number;
  device: TestDevice;
}> {
  const db = consoleApp.server.context.db;
  const mould = await db
    .selectFrom('molds as m')
    .leftJoin('mold_status as s', 's.mold_id', 'm.id')
    .select(['m.id', 'm.mold_number', 'm.name', 'm.cavitation', 's.counter'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('work_orders as w').select('w.id').whereRef('w.mold_id', '=', 'm.id'))),
    )
    .orderBy('m.id')
    .executeTakeFirstOrThrow();
  const token = await apiLogin(consoleApp.url, 'admin', 'admin123');
  const device = await connectDevice(consoleApp.url, token, mould.id);
  return { ...mould, cavitation: mould.cavitation ?? 1, counter: mould.counter ?? 0, device };
}

let seq = 1;
const reading = (counter: number) => ({
  seq: seq++,
  ts: Math.floor(Date.now() / 1000),
  counter,
  cycle_time: 20,
  event: 'cycle',
});

describe('work orders', () => {
  // One order's lifecycle in one browser page, in steps (each a test of its own).
  let page: Page;
  let mould: Awaited<ReturnType<typeof drivenMould>>;
  let orderId = 0;
  const row = () => rowOf(page, 'E2E-1/(A)');
  const quantity = () => mould.cavitation * 10;

  it('plans an order with the form, which checks the order ID and the quantity', async () => {
    mould = await drivenMould();
    await mould.device.send([reading(mould.counter)]);
    page = await browser.newPage();
    await logInAt(page, consoleApp.url, '/workorder', 'admin', 'admin123');
    await rowOf(page, 'WO-2026-101').waitFor(SLOW);

    await page.getByTestId('work-orders-add').click();
    await page.getByTestId('wo-order-no').fill('E2E 1');
    await clickWhenSettled(page, 'wo-save');
    await expect.poll(() => page.getByTestId('work-order-form').innerText(), SLOW).toContain('Use letters, digits');
    await page.getByTestId('wo-order-no').fill('E2E-1/(A)');
    await chooseOption(page, page.getByTestId('wo-mould'), { typed: mould.mold_number, option: mould.mold_number });
    await page.getByTestId('wo-machine').fill('Engel 250');
    await page.getByTestId('wo-workshop').fill('Hall C');
    await page.getByTestId('wo-project').fill('E2E cap');
    await page.getByTestId('wo-quantity').fill('010');
    await clickWhenSettled(page, 'wo-save');
    await expect.poll(() => page.getByTestId('work-order-form').innerText(), SLOW).toContain('no leading zeros');
    await page.getByTestId('wo-quantity').fill(String(quantity()));
    await clickWhenSettled(page, 'wo-save');
    await expectToast(page, 'Added successfully');
    await waitForToastsGone(page);
    await expect.poll(() => row().innerText(), SLOW).toContain('Created');
    orderId = Number((await row().getAttribute('data-row-key')) ?? 0);
  });

  it('starts it after the confirmation, and offers no edit while working', async () => {
    await page.getByTestId(`wo-start-${orderId}`).click();
    await clickWhenSettled(page, 'wo-start-confirm');
    await expect.poll(() => row().innerText(), SLOW).toContain('Working');
    await waitForToastsGone(page);
    expect(await page.getByTestId(`wo-edit-${orderId}`).count()).toBe(0);
  });

  it('follows the counter live to Finish', async () => {
    const progress = page.getByTestId(`work-order-progress-${orderId}`);
    await mould.device.send([reading(mould.counter + 3)]);
    await expect.poll(() => progress.getAttribute('data-finished'), SLOW).toBe(String(3 * mould.cavitation));
    await expect.poll(() => progress.innerText(), SLOW).toContain(`Remaining ${7 * mould.cavitation}`);
    await settled(page);
    await screenshot(page, 'work-orders-working');

    await mould.device.send([reading(mould.counter + 10)]);
    await expect.poll(() => row().innerText(), SLOW).toContain('Finish');
    expect(await progress.getAttribute('data-finished')).toBe(String(quantity()));
  });

  it('records a reject and shows it on the order page', async () => {
    await page.getByTestId(`wo-reject-${orderId}`).click();
    await page.getByTestId('reject-quantity').fill('2');
    await page.getByTestId('reject-remark').fill('Short shot');
    await clickWhenSettled(page, page.locator('.ant-modal-footer .ant-btn-primary'));
    await expectToast(page, 'Added successfully');
    await expect.poll(() => row().innerText(), SLOW).toMatch(/\b2\b/);

    await page.getByTestId(`wo-open-${orderId}`).click();
    const rejects = page.getByTestId('work-order-rejects');
    await expect.poll(() => rejects.innerText(), SLOW).toContain('Short shot');
    await settled(page);
    await screenshot(page, 'work-orders-detail', { fullPage: false });
    await page.context().close();
  });

  it('turns editing off in the search state', async () => {
    const page = await browser.newPage();
    await logInAt(page, consoleApp.url, '/workorder', 'admin', 'admin123');
    await rowOf(page, 'WO-2026-105').waitFor(SLOW);
    await page.getByTestId('work-orders-search').locator('input').fill('WO-2026-105');
    await page.getByTestId('work-orders-search').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('work-orders-table').locator('tr.ant-table-row').count(), SLOW).toBe(1);
    const edit = page.getByTestId('work-orders-table').locator('button[data-testid^="wo-edit-"]').first();
    expect(await edit.isDisabled()).toBe(true);
    await page.context().close();
  });
});

const LANGUAGES = [
  { language: 'en', locale: 'en-US', working: 'Working' },
  { language: 'zh', locale: 'zh-CN', working: '进行中' },
  { language: 'kor', locale: 'ko-KR', working: '작업 중' },
  { language: 'por', locale: 'pt-BR', working: 'Em produção' },
] as const;

describe('the work order screen in each language, on a desktop and on a phone', () => {
  it.each(LANGUAGES)('reads in $language', async ({ language, locale, working }) => {
    await readAtEachSize(browser, consoleApp.url, { locale, path: '/workorder' }, async (page, device) => {
      await expect.poll(() => page.getByTestId('work-orders-table').innerText(), SLOW).toContain(working);
      await expectNoSideScroll(page);
      await settled(page);
      await screenshot(page, `work-orders-${language}-${device}-list`);

      await page.getByTestId('work-orders-add').click();
      await page.getByTestId('work-order-form').waitFor();
      await expectNoSideScroll(page);
      await settled(page);
      await screenshot(page, `work-orders-${language}-${device}-form`, { fullPage: false });
    });
  });
});
