import type { Socket } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TELEMETRY_BYTES, telemetryTopic } from '@mouldwatch/shared';
import {
  breakReadingsTable,
  holdReadingsLock,
  readingsOf,
  registerDevice,
  telemetryMessage,
} from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let admin: string;
let port: number;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  const status = await app.startMqtt(0);
  if (status.kind !== 'embedded') throw new Error(`expected the embedded broker, got ${status.kind}`);
  port = status.port;
});
afterAll(async () => {
  await app?.close();
});

const clients: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});

type Device = Awaited<ReturnType<typeof registerDevice>>;

async function connect(username: string, password: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = await mqtt.connectAsync(
    `mqtt://127.0.0.1:${port}`,
    { username, password, reconnectPeriod: 0, ...options },
    false,
  );
  clients.push(client);
  return client;
}
const connectAs = (device: Device, options?: IClientOptions) => connect(device.device_no, device.token, options);

const publish = (client: MqttClient, device: Device, message: unknown) =>
  client.publishAsync(telemetryTopic(device.device_no), JSON.stringify(message), { qos: 1 });

/** 'acked', 'failed', or 'pending' if the publish has not settled after `ms`. */
async function stateAfter(publishing: Promise<unknown>, ms: number): Promise<string> {
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('pending'), ms));
  return Promise.race([
    publishing.then(
      () => 'acked',
      () => 'failed',
    ),
    timeout,
  ]);
}

async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

const seqsOf = async (device: Device) => (await readingsOf(app.context.db, device.id)).map((row) => row.seq);

describe('the embedded MQTT broker', () => {
  it('stores a QoS 1 publish once, and a replay adds nothing', async () => {
    const device = await registerDevice(app, admin);
    const client = await connectAs(device);
    await publish(client, device, telemetryMessage(1));
    await publish(client, device, telemetryMessage(1));
    await publish(client, device, [telemetryMessage(2), telemetryMessage(3)]);
    expect(await seqsOf(device)).toEqual([1, 2, 3]);
  });

  it('refuses a wrong token, an unknown device and another device’s token', async () => {
    const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
    for (const [username, password] of [
      [device.device_no, `${device.token}x`],
      [device.device_no, other.token],
      ['SN-unknown', device.token],
      [device.device_no, ''],
    ] as const) {
      await expect(connect(username, password), username).rejects.toThrow(/Bad username or password/);
    }
  });

  it("closes the connection of a device publishing to another device's topic and stores nothing", async () => {
    const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
    const client = await connectAs(device);
    const connectionClosed = closed(client);
    const publishing = publish(client, other, telemetryMessage(1));
    publishing.catch(() => {});
    await connectionClosed;
    expect(await stateAfter(publishing, 50)).not.toBe('acked');
    expect(await seqsOf(other)).toEqual([]);
    expect(await seqsOf(device)).toEqual([]);
  });

  it('refuses every subscription of a device', async () => {
    const device = await registerDevice(app, admin);
    const client = await connectAs(device);
    const refusal = await client.subscribeAsync(['devices/#', telemetryTopic(device.device_no)], { qos: 1 }).then(
      () => undefined,
      (error: { packet?: { granted?: number[] } }) => error,
    );
    expect(refusal?.packet?.granted).toEqual([128, 128]);
  });

  it('acknowledges and drops a malformed message, counting it, and keeps the device connected', async () => {
    const device = await registerDevice(app, admin);
    const client = await connectAs(device);
    const before = app.services.ingest.counters.rejected;
    await client.publishAsync(telemetryTopic(device.device_no), 'not json', { qos: 1 });
    await publish(client, device, telemetryMessage(1, { battery: 140 }));
    await publish(client, device, telemetryMessage(2));
    expect(app.services.ingest.counters.rejected - before).toBe(2);
    expect(client.connected).toBe(true);
    expect(await seqsOf(device)).toEqual([2]);
  });

  it('sends the PUBACK only after the commit: no acknowledgement while the database is slow', async () => {
    const device = await registerDevice(app, admin);
    const client = await connectAs(device);
    await publish(client, device, telemetryMessage(1)); // the device is known and cached now
    const release = await holdReadingsLock(app.context.db);
    const publishing = publish(client, device, telemetryMessage(2));
    expect(await stateAfter(publishing, 300)).toBe('pending');
    await release();
    await publishing;
    expect(await seqsOf(device)).toEqual([1, 2]);
  });

  it('never acknowledges a message it could not store; the device sends it again until it is stored', async () => {
    const device = await registerDevice(app, admin);
    const client = await connectAs(device, { reconnectPeriod: 50 });
    await publish(client, device, telemetryMessage(1));
    const failedBefore = app.services.ingest.counters.failed;
    const restore = await breakReadingsTable(app.context.db);
    const publishing = publish(client, device, telemetryMessage(2));
    try {
      await waitUntil(() => app.services.ingest.counters.failed > failedBefore);
      expect(await stateAfter(publishing, 200)).toBe('pending');
    } finally {
      await restore();
    }
    expect(await stateAfter(publishing, 5000)).toBe('acked');
    expect(await seqsOf(device)).toEqual([1, 2]);
  });

  it('stops a connected device whose token was rotated', async () => {
    const device = await registerDevice(app, admin);
    const client = await connectAs(device);
    await publish(client, device, telemetryMessage(1));
    await app.request({ method: 'PUT', url: `/api/yudata/device/${device.id}/rotate_token/`, token: admin });
    const connectionClosed = closed(client);
    publish(client, device, telemetryMessage(2)).catch(() => {});
    await connectionClosed;
    expect(await seqsOf(device)).toEqual([1]);
  });

  it('does not let a device take over the session of another device with the same client id', async () => {
    const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
    const client = await connectAs(device, { clientId: 'gateway-1' });
    await connectAs(other, { clientId: 'gateway-1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.connected).toBe(true);
    await publish(client, device, telemetryMessage(1));
    expect(await seqsOf(device)).toEqual([1]);
  });

  describe('packet size', () => {
    /** The fixed header of a QoS 1 PUBLISH announcing `remaining` bytes, its topic and packet id. */
    function publishHeader(topic: string, remaining: number): Buffer {
      const length: number[] = [];
      for (let rest = remaining; ;) {
        const byte = rest % 128;
        rest = Math.floor(rest / 128);
        length.push(rest > 0 ? byte | 0x80 : byte);
        if (rest === 0) break;
      }
      const topicBytes = Buffer.from(topic);
      const topicLength = Buffer.alloc(2);
      topicLength.writeUInt16BE(topicBytes.length);
      return Buffer.concat([Buffer.from([0x32, ...length]), topicLength, topicBytes, Buffer.from([0x00, 0x01])]);
    }

    /** Writes `chunk` again and again (waiting for the socket to drain) until it closes or `maxBytes` went out. */
    async function writeUntilClosed(socket: Socket, chunk: Buffer, maxBytes: number): Promise<number> {
      let written = 0;
      while (written < maxBytes && !socket.destroyed && socket.writable) {
        written += chunk.length;
        if (!socket.write(chunk)) {
          await new Promise<void>((resolve) => {
            socket.once('drain', resolve);
            socket.once('close', resolve);
          });
        }
      }
      return written;
    }

    it('closes the connection of a publish over the limit without acknowledging or storing it', async () => {
      const device = await registerDevice(app, admin);
      const client = await connectAs(device);
      const tooMany = Array.from({ length: 70_000 }, (_, index) => telemetryMessage(index + 1));
      const payload = JSON.stringify(tooMany);
      expect(payload.length).toBeGreaterThan(5 * MAX_TELEMETRY_BYTES);
      const connectionClosed = closed(client).then(() => 'closed');
      const publishing = client.publishAsync(telemetryTopic(device.device_no), payload, { qos: 1 });
      expect(await Promise.race([connectionClosed, stateAfter(publishing, 10_000)])).toBe('closed');
      expect(await stateAfter(publishing, 50)).not.toBe('acked');
      expect(await seqsOf(device)).toEqual([]);
    });

    it('cuts off a packet announcing 250 MB at its header, without buffering its body', async () => {
      const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
      const client = await connectAs(device);
      const socket = client.stream as Socket;
      const rssBefore = process.memoryUsage().rss;
      const connectionClosed = closed(client);
      socket.write(publishHeader(telemetryTopic(device.device_no), 250_000_000));
      // The body trickles in: a broker that waits for all of it buffers whatever comes.
      const written = await writeUntilClosed(socket, Buffer.alloc(64 * 1024, 0x20), 128 * 1024 * 1024);
      expect(written).toBeLessThan(32 * 1024 * 1024);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
      await connectionClosed;
      expect(await seqsOf(device)).toEqual([]);

      const next = await connectAs(other);
      await publish(next, other, telemetryMessage(1));
      expect(await seqsOf(other)).toEqual([1]);
    });

    it('takes a full batch of 1000 messages as one publish', async () => {
      const device = await registerDevice(app, admin);
      const client = await connectAs(device);
      await publish(
        client,
        device,
        Array.from({ length: 1000 }, (_, index) => telemetryMessage(index + 1)),
      );
      expect(await seqsOf(device)).toHaveLength(1000);
    });
  });
});
