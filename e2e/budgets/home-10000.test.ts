import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrganization } from '../../server/src/seed/organization.js';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser.js';
import { startInProcessConsole, type InProcessConsole } from '../support/in-process.js';
import { LONG_TASK_MS, fromIdleWorkOrders, longTasksDuring } from '../support/long-tasks.js';
import { seedManyMoulds } from '../support/many-moulds.js';
import { logIn } from '../support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;
const MANY = { username: 'many', password: 'many1234', name: 'Many', email: 'many@example.com' };

beforeAll(async () => {
  // No state sweep: it would move 10,000 moulds every 15 s on the CPU the browser is measured on.
  const noSweep = { jobs: { state: { sweepIntervalMs: 2 ** 31 - 1 } } };
  [consoleApp, browser] = await Promise.all([startInProcessConsole(noSweep), launchBrowser()]);
  const { orgId } = await seedOrganization(consoleApp.server.context.db, 'Many Moulds', MANY);
  await seedManyMoulds(consoleApp.server.context.db, orgId, 10_000);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

/** Long tasks are judged by the page's own CPU time: the machine running the tests is shared. */
async function expectNoLongTask(page: Page, what: string, action: () => Promise<void>): Promise<void> {
  const { cpu, wall, longestCpu, longestRan } = await longTasksDuring(page, action);
  console.log(
    `${what}: longest task ${longestCpu} ms of CPU (${longestRan}); over ${LONG_TASK_MS} ms by wall time ${JSON.stringify(wall)}`,
  );
  expect(cpu, `${what}: tasks over ${LONG_TASK_MS} ms of CPU time`).toEqual([]);
}

const scrollThrough = (page: Page) =>
  page.getByTestId('mould-list').evaluate(async (list) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let step = 0; step < 60; step += 1) {
      list.scrollTop += 700;
      await frame();
    }
    list.scrollTop = list.scrollHeight;
    await frame();
    await frame();
  });

it('home draws and scrolls 10,000 moulds without a long task', async () => {
  const page = await browser.newPage();
  await logIn(page, consoleApp.url, MANY.username, MANY.password);
  // Measured from a page without the list: the start-up and the login are not the home screen's.
  await fromIdleWorkOrders(page, consoleApp.url);
  await expectNoLongTask(page, 'loading and drawing', async () => {
    await page.getByTestId('sidebar').getByText('Home').click();
    await page.getByTestId('mould-item').first().waitFor();
    await expect.poll(() => page.getByTestId('tile-count-all').innerText()).toBe('10,000');
  });

  for (const view of ['cards', 'rows'] as const) {
    await page.getByTestId(`view-${view}`).click();
    await page.getByTestId('mould-item').first().waitFor();
    await expectNoLongTask(page, `scrolling ${view}`, () => scrollThrough(page));
    expect(await page.getByTestId('mould-item').last().innerText()).toContain('Mould');
  }
  await screenshot(page, 'home-10000-rows-en');
});
