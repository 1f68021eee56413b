import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetryTopic } from '@mouldwatch/shared';
import { expectEnvelope } from '../../test/envelope.js';
import { readingsOf, registerDevice, telemetryMessage } from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';

/** 2 requests or publishes a second per device, 20 at once. */
const PER_SECOND = 2;
const BURST = 20;

let app: TestApp;
let admin: string;
let mqttPort: number;
beforeAll(async () => {
  app = await startTestApp({ DEVICE_RATE_LIMIT: String(PER_SECOND) });
  admin = await app.login(ADMIN);
  const status = await app.startMqtt(0);
  if (status.kind !== 'embedded') throw new Error(`expected the embedded broker, got ${status.kind}`);
  mqttPort = status.port;
});
afterAll(async () => {
  await app?.close();
});

type Device = Awaited<ReturnType<typeof registerDevice>>;
const seqsOf = async (device: Device) => (await readingsOf(app.context.db, device.id)).map((row) => row.seq);
const batch = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => telemetryMessage(from + index));

const post = (device: Device, payload: unknown) =>
  app.request({
    method: 'POST',
    url: '/api/device/telemetry/',
    headers: { authorization: `Device ${device.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('the per-device rate limit over HTTP', () => {
  it('counts requests, not messages: a back-fill in batches passes, one request too many is a 429 storing nothing', async () => {
    const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
    // Batches of 50 as fast as they are answered, until one is refused (tokens come back meanwhile).
    let admitted = 0;
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    while (!refused && admitted < 10 * BURST) {
      const response = await post(device, batch(admitted * 50 + 1, 50));
      if (response.statusCode === 200) admitted += 1;
      else refused = response;
    }
    expect(admitted).toBeGreaterThanOrEqual(BURST);
    expect(refused?.statusCode).toBe(429);
    expectEnvelope(refused!);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await seqsOf(device)).toHaveLength(admitted * 50);

    expect((await post(other, telemetryMessage(1))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000 / PER_SECOND + 50));
    expect((await post(device, batch(admitted * 50 + 1, 10))).statusCode).toBe(200);
  });
});

describe('the per-device rate limit over MQTT', () => {
  const clients: MqttClient[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
  });
  const connect = async (device: Device) => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      username: device.device_no,
      password: device.token,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  };
  const publish = (client: MqttClient, device: Device, payload: unknown) =>
    client.publishAsync(telemetryTopic(device.device_no), JSON.stringify(payload), { qos: 1 });

  it('slows a device sending faster than its rate down to it, holding each PUBACK until it is due', async () => {
    const device = await registerDevice(app, admin);
    const client = await connect(device);
    const extra = 4;
    const startedAt = performance.now();
    for (let seq = 1; seq <= BURST + extra; seq += 1) await publish(client, device, telemetryMessage(seq));
    // The last one could come in only once `extra` tokens had come back.
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual((extra / PER_SECOND) * 1000 - 50);
    expect(client.connected).toBe(true);
    expect(await seqsOf(device)).toHaveLength(BURST + extra);
  });

  it('disconnects a device whose publishes would wait too long, without acknowledging or storing them', async () => {
    const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
    // Many connections of one device, each with publishes in flight: more than the burst and ten
    // seconds' worth of the rate together.
    const connections = await Promise.all(Array.from({ length: 30 }, () => connect(device)));
    const closed = connections.map((client) => new Promise<void>((resolve) => client.once('close', () => resolve())));
    connections.forEach((client, index) => {
      for (let seq = index * 3 + 1; seq <= index * 3 + 3; seq += 1) {
        publish(client, device, telemetryMessage(seq)).catch(() => {});
      }
    });
    await Promise.race(closed);
    const mostAdmitted = BURST + 10 * PER_SECOND;
    expect((await seqsOf(device)).length).toBeLessThanOrEqual(mostAdmitted);

    const normal = await connect(other);
    await publish(normal, other, telemetryMessage(1));
    expect(await seqsOf(other)).toEqual([1]);
  });
});
