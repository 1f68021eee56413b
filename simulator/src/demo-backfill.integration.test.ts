import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_SECONDS } from '@mouldwatch/shared';
import { DEMO_RAW_HOURS, seedDemoMoulds, type DemoDevice } from '../../server/src/seed/demo-moulds.js';
import { userIdOf } from '../../server/test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../server/test/test-app.js';
import { runDevice } from './run.js';
import { httpTransport } from './transports.js';

/**
 * A fresh demo start (issue 14): the seed writes the history up to DEMO_RAW_HOURS ago, the simulator
 * back-fills the hours since as raw readings through the real ingest. Those hours must show in
 * the status history — by the hour and slot by slot — not as "off" from the server's start.
 */

let app: TestApp;
let admin: string;
let httpUrl: string;
let devices: DemoDevice[];

beforeAll(async () => {
  app = await startTestApp({ DEVICE_RATE_LIMIT: '1000' }, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 50 } },
  });
  admin = await app.login(ADMIN);
  httpUrl = await app.app.listen({ port: 0, host: '127.0.0.1' });
  devices = await seedDemoMoulds(app.context.db, app.orgId, { historyDays: 1 });
}, 60_000);
afterAll(() => app?.close());

/** The mould a demo device is bound to, granted to the test's administrator. */
async function mouldOf(device: DemoDevice): Promise<number> {
  const row = await app.context.db
    .selectFrom('devices')
    .select('mold_id')
    .where('device_no', '=', device.device_no)
    .executeTakeFirstOrThrow();
  const moldId = Number(row.mold_id);
  const userId = await userIdOf(app.context.db, ADMIN.username);
  await app.context.db
    .insertInto('user_mold_grants')
    .values({ user_id: userId, mold_id: moldId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return moldId;
}

/**
 * Back-fills the hours since the seed's history ends, as `npm start` does, through the real ingest;
 * answers those hours and the times of the cycles sent.
 */
async function backfill(device: DemoDevice, index: number): Promise<{ hours: number; cycles: number[] }> {
  const hours = (Date.now() / 1000 - device.history_until) / 3600;
  const transport = httpTransport(httpUrl, device);
  const cycles: number[] = [];
  await runDevice(device, index, transport, {
    backfillHours: hours,
    durationSeconds: 0,
    batchSize: 200,
    onSent: (_, messages) =>
      cycles.push(...messages.filter((message) => message.event === 'cycle').map((message) => message.ts)),
  });
  await transport.close();
  return { hours, cycles };
}

const statusHistory = async (moldId: number, query: string) => {
  const response = await app.request({
    method: 'GET',
    url: `/api/yudata/mold/statusHistory/${moldId}/?${query}`,
    token: admin,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<Record<string, number>>;
};

describe('a fresh demo start', () => {
  it('shows the back-filled hours in the status history, by the hour and slot by slot', async () => {
    const device = devices[2]!;
    const moldId = await mouldOf(device);
    const backfillFrom = device.history_until;
    const { hours, cycles } = await backfill(device, 2);
    expect(hours).toBeGreaterThan(DEMO_RAW_HOURS - 1);
    await app.services.state.settled();
    await app.services.state.sweep();
    await app.services.rollups.run();

    const now = Math.floor(Date.now() / 1000);
    // Slot by slot: every slot of the back-filled hours is there, most of them powered (the mould runs).
    const slots = await statusHistory(moldId, `start=${backfillFrom}&end=${now}`);
    const expectedSlots = Math.floor((now - backfillFrom) / SLOT_SECONDS);
    expect(slots.length).toBeGreaterThanOrEqual(expectedSlots - 1);
    expect(slots[0]!.create_datetime).toBeLessThan(backfillFrom + 2 * SLOT_SECONDS);
    const powered = slots.filter((slot) => slot.c_off_time! < 0.5);
    expect(powered.length).toBeGreaterThan(slots.length / 2);

    // By the hour: one record for each back-filled hour, producing in every hour the device kept
    // cycling in (its simulated stops and power-offs, up to an hour and a half, leave some without):
    // run time, or alarm time while an alarm of the mould is open. Three cycles at least: the time a
    // restart's first cycle begins to count may fall into the next hour (a rehearsal had an hour
    // whose cycles gave it no run time).
    const hourly = await statusHistory(moldId, `range=hour&start=${backfillFrom}&end=${now}`);
    expect(hourly.length).toBeGreaterThanOrEqual(Math.floor(hours));
    const cyclesIn = (start: number) => cycles.filter((ts) => ts >= start && ts < start + 3600).length;
    const working = hourly.filter((hour) => cyclesIn(hour.create_datetime!) >= 3);
    expect(working.length).toBeGreaterThan(0);
    for (const hour of working) {
      expect(hour.c_run_time! + hour.c_alarm_time!, `hour from ${hour.create_datetime}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('draws the track of a mould on its trip to the toolmaker in the location history', async () => {
    const traveller = devices.find((device) => device.profile.trip)!;
    const moldId = await mouldOf(traveller);
    await backfill(traveller, devices.indexOf(traveller));
    await app.services.locationTracker.settled();
    const response = await app.request({
      method: 'GET',
      url: `/api/yudata/location_history/?mold_id=${moldId}&limit=9999`,
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    const points = response.json().data as Array<{ lat: number; lng: number }>;
    // The back-filled 6 hours hold one whole round: out, there and back, a point every minute on the road.
    expect(points.length).toBeGreaterThan(40);
    const { position: home, trip } = traveller.profile;
    const furthest = Math.max(...points.map((point) => Math.abs(point.lat - home.lat)));
    expect(furthest).toBeCloseTo(Math.abs(trip!.to.lat - home.lat), 2);
  }, 120_000);
});
