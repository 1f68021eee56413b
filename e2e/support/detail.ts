import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** In a detail view's History tab: chooses the range and, in the picker, a day `daysAgo` before today. */
export async function chooseHistory(
  page: Page,
  range: 'hour' | 'day' | 'week' | 'month',
  daysAgo: number,
): Promise<string> {
  await page.getByTestId(`range-${range}`).click();
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  const text = day.toISOString().slice(0, range === 'month' ? 7 : 10);
  const input = page.locator('.mw-detail-toolbar .ant-picker input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await page.getByTestId('mould-name').click();
  // The picker's closing animation is over before anything is read or photographed.
  await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
  return text;
}
