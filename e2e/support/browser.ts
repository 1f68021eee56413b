import { expect } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

declare global {
  interface Window {
    /** Every toast's text as it appeared, recorded in the page by `recordPopups`. */
    __toasts: string[];
    /** Every alarm popup's text as it appeared, and the most on screen at once (`recordPopups`). */
    __alarmPopups: { texts: string[]; mostAtOnce: number };
  }
}

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every page a test opened and has not closed, for `reportOpenPages` when a test fails. */
const openPages = new Set<Page>();

export interface TestBrowser {
  browser: Browser;
  /** A fresh profile (no cookies, no storage) with the given browser language and window size. */
  newPage(options?: { locale?: string; width?: number; height?: number }): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's chromium, headless, with nothing reaching outside this machine; Playwright gives it a fresh profile. */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    newPage: async ({ locale = 'en-US', width = 1440, height = 900 } = {}) => {
      const context = await browser.newContext({ locale, viewport: { width, height }, timezoneId: 'Europe/Berlin' });
      contexts.push(context);
      await context.addInitScript(recordPopups);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
      openPages.add(page);
      page.on('close', () => openPages.delete(page));
      return page;
    },
    close: async () => {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
    },
  };
}

/**
 * Runs in each page before its scripts: keeps the text of every toast (antd message) and alarm
 * popup (antd notification) shown, in order, in `window.__toasts` and `window.__alarmPopups`. They
 * close on their own after seconds, so a test that looked for them on screen could miss them while
 * its own process (which also runs the server) was busy.
 */
function recordPopups(): void {
  window.__toasts = [];
  window.__alarmPopups = { texts: [], mostAtOnce: 0 };
  const recorded = new WeakMap<Element, string>();
  const newTexts = (selector: string) =>
    Array.from(document.querySelectorAll(selector)).flatMap((popup) => {
      const text = (popup as HTMLElement).innerText.trim();
      if (!text || recorded.get(popup) === text) return [];
      recorded.set(popup, text);
      return [text];
    });
  new MutationObserver(() => {
    window.__toasts.push(...newTexts('.ant-message-notice'));
    window.__alarmPopups.texts.push(...newTexts('.ant-notification-notice'));
    // A popup pushed out by a newer one stays in the page while it fades out ("…-leave").
    const onScreen = Array.from(document.querySelectorAll('.ant-notification-notice')).filter(
      (popup) => !/-leave/.test(`${popup.className} ${popup.parentElement?.className ?? ''}`),
    ).length;
    window.__alarmPopups.mostAtOnce = Math.max(window.__alarmPopups.mostAtOnce, onScreen);
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Saves a full-page screenshot under e2e/screenshots/ for a person to look at; `fullPage: false` keeps
 * to the window, where what is fixed to it (a drawer over the page) would end halfway down a full page.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * A failed test's pages as they were: each one's address, open dialogs and toasts in the log (which
 * is all CI keeps), and a screenshot `failed-<test>-<n>.png` beside the others.
 */
export async function reportOpenPages(testName: string): Promise<void> {
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  let index = 0;
  for (const page of openPages) {
    index += 1;
    const seen = await page
      .evaluate(() => ({
        dialogs: Array.from(document.querySelectorAll('.ant-modal-wrap, .ant-drawer-open')).map(
          (dialog) => `${dialog.className}: ${(dialog as HTMLElement).innerText.slice(0, 300)}`,
        ),
        toasts: window.__toasts,
        alarmPopups: window.__alarmPopups.texts,
      }))
      .catch((error: unknown) => ({ unreadable: String(error) }));
    console.error(`[failed: ${testName}] page ${index} at ${page.url()}\n${JSON.stringify(seen, null, 1)}`);
    await screenshot(page, `failed-${slug}-${index}`, { fullPage: false }).catch(() => undefined);
  }
}

/**
 * Before a screenshot: no list still loading, nothing still appearing (rc-motion marks every dialog,
 * popover and drawer moving in with `…-appear-active` / `…-enter-active`), no chart still drawing.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.ant-spin-spinning, [class*="-appear-active"], [class*="-enter-active"], [data-drawing]',
      ),
  );
}

/**
 * Clicks a dialog's or popover's button once it has opened: on a loaded machine a click during the
 * zoom-in landed beside the moving button and left the dialog open.
 */
export async function clickWhenSettled(page: Page, testId: string): Promise<void> {
  const button = page.getByTestId(testId);
  await button.waitFor();
  await settled(page);
  await button.click();
}

/** The page never scrolls sideways: what is wider scrolls inside its own box. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
