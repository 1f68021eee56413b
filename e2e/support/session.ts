import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Logs in through the login form and waits for the console. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('console').waitFor();
}

/** The text of the toast on screen (one at a time, spec §8). */
export async function toastText(page: Page): Promise<string> {
  const notice = page.locator('.ant-message-notice').last();
  await notice.waitFor();
  return (await notice.innerText()).trim();
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => toastText(page), { timeout: 5000 }).toContain(text);
}

/** Waits for a toast to go (they last 2 seconds) so the next one can be read alone. */
export async function waitForToastsGone(page: Page): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

export async function openUserMenuItem(page: Page, item: 'profile' | 'password' | 'logout'): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(`menu-${item}`).click();
}
