import { afterEach, expect } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';

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
  /**
   * Another tab of `page`'s profile (its cookies, storage and cached scripts: logged in still) at the
   * given window size. A fresh profile's first load costs its renderer three times a reload's CPU.
   */
  anotherTab(page: Page, size: { width: number; height: number }): Promise<Page>;
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
      return tracked(await context.newPage());
    },
    anotherTab: async (page, size) => {
      const tab = tracked(await page.context().newPage());
      await tab.setViewportSize(size);
      return tab;
    },
    close: async () => {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
    },
  };
}

/** A page whose errors reach the log and which `reportOpenPages` shows while it is open. */
function tracked(page: Page): Page {
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  recordApiCalls(page);
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return page;
}

/** By page: its last API calls, for `reportOpenPages`. */
const apiCalls = new WeakMap<Page, string[]>();
const API_CALLS_KEPT = 20;

/**
 * Keeps a page's last API calls as `seconds since the page opened, method, path, HTTP status` and,
 * for a change, the answer's envelope code: a failed test shows what its page asked and was told.
 */
function recordApiCalls(page: Page): void {
  const calls: string[] = [];
  apiCalls.set(page, calls);
  const opened = Date.now();
  const keep = (request: Request, outcome: string) => {
    calls.push(`${((Date.now() - opened) / 1000).toFixed(1)} s ${request.method()} ${apiPath(request)} ${outcome}`);
    if (calls.length > API_CALLS_KEPT) calls.shift();
  };
  page.on('requestfailed', (request) => {
    if (apiPath(request)) keep(request, `failed: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!apiPath(request)) return;
    if (request.method() === 'GET') return keep(request, String(response.status()));
    // A page closed meanwhile takes the answer's body with it: the status is kept alone then.
    void envelopeCode(response.text()).then((code) => keep(request, `${response.status()}${code}`));
  });
}

/** The path of a call to the console's API; undefined for the page's own files. */
function apiPath(request: Request): string | undefined {
  const { pathname } = new URL(request.url());
  return pathname.startsWith('/api/') ? pathname : undefined;
}

async function envelopeCode(body: Promise<string>): Promise<string> {
  const text = await body.catch(() => '');
  const code = /^\{"code":(\d+)/.exec(text)?.[1];
  return code ? ` code ${code}` : '';
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

/** The laptop window DESIGN §12 holds screens to (1366 × 768). */
export const LAPTOP_WINDOW = { width: 1366, height: 768 } as const;

/**
 * Reads the screen again at the laptop window, then brings the page back to its own size: for a test
 * that reads its screen at 1440 px and has no step of its own at 1366.
 */
export async function atLaptopWidth(page: Page, read: () => Promise<void>): Promise<void> {
  const own = page.viewportSize();
  await page.setViewportSize(LAPTOP_WINDOW);
  await afterLayout(page);
  await read();
  if (own) await page.setViewportSize(own);
  await afterLayout(page);
}

/** Two frames for the page to lay itself out at its new size (charts and maps redraw on a resize), then `settled`. */
async function afterLayout(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await settled(page);
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
    const report = { ...seen, apiCalls: apiCalls.get(page) };
    console.error(`[failed: ${testName}] page ${index} at ${page.url()}\n${JSON.stringify(report, null, 1)}`);
    await screenshot(page, `failed-${slug}-${index}`, { fullPage: false }).catch(() => undefined);
  }
}

/**
 * Closes the pages a test opened (pushed to `pages`) once it ends, so that they take no CPU from the
 * next one; a failed test's are reported first (`reportOpenPages`): vitest calls `onTestFailed` only
 * after the `afterEach` hooks, when they would be closed already.
 */
export function closePagesAfterEach(pages: Page[]): void {
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await reportOpenPages(task.name);
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
}

/**
 * Before a screenshot: no list still loading, nothing still appearing (rc-motion marks every dialog,
 * popover and drawer moving in with `…-appear-active` / `…-enter-active`), no chart still drawing,
 * and no transition still running (a table fading in from its loading state has no class that says
 * so). A clicked button's wave is not waited for: it fades for 2 s around the button and moves
 * nothing, and every screenshot after a click waited it out.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.ant-spin-spinning, [class*="-appear-active"]:not(.ant-wave), [class*="-enter-active"], [data-drawing]',
      ) &&
      // A finished animation that fills forwards stays in the list: only running ones count.
      document.getAnimations().every((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return (
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity ||
          target?.closest('.ant-wave')
        );
      }),
  );
}

/**
 * Clicks a dialog's or popover's button, or a dropdown's option (a test id or a locator), once it
 * has opened: on a loaded machine a click during the zoom-in landed beside the moving button and
 * left the dialog open, or the option unchosen. It waits on the target's own popup, not on the
 * whole page as `settled` does: a page behind may keep a spinner turning.
 */
export async function clickWhenSettled(page: Page, target: string | Locator): Promise<void> {
  const locator = typeof target === 'string' ? page.getByTestId(target) : target;
  await locator.waitFor();
  await page.waitForFunction(stillInPlace, await locator.elementHandle());
  await locator.click();
}

export type OptionChoice = {
  /** The first option holding this text, or the option at this index; the first option by default. */
  option?: string | RegExp | number;
  /** Typed into the select's search box once it is open. */
  typed?: string;
};

/**
 * Chooses an option of an antd select (a locator of the select itself) as a user would: opens it
 * once it is enabled, looks for the option in this select's own dropdown (another may still be
 * closing), clicks it once the dropdown has slid in (a click on the moving option can land beside
 * it, and the choice is lost) and waits until the select shows it. A multiple select left open is
 * not clicked again. Answers the option's text.
 */
export async function chooseOption(page: Page, select: Locator, choice: OptionChoice = {}): Promise<string> {
  const search = select.locator('input').first();
  await expect.poll(async () => (await select.getAttribute('class')) ?? '').not.toContain('ant-select-disabled');
  if ((await search.getAttribute('aria-expanded')) !== 'true') await select.click();
  if (choice.typed !== undefined) await page.keyboard.type(choice.typed);
  await expect.poll(() => search.getAttribute('aria-controls')).toBeTruthy();
  const listbox = await search.getAttribute('aria-controls');
  const options = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listbox}"]`) })
    .locator('.ant-select-item-option');
  const { option: wanted = 0 } = choice;
  const option = typeof wanted === 'number' ? options.nth(wanted) : options.filter({ hasText: wanted }).first();
  await option.waitFor();
  const label = (await option.innerText()).trim();
  await clickWhenSettled(page, option);
  // textContent: innerText stays empty while the select keeps the focus (antd 6 with a search box),
  // and leaves out the tags a multiple select folds into "+ n".
  await expect.poll(() => select.textContent()).toContain(label);
  return label;
}

/**
 * Runs in the page: no box around the element is moving in. rc-motion gives a box coming in
 * `…-appear` / `…-enter` from its first frame (prepare, start, active) and takes it away at the end.
 */
function stillInPlace(element: Element | null): boolean {
  for (let box = element; box; box = box.parentElement) {
    if (/-(appear|enter)\b/.test(box.getAttribute('class') ?? '')) return false;
  }
  return true;
}

/** The page never scrolls sideways: what is wider scrolls inside its own box. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
