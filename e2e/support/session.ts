import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ResponseCode } from '@mouldwatch/shared';
import { clickWhenSettled, type TestBrowser } from './browser.js';

/**
 * Logs in through the login form and waits until the console's live channel has logged in too,
 * so that what the server pushes from now on reaches the page.
 */
export async function logInLive(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  const liveLoggedIn = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the live channel did not log in within 30 s')), 30_000);
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (!String(payload).includes('"login"')) return;
        const message = JSON.parse(String(payload)) as { type?: string; code?: number };
        if (message.type === 'login' && message.code === ResponseCode.ok) {
          clearTimeout(timer);
          resolve();
        }
      }),
    );
  });
  await logIn(page, baseUrl, username, password);
  await liveLoggedIn;
}

/**
 * Opens `path` as a link from outside would, logged out: the login form comes first, then the page
 * asked for. One page load fewer than logging in and then opening the path, and it is what a
 * person following a link does. It returns once the login's toast has gone and is forgotten, so the
 * page is read as a fresh load would show it.
 */
export async function logInAt(
  page: Page,
  baseUrl: string,
  path: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('login-username').waitFor();
  await logIn(page, baseUrl, username, password);
  await page.waitForFunction(() => window.__toasts.length > 0, undefined, { timeout: 10_000 });
  await waitForToastsGone(page);
  await page.evaluate(() => (window.__toasts = []));
}

/** Logs in through the login form and waits for the console. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('console').waitFor();
}

/**
 * Waits for a toast whose text contains (or matches) `text`, among those the page has shown since
 * the last one found, and consumes it. The page records toasts as they appear, so one that came and
 * went (they last 2 seconds) while this process was busy is still found.
 */
export async function expectToast(page: Page, text: string | RegExp, { timeout = 10_000 } = {}): Promise<void> {
  const wanted = typeof text === 'string' ? { text } : { source: text.source, flags: text.flags };
  const found = await page
    .waitForFunction(
      ({ text, source, flags }) => {
        const matches = (toast: string) =>
          text !== undefined ? toast.includes(text) : new RegExp(source!, flags).test(toast);
        const index = window.__toasts.findIndex(matches);
        if (index < 0) return false;
        window.__toasts.splice(0, index + 1);
        return true;
      },
      wanted,
      { timeout },
    )
    .then(
      () => true,
      () => false,
    );
  if (!found) {
    const shown = await page.evaluate(() => window.__toasts).catch(() => []);
    expect.fail(`no toast ${String(text)} within ${timeout} ms; the page showed ${JSON.stringify(shown)}`);
  }
}

/** Waits for the toast on screen to go (they last 2 seconds): it covers the header and shows in screenshots. */
export async function waitForToastsGone(page: Page): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

export async function openUserMenuItem(page: Page, item: 'profile' | 'password' | 'logout'): Promise<void> {
  await page.getByTestId('user-menu').click();
  await clickWhenSettled(page, `menu-${item}`);
}

/** The browser languages every screen is read in, each with the console's language it chooses. */
export const BROWSER_LANGUAGES = [
  ['en-US', 'en'],
  ['zh-CN', 'zh'],
  ['ko-KR', 'kor'],
  ['pt-BR', 'por'],
] as const;

/** The sizes every screen is read at: a desktop window and a 390 px phone. */
const SCREEN_SIZES = [
  { device: 'desktop', width: 1440, height: 900 },
  { device: 'phone', width: 390, height: 844 },
] as const;

type Device = (typeof SCREEN_SIZES)[number]['device'];

/**
 * At each screen size, in the browser language `locale`, the demo's administrator's screen at
 * `path`, given to `read`: a fresh profile logs in at the desktop size, then a phone-sized tab of
 * the same profile opens `path` afresh (a page load at that width, without a second login).
 */
export async function readAtEachSize(
  browser: TestBrowser,
  baseUrl: string,
  { locale, path }: { locale: string; path: string },
  read: (page: Page, device: Device) => Promise<void>,
): Promise<void> {
  await atEachSize(
    browser,
    locale,
    `${baseUrl}${path}`,
    (page) => logInAt(page, baseUrl, path, 'admin', 'admin123'),
    read,
  );
}

/** At each screen size, as `readAtEachSize`, the page at `url` opened by a visitor who is not logged in. */
export async function visitAtEachSize(
  browser: TestBrowser,
  { locale, url }: { locale: string; url: string },
  read: (page: Page, device: Device) => Promise<void>,
): Promise<void> {
  await atEachSize(browser, locale, url, (page) => page.goto(url), read);
}

async function atEachSize(
  browser: TestBrowser,
  locale: string,
  url: string,
  openFirst: (page: Page) => Promise<unknown>,
  read: (page: Page, device: Device) => Promise<void>,
): Promise<void> {
  const [desktop, ...smaller] = SCREEN_SIZES;
  let page = await browser.newPage({ locale, width: desktop.width, height: desktop.height });
  await openFirst(page);
  await read(page, desktop.device);
  for (const { device, width, height } of smaller) {
    const tab = await browser.anotherTab(page, { width, height });
    await page.close();
    page = tab;
    await page.goto(url);
    await read(page, device);
  }
  await page.context().close();
}
