import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGES_PER_REQUEST } from '@mouldwatch/shared';
import {
  bindDevice,
  createMold,
  readingsOf,
  registerDevice,
  telemetryMessage,
  userIdOf,
} from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import type { BusEvents } from '../infra/bus/event-bus.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

const send = (token: string, payload: unknown, lang = 'en') =>
  app.request({
    method: 'POST',
    url: `/api/device/telemetry/?lang=${lang}`,
    headers: { authorization: `Device ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** Records the readings announced on the bus while `action` runs. */
async function announcedDuring(action: () => Promise<unknown>): Promise<Array<BusEvents['reading']>> {
  const events: Array<BusEvents['reading']> = [];
  const unsubscribe = app.context.bus.subscribe('reading', (event) => events.push(event));
  try {
    await action();
  } finally {
    unsubscribe();
  }
  return events;
}

describe('HTTP telemetry', () => {
  it('stores a message with every field, for the bound mould, and announces it after the commit', async () => {
    const device = await registerDevice(app, admin);
    const moldId = await createMold(app.context.db, app.orgId, [await userIdOf(app.context.db, ADMIN.username)]);
    await bindDevice(app, admin, device.id, moldId);
    const message = telemetryMessage(1, {
      open_time: 4.1,
      close_time: 27.9,
      mold_temp: [45.2, 46, null, 44.8],
      hrs_temp: [230, 231.5, 229.8, null, null, 232],
      current: 12.5,
      battery: 87,
      gps: { lat: 31.23, lng: 121.47 },
      wifi: [{ bssid: 'AA:BB:CC:DD:EE:FF', rssi: -60 }],
    });

    let response!: Awaited<ReturnType<typeof send>>;
    const events = await announcedDuring(async () => (response = await send(device.token, message)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { stored: 1, duplicates: 0 } });
    expect(events).toEqual([{ deviceId: device.id, deviceNo: device.device_no, orgId: app.orgId, moldId, message }]);

    const [row] = await readingsOf(app.context.db, device.id);
    expect(row).toMatchObject({
      seq: 1,
      mold_id: moldId,
      counter: message.counter,
      cycle_time: 30.5,
      open_time: 4.1,
      close_time: 27.9,
      mold_temp: [45.2, 46, null, 44.8],
      hrs_temp: [230, 231.5, 229.8, null, null, 232],
      current: 12.5,
      battery: 87,
      lat: 31.23,
      lng: 121.47,
      wifi: [{ bssid: 'AA:BB:CC:DD:EE:FF', rssi: -60 }],
      event: 'cycle',
    });
    expect(row!.ts.getTime()).toBe(message.ts * 1000);
    const seen = await app.context.db
      .selectFrom('devices')
      .select('last_seen_at')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(seen.last_seen_at).toBeInstanceOf(Date);
  });

  it('stores an array; a replay adds nothing and is answered as duplicates', async () => {
    const device = await registerDevice(app, admin);
    const batch = [telemetryMessage(10), telemetryMessage(11), telemetryMessage(12, { event: 'heartbeat' })];
    expect((await send(device.token, batch)).json().data).toEqual({ stored: 3, duplicates: 0, too_old_seqs: [] });

    const replay = await announcedDuring(async () =>
      expect((await send(device.token, batch)).json().data).toEqual({ stored: 0, duplicates: 3, too_old_seqs: [] }),
    );
    expect(replay).toEqual([]);
    expect((await send(device.token, [telemetryMessage(12), telemetryMessage(13)])).json().data).toEqual({
      stored: 1,
      duplicates: 1,
      too_old_seqs: [],
    });
    expect((await send(device.token, [telemetryMessage(14), telemetryMessage(14)])).json().data).toEqual({
      stored: 1,
      duplicates: 1,
      too_old_seqs: [],
    });
    expect((await readingsOf(app.context.db, device.id)).map((row) => row.seq)).toEqual([10, 11, 12, 13, 14]);
  });

  it('names the readings stored now that are older than the raw retention: kept raw, counted nowhere', async () => {
    const device = await registerDevice(app, admin);
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    const batch = [
      telemetryMessage(20, { ts: now - 42 * day }),
      telemetryMessage(21, { ts: now - 34 * day }),
      telemetryMessage(22),
      telemetryMessage(23, { ts: now - 36 * day }),
    ];
    expect((await send(device.token, batch)).json().data).toEqual({
      stored: 4,
      duplicates: 0,
      too_old_seqs: [20, 23],
    });
    expect(await readingsOf(app.context.db, device.id)).toHaveLength(4);
    // A replay stores nothing now: nothing to name.
    expect((await send(device.token, batch)).json().data).toEqual({ stored: 0, duplicates: 4, too_old_seqs: [] });
  });

  it('keeps devices apart: the same seq from two devices is two readings', async () => {
    const [first, second] = [await registerDevice(app, admin), await registerDevice(app, admin)];
    await send(first.token, telemetryMessage(1));
    await send(second.token, telemetryMessage(1));
    expect(await readingsOf(app.context.db, first.id)).toHaveLength(1);
    expect(await readingsOf(app.context.db, second.id)).toHaveLength(1);
  });

  it('refuses a request with a malformed message with 400 naming it, and stores nothing of it', async () => {
    const device = await registerDevice(app, admin);
    const before = app.services.ingest.counters;
    const response = await send(device.token, [
      telemetryMessage(1),
      telemetryMessage(2),
      telemetryMessage(3, { cycle_time: 'fast' }),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(response.json().msg).toMatch(/^Invalid input: message 2: cycle_time: /);
    expect(await readingsOf(app.context.db, device.id)).toEqual([]);
    expect(app.services.ingest.counters.rejected - before.rejected).toBe(3);

    const ahead = await send(device.token, telemetryMessage(4, { ts: Math.floor(Date.now() / 1000) + 3600 }), 'por');
    expect(ahead.json().msg).toMatch(/^Entrada inválida: message 0: ts: .* ahead of the server clock$/);
  });

  it.each([
    ['an empty array', []],
    ['too many messages', Array.from({ length: MAX_MESSAGES_PER_REQUEST + 1 }, (_, seq) => telemetryMessage(seq))],
    ['no message at all', null],
    ['an unknown field', { ...telemetryMessage(1), temperature: 3 }],
  ])('refuses %s with 400', async (_, payload) => {
    const device = await registerDevice(app, admin);
    expect((await send(device.token, payload)).statusCode).toBe(400);
    expect(await readingsOf(app.context.db, device.id)).toEqual([]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const device = await registerDevice(app, admin);
    const response = await app.request({
      method: 'POST',
      url: '/api/device/telemetry/',
      headers: { authorization: `Device ${device.token}`, 'content-type': 'application/json' },
      payload: '{"seq": 1,',
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a missing, wrong, rotated or deleted token with 401 / 5000 and stores nothing', async () => {
    const device = await registerDevice(app, admin);
    expect((await send(device.token, telemetryMessage(1))).statusCode).toBe(200);
    const refusedWith = async (headers: Record<string, string>) => {
      const response = await app.request({
        method: 'POST',
        url: '/api/device/telemetry/',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(telemetryMessage(2)),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 5000, msg: 'Invalid device token' });
    };
    await refusedWith({});
    await refusedWith({ authorization: `Device ${device.token}x` });
    await refusedWith({ authorization: `JWT ${admin}` });
    await refusedWith({ authorization: `JWT ${device.token}` });

    const rotated = await app.request({
      method: 'PUT',
      url: `/api/yudata/device/${device.id}/rotate_token/`,
      token: admin,
    });
    await refusedWith({ authorization: `Device ${device.token}` });
    const newToken = rotated.json().data.token as string;
    expect((await send(newToken, telemetryMessage(3))).statusCode).toBe(200);

    await app.request({ method: 'DELETE', url: `/api/yudata/device/${device.id}/`, token: admin });
    await refusedWith({ authorization: `Device ${newToken}` });
    expect((await readingsOf(app.context.db, device.id)).map((row) => row.seq)).toEqual([1, 3]);
  });

  it('stores later readings for the mould the device is bound to now', async () => {
    const device = await registerDevice(app, admin);
    const moldId = await createMold(app.context.db, app.orgId, [await userIdOf(app.context.db, ADMIN.username)]);
    await send(device.token, telemetryMessage(1));
    await bindDevice(app, admin, device.id, moldId);
    await send(device.token, telemetryMessage(2));
    expect((await readingsOf(app.context.db, device.id)).map((row) => row.mold_id)).toEqual([null, moldId]);
  });
});
