import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnsubscribeToken } from '../server/src/modules/alerts/unsubscribe-token.js';
import { clickWhenSettled, launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { expectToast, logIn, openUserMenuItem } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
let viewerId: number;

beforeAll(async () => {
  [consoleApp, browser] = await Promise.all([startInProcessConsole(), launchBrowser()]);
  viewerId = await consoleApp.userId('viewer');
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const subscribed = async () =>
  (
    await consoleApp.server.context.db
      .selectFrom('users')
      .select('subscribe')
      .where('id', '=', viewerId)
      .executeTakeFirstOrThrow()
  ).subscribe;

const resubscribe = () =>
  consoleApp.server.context.db.updateTable('users').set({ subscribe: 1 }).where('id', '=', viewerId).execute();

/** The link of an alert message, as the server writes it (with this server's address). */
function pageUrl(lang: string, token = signUnsubscribeToken(consoleApp.server.context.tokens, viewerId)): string {
  const api = `${consoleApp.url}/api/yudata/unsubscribe/?token=${encodeURIComponent(token)}`;
  return `${consoleApp.url}/unsubscribeinfo?lang=${lang}&api=${encodeURIComponent(api)}`;
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const TEXTS = {
  en: { prompt: 'Do you want to stop receiving alert messages', done: 'Unsubscribed successfully' },
  zh: { prompt: '您是否要停止接收邮件和短信报警消息', done: '退订成功' },
  kor: { prompt: '이메일과 SMS 알람 메시지 수신을 중단하시겠습니까', done: '수신 거부되었습니다' },
  por: { prompt: 'Deseja deixar de receber mensagens de alerta', done: 'Inscrição cancelada com sucesso' },
} as const;

describe('the unsubscribe page', () => {
  for (const [lang, texts] of Object.entries(TEXTS)) {
    it(`asks, then unsubscribes without a session, in ${lang}`, async () => {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await resubscribe();
        const page = await browser.newPage({ width, height });
        await page.goto(pageUrl(lang));
        await page.getByText(texts.prompt).waitFor();
        expect(await noHorizontalScroll(page)).toBe(true);
        // Opening the page changes nothing.
        expect(await subscribed()).toBe(1);
        await screenshot(page, `unsubscribe-${lang}-${width}`);
        if (width === 390) {
          await page.close();
          continue;
        }
        await page.getByTestId('unsubscribe-button').click();
        await page.getByTestId('unsubscribe-done').getByText(texts.done).waitFor();
        expect(await subscribed()).toBe(0);
        await screenshot(page, `unsubscribe-done-${lang}-${width}`);
        await page.close();
      }
    });
  }

  it('shows the server’s message as an error for a forged token, and changes nothing', async () => {
    await resubscribe();
    const genuine = signUnsubscribeToken(consoleApp.server.context.tokens, viewerId);
    const forged = genuine.replace(/\.\d+\./, `.${viewerId + 1}.`);
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto(pageUrl('zh', forged));
    await page.getByTestId('unsubscribe-button').click();
    await expect.poll(() => page.getByTestId('unsubscribe-error').innerText()).toContain('该退订链接无效');
    expect(await subscribed()).toBe(1);
    expect(await page.getByTestId('unsubscribe-done').count()).toBe(0);
    await screenshot(page, 'unsubscribe-forged-zh-390');
    await page.close();
  });

  it('does nothing without an api', async () => {
    const page = await browser.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await page.goto(`${consoleApp.url}/unsubscribeinfo?lang=en`);
    await page.getByTestId('unsubscribe-button').click();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('unsubscribe-error').count()).toBe(0);
    expect(await page.getByTestId('unsubscribe-done').count()).toBe(0);
    expect(calls).toEqual([]);
    await page.close();
  });
});

describe('alert channels in personal info', () => {
  it('saves and reloads the channel matrix, and says the channels are not set up', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await logIn(page, consoleApp.url, 'admin', 'admin123');
      await openUserMenuItem(page, 'profile');
      const matrix = page.getByTestId('alert-channels');
      await matrix.waitFor();
      // This server has neither SMTP_URL nor SMS_URL.
      await expect
        .poll(() => page.getByTestId('alert-channels-not-configured').innerText(), { timeout: 10_000 })
        .toContain('E-mail / SMS');
      await page.getByTestId('frequency-meaning').waitFor();
      const box = (channel: string, type: number) => page.getByTestId(`alert-${channel}-${type}`);
      const checked = (channel: string, type: number) => box(channel, type).isChecked();
      expect(await checked('sms', 3)).toBe(false);
      expect(await checked('email', 2)).toBe(true);
      await box('sms', 3).check();
      await box('email', 2).uncheck();
      await screenshot(page, 'personal-info-alert-channels-1440', { fullPage: false });
      // The demo administrator has no mobile yet; the form requires one.
      await page.getByTestId('profile-mobile').fill('+86-21-5555-0100');
      await clickWhenSettled(page, 'profile-save');
      await expectToast(page, 'Personal information saved');

      await page.reload();
      await page.getByTestId('console').waitFor();
      await openUserMenuItem(page, 'profile');
      await matrix.waitFor();
      await expect.poll(() => checked('sms', 3), { timeout: 10_000 }).toBe(true);
      expect(await checked('email', 2)).toBe(false);
      expect(await checked('email', 3)).toBe(true);

      // On a phone (the header's controls sit in its menu) the dialog and its matrix fit the width.
      const phone = await browser.newPage({ width: 390, height: 844 });
      phone.setDefaultTimeout(15_000);
      await logIn(phone, consoleApp.url, 'admin', 'admin123');
      await phone.getByTestId('header-menu-button').click();
      await clickWhenSettled(phone, 'menu-profile');
      const phoneMatrix = phone.getByTestId('alert-channels');
      await phoneMatrix.waitFor();
      await expect.poll(() => phone.getByTestId('alert-sms-3').isChecked(), { timeout: 10_000 }).toBe(true);
      await phoneMatrix.scrollIntoViewIfNeeded();
      await phone.waitForTimeout(300);
      expect(await noHorizontalScroll(phone)).toBe(true);
      const box390 = await phoneMatrix.boundingBox();
      expect(box390 && box390.x >= 0 && box390.x + box390.width <= 390).toBe(true);
      await screenshot(phone, 'personal-info-alert-channels-390', { fullPage: false });
      await phone.close();
    } catch (error) {
      await screenshot(page, 'personal-info-alert-channels-failure', { fullPage: false });
      throw error;
    } finally {
      await page.close();
    }
  });
});
