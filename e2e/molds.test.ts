import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atLaptopWidth,
  chooseOption,
  clickWhenSettled,
  expectNoSideScroll,
  launchBrowser,
  screenshot,
  type TestBrowser,
} from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { apiLogin, openWithSelectedMould } from './support/moulds.js';
import { expectToast, logIn, readAtEachSize, waitForToastsGone } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  // No maintenance check (its first run is an hour away): the demo's tasks due within days came as
  // popups over the form's top fields, and the test's pointer, resting on one, kept it open.
  const quiet = { jobs: { maintenance: { intervalMs: 3_600_000 } } };
  [consoleApp, browser] = await Promise.all([startInProcessConsole(quiet), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

/** A 1×1 PNG: the server recognises images by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const MOULD = `E2E_${Date.now().toString(36)}`;

type StoredInfo = Record<'hot_temp_setting' | 'mold_temp_setting', Array<{ name: string; set: number; alert: number }>>;

async function apiCall<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${consoleApp.url}${path}`, {
    method,
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; data: T; msg: string };
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}
const apiGet = <T>(path: string, token: string) => apiCall<T>('GET', path, token);
const apiPut = (path: string, token: string, body: unknown) => apiCall('PUT', path, token, body);
const SERIAL = `E2E-DEV-${Date.now().toString(36)}`;

async function openMoldList(page: Page): Promise<void> {
  await page.goto(`${consoleApp.url}/moldsetting/mold`);
  await page.getByTestId('molds-table').waitFor();
  await page.locator('[data-testid="molds-table"] .ant-table-row').first().waitFor();
}

const form = (page: Page) => page.getByTestId('mold-form');
const field = (page: Page, name: string) => form(page).getByTestId(`field-${name}`);
/** The error antd shows under the field with test id `field-<name>`. */
const fieldError = (page: Page, name: string) =>
  form(page)
    .locator('.ant-form-item', { has: page.getByTestId(`field-${name}`) })
    .locator('.ant-form-item-explain-error');

/** A screenshot once the drawer's slide and the error messages' fade-in are over. */
async function formShot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await screenshot(page, name, { fullPage: false });
}

async function next(page: Page): Promise<void> {
  await form(page).getByTestId('mold-form-next').click();
}

/** The step title the form shows: the Steps' active item on a wide screen. */
const activeStep = (page: Page) => form(page).locator('.ant-steps-item-active .ant-steps-item-title').innerText();

async function fillInfoStep(page: Page): Promise<void> {
  await field(page, 'name').fill(MOULD);
  await field(page, 'mold_number').fill('E2E#1');
  await chooseOption(page, field(page, 'company_id'));
  await chooseOption(page, field(page, 'group_id'));
  await field(page, 'cavitation').fill('4');
  await field(page, 'start_count').fill('0');
  await field(page, 'project_name').fill('Caps');
  await form(page).getByTestId('image-input').setInputFiles({ name: 'mould.png', mimeType: 'image/png', buffer: PNG });
  await form(page).getByTestId('image-preview').waitFor();
  // The browser's own file control stays out of sight: the button opens it.
  expect(await form(page).getByTestId('image-input').isVisible()).toBe(false);
}

async function fillChannel(page: Page, list: string, values: [string, string, string]): Promise<void> {
  await field(page, `${list}-0-name`).fill(values[0]);
  await field(page, `${list}-0-set`).fill(values[1]);
  await field(page, `${list}-0-alert`).fill(values[2]);
  expect(await field(page, `${list}-0-name`).inputValue()).toBe(values[0]);
  expect(await field(page, `${list}-0-set`).inputValue()).toBe(values[1]);
}

describe('moulds in the console', () => {
  it('adds a mould through the seven steps, binds its device, edits it, finds it and deletes it', async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: consoleApp.url });
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openMoldList(page);
    await screenshot(page, 'molds-list-en-1440');

    await page.getByTestId('molds-add').click();
    await form(page).waitFor();
    // Before anything is typed, the first step marks the fields it needs, as every form does.
    const marked = await form(page)
      .locator('label.ant-form-item-required')
      .evaluateAll((labels) => labels.map((label) => label.getAttribute('for') ?? ''));
    expect(marked.sort()).toEqual(['cavitation', 'company_id', 'device_no', 'group_id', 'name', 'start_count']);
    await formShot(page, 'molds-form-info-marks-en-1440');
    // Next on an empty first step: the step's fields say what is missing, and the form stays.
    await next(page);
    await expect.poll(() => fieldError(page, 'name').innerText()).toBe('Required');
    await expect.poll(() => activeStep(page)).toBe('Mould information');
    await formShot(page, 'molds-form-info-errors-en-1440');

    await fillInfoStep(page);
    await field(page, 'device_no').fill('bad serial');
    await next(page);
    await expect.poll(() => fieldError(page, 'device_no').innerText()).toContain('Number error');
    expect(await field(page, 'name').inputValue()).toBe(MOULD);
    await field(page, 'device_no').fill(SERIAL);
    await next(page);

    await expect.poll(() => activeStep(page)).toBe('Process information');
    await formShot(page, 'molds-form-process-en-1440');
    await next(page);

    await expect.poll(() => activeStep(page)).toBe('Hot runner temperature setting');
    await fillChannel(page, 'hot_temp_setting', ['H1', '230', '10']);
    await formShot(page, 'molds-form-hot-runner-en-1440');
    await next(page);

    await expect.poll(() => activeStep(page)).toBe('Mould temperature setting');
    await fillChannel(page, 'mold_temp_setting', ['T1', '60', '5']);
    await formShot(page, 'molds-form-mould-temp-en-1440');
    await next(page);

    await expect.poll(() => activeStep(page)).toBe('Cycle time setting');
    await field(page, 'cycle_time').fill('30');
    await field(page, 'cycle_time_setting-time').fill('120');
    await field(page, 'cycle_time_setting-alert').fill('5');
    await field(page, 'cycle_time_setting-early').fill('6');
    await field(page, 'basic_time').fill('300');
    await field(page, 'basic_stop_time').fill('1800');
    await next(page);
    await expect.poll(() => fieldError(page, 'cycle_time_setting-early').innerText()).toContain('less than the alert');
    await formShot(page, 'molds-form-cycle-time-en-1440');
    await field(page, 'cycle_time_setting-early').fill('2');
    await next(page);

    await expect.poll(() => activeStep(page)).toBe('Counter setting');
    await field(page, 'counter').fill('1000000');
    await field(page, 'maint_interval').fill('50000');
    await field(page, 'oee').fill('85');
    await formShot(page, 'molds-form-counter-en-1440');
    await next(page);

    await expect.poll(() => activeStep(page)).toBe('Voltage setting');
    await field(page, 'voltage').fill('380');
    await formShot(page, 'molds-form-voltage-en-1440');
    // Going back keeps what was typed.
    await form(page).getByTestId('mold-form-previous').click();
    expect(await field(page, 'counter').inputValue()).toBe('1000000');
    await next(page);
    expect(await field(page, 'voltage').inputValue()).toBe('380');
    await form(page).getByTestId('mold-form-save').click();

    // The device was registered by this save: its token, once, with a copy button.
    const token = page.getByTestId('device-token');
    await token.waitFor();
    const tokenText = (await token.innerText()).trim();
    expect(tokenText.length).toBeGreaterThan(16);
    await formShot(page, 'molds-token-en-1440');
    await waitForToastsGone(page);
    await page.getByTestId('token-copy').click();
    await expectToast(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tokenText);
    await page.getByTestId('token-close').click();
    await form(page).waitFor({ state: 'detached' });

    // In the list: found by its name, with its device and image.
    await page.getByTestId('molds-search').locator('input').fill(MOULD);
    await page.getByTestId('molds-search').locator('input').press('Enter');
    const row = page.locator('[data-testid="molds-table"] .ant-table-row', { hasText: MOULD });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(SERIAL);
    expect(await row.locator('img.mw-molds-thumb').getAttribute('src')).toMatch(/^\/api\/files\//);
    await screenshot(page, 'molds-list-found-en-1440');

    // The home screen's facts page of the mould shows the uploaded image too.
    const listPage = page.url();
    const moldId = Number((await row.getAttribute('data-row-key')) ?? NaN);
    await openWithSelectedMould(page, `${consoleApp.url}/molddetail`, {
      id: moldId,
      name: MOULD,
      mold_number: 'E2E#1',
    });
    await expect.poll(() => page.getByTestId('facts-image').getAttribute('src')).toMatch(/^\/api\/files\//);
    expect(await page.getByTestId('facts-image').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await page.goto(listPage);
    await page.getByTestId('molds-search').locator('input').fill(MOULD);
    await page.getByTestId('molds-search').locator('input').press('Enter');
    await expect.poll(() => row.count()).toBe(1);

    // Edit: a new token (confirmed, shown once), a new name, saved after walking the checked steps.
    await row.getByRole('button', { name: 'Edit' }).click();
    await field(page, 'name').waitFor();
    expect(await field(page, 'name').inputValue()).toBe(MOULD);
    await form(page).getByTestId('device-new-token').click();
    await clickWhenSettled(page, 'device-new-token-confirm');
    await page.getByTestId('device-token').waitFor();
    expect((await page.getByTestId('device-token').innerText()).trim()).not.toBe(tokenText);
    await page.getByTestId('token-close').click();
    await field(page, 'name').fill(`${MOULD}X`);
    await next(page);
    await next(page);
    // The stored channels come back into their rows.
    expect(await field(page, 'hot_temp_setting-0-name').inputValue()).toBe('H1');
    expect(await field(page, 'hot_temp_setting-0-set').inputValue()).toBe('230');
    for (let step = 2; step < 6; step += 1) await next(page);
    await waitForToastsGone(page);
    await form(page).getByTestId('mold-form-save').click();
    await expectToast(page, 'Modified successfully');
    await form(page).waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain(`${MOULD}X`);

    // Delete, after the spec's confirmation naming what goes with it.
    await waitForToastsGone(page);
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirmation = page.locator('.ant-modal-confirm');
    await confirmation.waitFor();
    expect(await confirmation.innerText()).toContain('work orders and maintenance tasks are deleted too');
    await clickWhenSettled(page, 'mould-delete-confirm');
    await expectToast(page, 'Deleted successfully');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('takes temperatures in °F when that is the user unit, stores °C, and keeps an untouched setting as stored', async () => {
    const name = `F_${Date.now().toString(36)}`;
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    // The user's unit, chosen in the header as a user does: saved with their preferences.
    await page.getByTestId('unit-F').click();
    const token = await apiLogin(consoleApp.url, 'admin', 'admin123');
    await expect
      .poll(async () => (await apiGet<{ unit: string }>('/api/yudata/user/user_info/', token)).unit)
      .toBe('F');
    try {
      await openMoldList(page);
      await page.getByTestId('molds-add').click();
      await form(page).waitFor();
      await fillInfoStep(page);
      await field(page, 'name').fill(name);
      await field(page, 'device_no').fill(`${name}-DEV`);
      await next(page);
      await next(page);

      await expect.poll(() => activeStep(page)).toBe('Hot runner temperature setting');
      const labels = await form(page).locator('[data-testid="channels-hot_temp_setting"] label').allInnerTexts();
      expect(labels).toEqual(expect.arrayContaining(['Set value (°F)', 'Alert band (± °F from set value)']));
      // 30 °F is below 1 °C: the bound is named in °F.
      await fillChannel(page, 'hot_temp_setting', ['H1', '30', '18']);
      await next(page);
      await expect
        .poll(() => fieldError(page, 'hot_temp_setting-0-set').innerText())
        .toBe('Enter a value between 33.8 and 932 °F');
      await formShot(page, 'molds-form-fahrenheit-error-en-1440');
      await atLaptopWidth(page, () => screenshot(page, 'molds-form-fahrenheit-error-en-1366', { fullPage: false }));
      // 446.5 °F is 230.3 °C; a band of ± 18 °F is ± 10 °C (a difference: no − 32).
      await fillChannel(page, 'hot_temp_setting', ['H1', '446.5', '18']);
      await next(page);
      await fillChannel(page, 'mold_temp_setting', ['T1', '140', '9']);
      await next(page);
      await field(page, 'cycle_time').fill('30');
      await field(page, 'cycle_time_setting-time').fill('120');
      await field(page, 'cycle_time_setting-alert').fill('5');
      await field(page, 'basic_time').fill('300');
      await field(page, 'basic_stop_time').fill('1800');
      await next(page);
      await field(page, 'counter').fill('1000000');
      await field(page, 'oee').fill('85');
      await next(page);
      await field(page, 'voltage').fill('380');
      await form(page).getByTestId('mold-form-save').click();
      await page.getByTestId('token-close').click();
      await form(page).waitFor({ state: 'detached' });

      const moldId = await consoleApp.server.context.db
        .selectFrom('molds')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.id));
      const stored = () => apiGet<{ info: StoredInfo }>(`/api/yudata/mold_setting/${moldId}/`, token);
      expect((await stored()).info.hot_temp_setting).toEqual([{ name: 'H1', set: 230.3, alert: 10 }]);
      expect((await stored()).info.mold_temp_setting).toEqual([{ name: 'T1', set: 60, alert: 5 }]);

      // A setting with two decimals, which no °F figure of one decimal stands for exactly.
      await consoleApp.server.context.db
        .updateTable('molds')
        .set({ info: sql`jsonb_set(info, '{hot_temp_setting,0,set}', to_jsonb(230.26))` })
        .where('id', '=', moldId)
        .execute();

      // Edit: the stored values come back in °F; the mould temperature changes, the hot runner's does not.
      await page.getByTestId('molds-search').locator('input').fill(name);
      await page.getByTestId('molds-search').locator('input').press('Enter');
      const row = page.locator('[data-testid="molds-table"] .ant-table-row', { hasText: name });
      await expect.poll(() => row.count()).toBe(1);
      await row.getByRole('button', { name: 'Edit' }).click();
      await field(page, 'name').waitFor();
      await next(page);
      await next(page);
      expect(await field(page, 'hot_temp_setting-0-set').inputValue()).toBe('446.5');
      expect(await field(page, 'hot_temp_setting-0-alert').inputValue()).toBe('18');
      await formShot(page, 'molds-form-fahrenheit-edit-en-1440');
      await atLaptopWidth(page, () => screenshot(page, 'molds-form-fahrenheit-edit-en-1366', { fullPage: false }));
      await next(page);
      expect(await field(page, 'mold_temp_setting-0-set').inputValue()).toBe('140');
      await field(page, 'mold_temp_setting-0-set').fill('140.6');
      for (let step = 3; step < 6; step += 1) await next(page);
      await waitForToastsGone(page);
      await form(page).getByTestId('mold-form-save').click();
      await expectToast(page, 'Modified successfully');
      await form(page).waitFor({ state: 'detached' });

      // The untouched hot runner set value is as it was; 140.6 °F is sent as 60.33 °C, which shows as 140.6 °F again.
      expect((await stored()).info.hot_temp_setting).toEqual([{ name: 'H1', set: 230.26, alert: 10 }]);
      expect((await stored()).info.mold_temp_setting).toEqual([{ name: 'T1', set: 60.33, alert: 5 }]);
      await row.getByRole('button', { name: 'Edit' }).click();
      await field(page, 'name').waitFor();
      for (let step = 0; step < 3; step += 1) await next(page);
      expect(await field(page, 'mold_temp_setting-0-set').inputValue()).toBe('140.6');
    } finally {
      await apiPut('/api/yudata/user/user_info/', token, { unit: 'C' });
      await page.close();
    }
  });

  it('filters by company and group', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openMoldList(page);
    const rows = page.locator('[data-testid="molds-table"] .ant-table-row');
    const company = await chooseOption(page, page.getByTestId('molds-filter-company'));
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes(company))).toBe(true);
    const group = await chooseOption(page, page.getByTestId('molds-filter-group'));
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes(group))).toBe(true);
  });

  it("picks and adds the organisation's country and workshop tags in the form, with the one tag picker", async () => {
    const db = consoleApp.server.context.db;
    const { org_id } = await db
      .selectFrom('users')
      .select('org_id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await db.insertInto('mold_tags').values({ org_id, kind: 'factory', name: 'HallA' }).execute();
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openMoldList(page);
    await page.getByTestId('molds-add').click();
    await form(page).waitFor();

    const country = field(page, 'country');
    await country.click();
    await page.keyboard.type('Vietnam');
    await page.getByTestId('field-country-add').click();
    await expect.poll(() => country.locator('.ant-select-content').getAttribute('title')).toBe('Vietnam');
    const added = () =>
      db
        .selectFrom('mold_tags')
        .select('name')
        .where('org_id', '=', org_id)
        .where('kind', '=', 'country')
        .where('name', '=', 'Vietnam')
        .execute();
    await expect.poll(added).toHaveLength(1);

    await chooseOption(page, field(page, 'workshop'), { option: 'HallA' });
    await formShot(page, 'molds-form-tags-en-1440');
    await page.close();
  });

  const LANGUAGES = [
    { language: 'en', locale: 'en-US', title: 'Mould List', step: 'Mould information' },
    { language: 'zh', locale: 'zh-CN', title: '模具列表', step: '模具信息' },
    { language: 'kor', locale: 'ko-KR', title: '금형 목록', step: '금형 정보' },
    { language: 'por', locale: 'pt-BR', title: 'Lista de moldes', step: 'Informações do molde' },
  ];
  it.each(LANGUAGES)('shows the list and the first step in $language, wide and on a phone', async (language) => {
    await readAtEachSize(
      browser,
      consoleApp.url,
      { locale: language.locale, path: '/moldsetting/mold' },
      async (page) => {
        const { width } = page.viewportSize()!;
        await page.locator('[data-testid="molds-table"] .ant-table-row').first().waitFor();
        expect(await page.getByTestId('molds').innerText()).toContain(language.title);
        await expectNoSideScroll(page);
        await screenshot(page, `molds-list-${language.language}-${width}`);
        await page.getByTestId('molds-add').click();
        await form(page).waitFor();
        const stepTitle =
          width < 992 ? page.getByTestId('mold-form-step-title') : form(page).locator('.ant-steps-item-active');
        expect(await stepTitle.innerText()).toContain(language.step);
        await formShot(page, `molds-form-${language.language}-${width}`);
      },
    );
  });
});
