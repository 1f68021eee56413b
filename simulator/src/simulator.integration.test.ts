import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingsOf, registerDevice } from '../../server/test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../server/test/test-app.js';
import { runDevice } from './run.js';
import { httpTransport, mqttTransport, type Transport } from './transports.js';

let app: TestApp;
let admin: string;
let httpUrl: string;
let mqttUrl: string;

beforeAll(async () => {
  // A tight rate per device (2 requests or publishes a second, 20 at once): a back-fill passes it
  // only by sending its readings in batches.
  app = await startTestApp({ DEVICE_RATE_LIMIT: '2' });
  admin = await app.login(ADMIN);
  httpUrl = await app.app.listen({ port: 0, host: '127.0.0.1' });
  const mqtt = await app.startMqtt(0);
  if (mqtt.kind !== 'embedded') throw new Error('expected the embedded broker');
  mqttUrl = `mqtt://127.0.0.1:${mqtt.port}`;
});
afterAll(() => app?.close());

/** Back-fills two hours of one device and answers how many messages it sent. */
async function backfill(transport: Transport, device: { device_no: string; token: string }): Promise<number> {
  let sent = 0;
  await runDevice(device, 0, transport, {
    backfillHours: 2,
    durationSeconds: 0,
    batchSize: 100,
    onSent: (_device, { length: count }) => {
      sent += count;
    },
  });
  await transport.close();
  return sent;
}

describe('the simulator against a real server', () => {
  it('stores every message it sends over HTTP', async () => {
    const device = await registerDevice(app, admin);
    const sent = await backfill(httpTransport(httpUrl, device), device);
    expect(sent).toBeGreaterThan(100);
    expect(await readingsOf(app.context.db, device.id)).toHaveLength(sent);
  });

  it('stores every message it sends over MQTT', async () => {
    const device = await registerDevice(app, admin);
    const sent = await backfill(await mqttTransport(mqttUrl, device), device);
    expect(sent).toBeGreaterThan(100);
    expect(await readingsOf(app.context.db, device.id)).toHaveLength(sent);
  });
});
