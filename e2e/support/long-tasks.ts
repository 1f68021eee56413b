import type { Page } from 'playwright-core';

/** A task longer than this keeps the page from answering the user (the RAIL long-task limit). */
export const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The page's main-thread tasks over LONG_TASK_MS while `action` runs, in milliseconds: by the CPU
 * time they took (`cpu`, the page's own work) and by the time they lasted (`wall`, which on a busy
 * machine includes the time other processes had the CPU), and the longest task's CPU time. Read
 * from a Chrome trace.
 */
export async function longTasksDuring(
  page: Page,
  action: () => Promise<void>,
): Promise<{ cpu: number[]; wall: number[]; longestCpu: number }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'disabled-by-default-devtools.timeline,__metadata',
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
  return {
    cpu: over(cpu),
    wall: over(tasks.map((task) => task.dur)),
    longestCpu: Math.round(Math.max(0, ...cpu.map((value) => value ?? 0)) / 1000),
  };
}
