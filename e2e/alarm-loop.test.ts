import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_RULES, moldInfoSchema } from '@mouldwatch/shared';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { apiLogin, connectDevice, type TestDevice } from './support/moulds.js';
import { expectToast, logInLive } from './support/session.js';

let consoleApp: InProcessConsole;
let browser: TestBrowser;

beforeAll(async () => {
  // The sweep would judge the demo moulds now and then; this test's mould moves on with its readings.
  // The maintenance check's first announcements (the demo's tasks due soon) pop up too: on a busy
  // machine they came with this test's alarm, and four of them pushed its popup out before it was
  // drawn (at most three at once, the oldest closed first).
  [consoleApp, browser] = await Promise.all([
    startInProcessConsole({
      jobs: { state: { sweepIntervalMs: 3_600_000 }, maintenance: { intervalMs: 3_600_000 } },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

interface LoopMould {
  id: number;
  name: string;
  mold_number: string;
  /** The first mould channel's set value and alert temperature (°C). */
  set: number;
  alert: number;
  cycleTime: number;
  device: TestDevice;
}

/** A monitored demo mould whose first temperature channel has a bound, driven by a device of the test's. */
async function monitoredMould(): Promise<LoopMould> {
  const mould = await consoleApp.server.context.db
    .selectFrom('molds')
    .select(['id', 'name', 'mold_number', 'info'])
    .where('launch_listen', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const info = moldInfoSchema.parse(mould.info);
  const status = await consoleApp.server.context.db
    .selectFrom('mold_status')
    .select('counter')
    .where('mold_id', '=', mould.id)
    .executeTakeFirst();
  counter = (status?.counter ?? info.counter ?? 0) + 1;
  const channel = info.mold_temp_setting[0];
  if (typeof channel?.set !== 'number' || !channel.alert) throw new Error('the demo mould has no bound on T1');
  const token = await apiLogin(consoleApp.url, 'admin', 'admin123');
  const device = await connectDevice(consoleApp.url, token, Number(mould.id));
  return {
    id: Number(mould.id),
    name: mould.name,
    mold_number: mould.mold_number,
    set: Number(channel.set),
    alert: Number(channel.alert),
    cycleTime: Number(info.cycle_time),
    device,
  };
}

let seq = 1;
/** The device's counter: from the mould's, so no maintenance task falls due on the way. */
let counter = 0;
/** The device's clock: a second per reading, from just before the test began (never ahead of now). */
let deviceClock = Math.floor(Date.now() / 1000) - 30;
/** Production readings whose first mould channel reads `t1`, the cycle on target. */
const cycles = (mould: LoopMould, t1: number, count: number) =>
  Array.from({ length: count }, () => {
    deviceClock = Math.min(deviceClock + 1, Math.floor(Date.now() / 1000));
    return {
      seq: seq++,
      ts: deviceClock,
      event: 'cycle',
      counter: counter++,
      cycle_time: mould.cycleTime,
      mold_temp: [t1, null, null, null],
    };
  });

const alarmOf = (moldId: number) =>
  consoleApp.server.context.db
    .selectFrom('alarms')
    .select(['unique_str', 'closed_at', 'acknowledged_by', 'ack_comment'])
    .where('mold_id', '=', moldId)
    .where('alarm_type', '=', 3)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const stateOf = async (moldId: number) =>
  (
    await consoleApp.server.context.db
      .selectFrom('mold_status')
      .select('state')
      .where('mold_id', '=', moldId)
      .executeTakeFirst()
  )?.state;

describe('the alarm loop', () => {
  it('a reading over a bound pops up, its notice opens the alarm at its row, and acknowledging it closes the loop', async () => {
    const mould = await monitoredMould();
    await mould.device.send(cycles(mould, mould.set, 2));
    const page = await browser.newPage();
    await logInLive(page, consoleApp.url, 'admin', 'admin123');

    // The device reads T1 far over its bound, as many times as the rule wants before it opens.
    const hot = mould.set + mould.alert + 10;
    await mould.device.send(cycles(mould, hot, ALARM_RULES.temperatureReadings));
    await expect
      .poll(() => page.evaluate(() => window.__alarmPopups.texts), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining(mould.name));
    await expect.poll(() => stateOf(mould.id)).toBe('alarm');
    const opened = await alarmOf(mould.id);
    expect(opened?.closed_at).toBeNull();
    await screenshot(page, 'alarm-loop-popup');

    await page.getByTestId('notice-bell').click();
    await page
      .getByTestId('notice-item')
      .filter({ hasText: mould.name })
      .filter({ hasText: 'temperature' })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/alarm/temperature\\?unique_str=${opened!.unique_str}`));
    const row = page.getByTestId(`alarm-row-${opened!.unique_str}`);
    await row.waitFor();
    await expect.poll(() => row.getAttribute('class')).toContain('mw-alarm-highlight');
    expect(await row.innerText()).toContain(mould.mold_number);
    await screenshot(page, 'alarm-loop-highlighted', { fullPage: false });

    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('alarms-acknowledge').click();
    await page.getByTestId('alarms-ack-comment').fill('Cooling line cleared');
    await page.getByTestId('alarms-ack-dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await expectToast(page, 'Alarms acknowledged: 1');
    await expect.poll(() => row.innerText()).toContain('Cooling line cleared');
    const adminId = await consoleApp.userId('admin');
    expect(await alarmOf(mould.id)).toMatchObject({ acknowledged_by: adminId, ack_comment: 'Cooling line cleared' });

    // Back on its set value the alarm closes, the mould runs again and its row shows its end (the open tag gone).
    await mould.device.send(cycles(mould, mould.set, 2));
    await expect.poll(async () => (await alarmOf(mould.id))?.closed_at, { timeout: 15_000 }).not.toBeNull();
    await expect.poll(() => stateOf(mould.id)).not.toBe('alarm');
    await expect.poll(() => row.locator('.ant-tag-volcano').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'alarm-loop-closed', { fullPage: false });
  });
});
