import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
      return page;
    },
    close: async () => {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
    },
  };
}

/**
 * Saves a full-page screenshot under e2e/screenshots/ for a person to look at; `fullPage: false` keeps
 * to the window, where what is fixed to it (a drawer over the page) would end halfway down a full page.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}
