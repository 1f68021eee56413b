import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmType } from '@mouldwatch/shared';
import { createAlarm, type AlarmFields } from '../server/test/factories.js';
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
import { expectToast, logIn, readAtEachSize } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let adminId: number;
let orgId: number;
/** Two demo moulds the admin holds: [id, name, mould no]. */
let moulds: Array<{ id: number; name: string; mold_number: string }>;
const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([
    // The state sweep and roll-ups would only compete for the CPU here.
    startInProcessConsole({ jobs: { state: { sweepIntervalMs: 3_600_000 }, rollups: { intervalMs: 3_600_000 } } }),
    launchBrowser(),
  ]);
  adminId = await consoleApp.userId('admin');
  const db = consoleApp.server.context.db;
  orgId = (await db.selectFrom('users').select('org_id').where('id', '=', adminId).executeTakeFirstOrThrow()).org_id;
  moulds = await db
    .selectFrom('molds as m')
    .innerJoin('user_mold_grants as g', 'g.mold_id', 'm.id')
    .select(['m.id', 'm.name', 'm.mold_number'])
    .where('g.user_id', '=', adminId)
    .orderBy('m.id')
    .limit(2)
    .execute();
  // 24 closed temperature alarms an hour apart (two pages of 20), then one open on each mould.
  for (let index = 0; index < 24; index += 1) {
    await alarm(moulds[index % 2]!.id, {
      opened_at: new Date((now() - (30 - index) * HOUR) * 1000),
      closed_at: new Date((now() - (30 - index) * HOUR + 600) * 1000),
      value: 80 + index,
    });
  }
  await alarm(moulds[0]!.id, {
    channel: 'hrs_temp:2',
    channel_name: 'Nozzle',
    temp_type: 2,
    value: 250,
    bound: 240,
    set_value: 230,
    opened_at: new Date((now() - 120) * 1000),
  });
  await alarm(moulds[1]!.id, { value: 100, bound: 70, set_value: 60, opened_at: new Date((now() - 60) * 1000) });
  await alarm(moulds[0]!.id, {
    alarm_type: AlarmType.cycleTime,
    channel: 'cycle_time',
    temp_type: null,
    value: 41.5,
    bound: 36,
  });
  await alarm(moulds[0]!.id, {
    alarm_type: AlarmType.maintenance,
    channel: 'task:1',
    temp_type: null,
    value: -1486,
    bound: 0,
    unit: 'cycles',
  });
  await alarm(moulds[1]!.id, {
    alarm_type: AlarmType.offline,
    channel: 'offline',
    temp_type: null,
    value: 540,
    bound: 180,
  });
  await alarm(moulds[1]!.id, {
    alarm_type: AlarmType.power,
    channel: 'battery',
    temp_type: null,
    value: 15,
    bound: 20,
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

function alarm(moldId: number, fields: AlarmFields = {}) {
  return createAlarm(consoleApp.server.context.db, orgId, moldId, fields);
}

/** As the alarm engine does after writing the row. */
function announce(moldId: number, alarmId: number, alarmType: number, change: 'opened' | 'closed') {
  consoleApp.server.context.bus.publish('alarmChanged', { orgId, moldId, alarmId, alarmType, change });
}

async function openPage(page: Page, path: string) {
  await page.goto(`${consoleApp.url}${path}`);
  await page.getByTestId('alarms-table').locator('tbody tr[data-testid^="alarm-row-"]').first().waitFor();
}

const rows = (page: Page) => page.getByTestId('alarms-table').locator('tbody tr[data-testid^="alarm-row-"]');

describe('the alarm pages', () => {
  it('list each page’s alarms, filter, acknowledge with a comment and export', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openPage(page, '/alarm/temperature');
    expect(await page.getByTestId('alarms-total').innerText()).toBe('Alarms: 26');
    expect(await rows(page).count()).toBe(20);
    const newest = await rows(page).first().innerText();
    expect(newest).toContain(moulds[1]!.name);
    expect(newest).toContain('100.0 °C');
    expect(newest).toContain('Set 60.0 °C');
    expect(newest).toContain('Open');
    await screenshot(page, 'alarms-temperature-en-1440');

    // The header's unit switch shows the same alarms in °F at once.
    await page.getByTestId('unit-F').click();
    await expect.poll(() => rows(page).first().innerText()).toContain('212.0 °F');
    await page.getByTestId('unit-C').click();
    await expect.poll(() => rows(page).first().innerText()).toContain('100.0 °C');

    await chooseOption(page, page.getByTestId('alarms-state'), { option: /^Open$/ });
    await expect.poll(() => page.getByTestId('alarms-total').innerText()).toBe('Alarms: 2');
    await page.getByTestId('alarms-keyword').locator('input').fill(moulds[0]!.mold_number);
    await page.getByTestId('alarms-keyword').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('alarms-total').innerText()).toBe('Alarms: 1');
    expect(await rows(page).first().innerText()).toContain('Nozzle');

    await rows(page).first().locator('input[type="checkbox"]').check();
    await page.getByTestId('alarms-acknowledge').click();
    await page.getByTestId('alarms-ack-comment').fill('Heater band replaced');
    await page.getByTestId('alarms-ack-dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await expectToast(page, 'Alarms acknowledged: 1');
    await expect.poll(() => rows(page).first().innerText()).toContain('Heater band replaced');
    const stored = await consoleApp.server.context.db
      .selectFrom('alarms')
      .select(['acknowledged_by', 'ack_comment'])
      .where('channel_name', '=', 'Nozzle')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ acknowledged_by: adminId, ack_comment: 'Heater band replaced' });
    await screenshot(page, 'alarms-acknowledged-en-1440');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('alarms-export').click()]);
    expect(download.suggestedFilename()).toBe('alarms-temperature.xlsx');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values).toContain('Nozzle');
    expect(values).toContain('Heater band replaced');
    expect(values).toContain(250);

    await page.getByTestId('alarms-escalation').click();
    const minutes = page.getByTestId('alarms-escalation-minutes');
    await expect.poll(() => minutes.inputValue()).toBe('30');
    await settled(page);
    await screenshot(page, 'alarms-escalation-en-1440', { fullPage: false });
    await minutes.fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Escalation delay saved');
    const setting = await consoleApp.server.context.db
      .selectFrom('alarm_settings')
      .select('escalation_minutes')
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(setting.escalation_minutes).toBe(45);

    for (const [path, text] of [
      ['/alarm/cycletime', '41.5 s'],
      // A maintenance alarm says what the schedule says, in its unit: no raw value against a bound of 0.
      ['/alarm/maintenance', '1,486 cycles over'],
      ['/alarm/network', '540 s'],
    ] as const) {
      await openPage(page, path);
      expect(await page.getByTestId('alarms-table').innerText()).toContain(text);
    }
    await openPage(page, '/alarm/maintenance');
    expect(await page.getByTestId('alarms-table').locator('thead').innerText()).not.toContain('Bound');
    await openPage(page, '/alarm/network');
    // The network page holds the power alarm too.
    expect(await page.getByTestId('alarms-table').innerText()).toContain('15 %');
    expect(await page.getByTestId('alarms-total').innerText()).toBe('Alarms: 2');
  });

  it('shows a new alarm live, without a reload', async () => {
    const page = await browser.newPage();
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    await openPage(page, '/alarm/cycletime');
    const opened = await alarm(moulds[1]!.id, {
      alarm_type: AlarmType.cycleTime,
      channel: 'open_time',
      temp_type: null,
      value: 9.5,
      bound: 7,
    });
    announce(moulds[1]!.id, opened.id, AlarmType.cycleTime, 'opened');
    await page.getByTestId(`alarm-row-${opened.unique_str}`).waitFor({ timeout: 10_000 });
    expect(await rows(page).first().innerText()).toContain('9.5 s');
  });

  it('opens at the notice’s alarm: the right page, highlighted and scrolled to', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await logIn(page, consoleApp.url, 'admin', 'admin123');
    // The oldest temperature alarm is on page 2 of 20 a page.
    const oldest = await consoleApp.server.context.db
      .selectFrom('alarms')
      .select(['unique_str', 'mold_id'])
      .where('alarm_type', '=', AlarmType.temperature)
      .orderBy('opened_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    const mould = moulds.find((candidate) => candidate.id === oldest.mold_id)!;
    await consoleApp.server.services.notices.create({
      userId: adminId,
      alarmType: AlarmType.temperature,
      uniqueStr: oldest.unique_str,
      moldId: mould.id,
      moldName: mould.name,
      moldNumber: mould.mold_number,
      content: { number: mould.mold_number, temp_type: 1, temp_name: 'T1' },
    });
    await page.getByTestId('notice-bell').click();
    await clickWhenSettled(page, page.getByTestId('notice-item').first());
    await page.waitForURL(/\/alarm\/temperature\?unique_str=/);
    const row = page.getByTestId(`alarm-row-${oldest.unique_str}`);
    await row.waitFor();
    await expect.poll(() => row.getAttribute('class')).toContain('mw-alarm-highlight');
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    await expect.poll(() => row.isVisible()).toBe(true);
    const box = await row.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    await screenshot(page, 'alarms-highlight-en-1440', { fullPage: false });
  });

  const LANGUAGES = [
    { language: 'en', locale: 'en-US', title: 'Temperature Alarms', open: 'Open', over: '1,486 cycles over' },
    { language: 'zh', locale: 'zh-CN', title: '温度报警', open: '未结束', over: '超出 1,486 模次' },
    { language: 'kor', locale: 'ko-KR', title: '온도 알람', open: '진행 중', over: '1,486 사이클 초과' },
    {
      language: 'por',
      locale: 'pt-BR',
      title: 'Alarmes de temperatura',
      open: 'Em aberto',
      over: '1.486 ciclos em atraso',
    },
  ];
  it.each(LANGUAGES)('reads in $language, wide and on a phone, without sideways scrolling', async (language) => {
    await readAtEachSize(
      browser,
      consoleApp.url,
      { locale: language.locale, path: '/alarm/temperature' },
      async (page) => {
        const { width } = page.viewportSize()!;
        await rows(page).first().waitFor();
        const text = await page.getByTestId('alarms-temperature').innerText();
        expect(text).toContain(language.title);
        expect(text).toContain(language.open);
        await expectNoSideScroll(page);
        await screenshot(page, `alarms-temperature-${language.language}-${width}`);
        await openPage(page, '/alarm/maintenance');
        expect(await page.getByTestId('alarms-table').innerText()).toContain(language.over);
        await screenshot(page, `alarms-maintenance-${language.language}-${width}`);
      },
    );
  });
});
