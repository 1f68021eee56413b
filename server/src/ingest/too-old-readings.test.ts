import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  RAW_RETENTION_DAYS,
  TOO_OLD_READINGS_NOTICE_TYPE,
  telemetryTopic,
  type MoldFacts,
  type Notice,
} from '@mouldwatch/shared';
import { mouldWithDevice, postTelemetry, readingsOf, telemetryMessage, userIdOf } from '../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../test/test-app.js';
import { TOO_OLD_BURST_GAP_MS } from './too-old-readings.js';

let app: TestApp;
let admin: string;
let viewer: string;
let adminId: number;
let viewerId: number;
let port: number;
const clients: MqttClient[] = [];

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  app = await startTestApp();
  [admin, viewer] = [await app.login(ADMIN), await app.login(VIEWER)];
  [adminId, viewerId] = [
    await userIdOf(app.context.db, ADMIN.username),
    await userIdOf(app.context.db, VIEWER.username),
  ];
  const status = await app.startMqtt(0);
  if (status.kind !== 'embedded') throw new Error(`expected the embedded broker, got ${status.kind}`);
  port = status.port;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(async () => {
  await app?.close();
});

async function factsAs(token: string, moldId: number) {
  return app.request({ method: 'GET', url: `/api/yudata/mold/${moldId}/`, token });
}

async function tooOldOf(moldId: number): Promise<MoldFacts['too_old']> {
  const response = await factsAs(admin, moldId);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as MoldFacts).too_old;
}

/** The user's notices about readings too old, of this mould. */
async function tooOldNotices(token: string, moldId: number): Promise<Notice[]> {
  const response = await app.request({ method: 'GET', url: '/api/yudata/user_message/?page=1&limit=100', token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Notice[]).filter(
    (notice) => (notice.alarm_type as number) === TOO_OLD_READINGS_NOTICE_TYPE && notice.mold_id === moldId,
  );
}

/** The `notice` announcements on the bus while `work` runs: the live channel pushes these. */
async function announcedDuring(work: () => Promise<unknown>): Promise<number[]> {
  const users: number[] = [];
  const unsubscribe = app.context.bus.subscribe('notice', ({ userId }) => users.push(userId));
  try {
    await work();
  } finally {
    unsubscribe();
  }
  return users;
}

/** `count` messages from seq `first` on, a minute apart, ending `daysAgo` days back. */
const oldMessages = (first: number, count: number, daysAgo: number) =>
  Array.from({ length: count }, (_, index) =>
    telemetryMessage(first + index, { ts: nowSeconds() - daysAgo * DAY - (count - index) * 60 }),
  );

describe('readings older than the raw retention', () => {
  it('over HTTP: counted with the device, shown on the mould, one notice per burst to its readers only', async () => {
    // Granted to the admin only: the viewer may not see the mould.
    const { moldId, device } = await mouldWithDevice(app, admin, [adminId]);
    const first = [...oldMessages(1, 3, RAW_RETENTION_DAYS + 7), telemetryMessage(4)];
    const announced = await announcedDuring(async () => {
      const response = await postTelemetry(app, device.token, first);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ stored: 4, duplicates: 0, too_old_seqs: [1, 2, 3] });
    });
    expect(announced).toEqual([adminId]);
    const afterFirst = await tooOldOf(moldId);
    expect(afterFirst).toMatchObject({ count: 3, oldest_ts: first[0]!.ts });
    expect(Math.abs(afterFirst!.last_received_at - nowSeconds())).toBeLessThanOrEqual(5);

    // More of the same burst, older still: counted, the oldest moves back, no second notice.
    const more = oldMessages(5, 2, RAW_RETENTION_DAYS + 20);
    expect(await announcedDuring(() => postTelemetry(app, device.token, more))).toEqual([]);
    // A replay stores nothing, so counts nothing.
    await postTelemetry(app, device.token, more);
    expect(await tooOldOf(moldId)).toMatchObject({ count: 5, oldest_ts: more[0]!.ts });
    const notices = await tooOldNotices(admin, moldId);
    expect(notices).toHaveLength(1);
    expect(JSON.parse(notices[0]!.content)).toMatchObject({
      device_no: device.device_no,
      count: 3,
      oldest_ts: first[0]!.ts,
      retention_days: RAW_RETENTION_DAYS,
    });

    // The viewer sees neither the counter nor a notice.
    expect((await factsAs(viewer, moldId)).statusCode).toBe(403);
    expect(await tooOldNotices(viewer, moldId)).toEqual([]);
    const viewerNotices = await app.context.db
      .selectFrom('user_messages')
      .select('id')
      .where('user_id', '=', viewerId)
      .where('mold_id', '=', moldId)
      .execute();
    expect(viewerNotices).toEqual([]);
  });

  it('a reading within the retention counts nowhere here: no counter, no notice', async () => {
    const { moldId, device } = await mouldWithDevice(app, admin, [adminId, viewerId]);
    const recent = [telemetryMessage(1, { ts: nowSeconds() - (RAW_RETENTION_DAYS - 1) * DAY }), telemetryMessage(2)];
    expect(await announcedDuring(() => postTelemetry(app, device.token, recent))).toEqual([]);
    expect(await tooOldOf(moldId)).toBeNull();
    expect(await tooOldNotices(admin, moldId)).toEqual([]);
  });

  it('a new burst after a quiet hour raises a new notice, to every user who may read the mould', async () => {
    const { moldId, device } = await mouldWithDevice(app, admin, [adminId, viewerId]);
    expect((await announcedDuring(() => postTelemetry(app, device.token, oldMessages(1, 2, 40)))).sort()).toEqual(
      [adminId, viewerId].sort(),
    );
    // The last one arrived longer ago than the gap: what comes now is another burst.
    await app.context.db
      .updateTable('devices')
      .set({ too_old_last_at: new Date(Date.now() - TOO_OLD_BURST_GAP_MS - 60_000) })
      .where('id', '=', device.id)
      .execute();
    expect((await announcedDuring(() => postTelemetry(app, device.token, oldMessages(3, 1, 50)))).sort()).toEqual(
      [adminId, viewerId].sort(),
    );
    expect(await tooOldNotices(admin, moldId)).toHaveLength(2);
    expect(await tooOldNotices(viewer, moldId)).toHaveLength(2);
    const viewerFacts = await factsAs(viewer, moldId);
    expect((viewerFacts.json().data as MoldFacts).too_old).toMatchObject({ count: 3 });
  });

  it('over MQTT: a device back from six weeks in storage uploads its buffer; counted, one notice', async () => {
    const { moldId, device } = await mouldWithDevice(app, admin, [adminId]);
    const client = await mqtt.connectAsync(
      `mqtt://127.0.0.1:${port}`,
      { username: device.device_no, password: device.token, reconnectPeriod: 0 },
      false,
    );
    clients.push(client);
    const buffer = oldMessages(1, 1200, 42 - 1200 / 1440);
    const announced = await announcedDuring(async () => {
      for (let from = 0; from < buffer.length; from += 200) {
        // QoS 1: acknowledged after the commit, so the count is written when the PUBACK comes.
        await client.publishAsync(telemetryTopic(device.device_no), JSON.stringify(buffer.slice(from, from + 200)), {
          qos: 1,
        });
      }
      await client.publishAsync(telemetryTopic(device.device_no), JSON.stringify(telemetryMessage(1201)), { qos: 1 });
    });
    expect(announced).toEqual([adminId]);
    expect(await readingsOf(app.context.db, device.id)).toHaveLength(1201);
    expect(await tooOldOf(moldId)).toMatchObject({ count: 1200, oldest_ts: buffer[0]!.ts });
    expect(await tooOldNotices(admin, moldId)).toHaveLength(1);
    expect(await tooOldNotices(viewer, moldId)).toEqual([]);
  });

  it('a device with no mould keeps its count, shown in the device list; nobody is told', async () => {
    const { device } = await mouldWithDevice(app, admin, [adminId]);
    await app.request({
      method: 'PUT',
      url: `/api/yudata/device/${device.id}/`,
      token: admin,
      payload: { mold_id: null },
    });
    expect(await announcedDuring(() => postTelemetry(app, device.token, oldMessages(1, 4, 60)))).toEqual([]);
    const list = await app.request({ method: 'GET', url: '/api/yudata/device/?page=1&limit=500', token: admin });
    expect(list.statusCode, list.body).toBe(200);
    const record = (list.json().data as Array<{ id: number; too_old: unknown }>).find((row) => row.id === device.id);
    expect(record?.too_old).toMatchObject({ count: 4 });
  });
});
