import type { Page } from 'playwright-core';
import { settled } from './browser.js';

/** A task longer than this keeps the page from answering the user (the RAIL long-task limit). */
export const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** The events inside a task that say what it spent its time on. */
const TELLING_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'MessagePort::Accept',
  'MajorGC',
  'MinorGC',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'ParseHTML',
]);

/** What `task` ran, its telling inner events of 5 ms or more: "FunctionCall render-….js 38 ms, Layout 6 ms". */
function whatRan(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter((event) => event.tid === task.tid && event.pid === task.pid && event.ts >= task.ts && event.ts <= end)
    .filter((event) => TELLING_EVENTS.has(event.name) && (event.dur ?? 0) >= 5_000)
    .map((event) => {
      const data = event.args?.data;
      const script = data?.functionName || data?.url?.split('/').pop() || '';
      return `${event.name}${script ? ` ${script}` : ''} ${Math.round((event.dur ?? 0) / 1000)} ms`;
    })
    .join(', ');
}

/**
 * The page's main-thread tasks over LONG_TASK_MS while `action` runs, in milliseconds: by the CPU
 * time they took (`cpu`, the page's own work) and by the time they lasted (`wall`, which on a busy
 * machine includes the time other processes had the CPU), the longest task's CPU time and what it
 * ran. Read from a Chrome trace.
 */
export async function longTasksDuring(
  page: Page,
  action: () => Promise<void>,
): Promise<{ cpu: number[]; wall: number[]; longestCpu: number; longestRan: string }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,__metadata',
    transferMode: 'ReportEvents',
  });
  try {
    await action();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = events.filter(
    (event) => event.name === 'RunTask' && event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`),
  );
  const over = (micros: Array<number | undefined>) =>
    micros.map((value) => Math.round((value ?? 0) / 1000)).filter((ms) => ms > LONG_TASK_MS);
  const cpu = tasks.map((task) => task.tdur);
  const longest = tasks.reduce<TraceEvent | undefined>(
    (found, task) => ((task.tdur ?? 0) > (found?.tdur ?? -1) ? task : found),
    undefined,
  );
  return {
    cpu: over(cpu),
    wall: over(tasks.map((task) => task.dur)),
    longestCpu: Math.round((longest?.tdur ?? 0) / 1000),
    longestRan: longest ? whatRan(longest, events) : '',
  };
}

/**
 * Opens the work-order list, a screen without the moulds, and waits until it has loaded, drawn and
 * gone idle: the measured screen is opened from there, and none of this page's loading may count
 * as that screen's (on a loaded machine its last tasks ran into the measurement).
 */
export async function fromIdleWorkOrders(page: Page, consoleUrl: string): Promise<void> {
  await page.goto(`${consoleUrl}/workorder`);
  await page.getByTestId('work-orders-table').locator('.ant-table-placeholder, .ant-table-row').first().waitFor();
  await settled(page);
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 5_000 })),
  );
}
