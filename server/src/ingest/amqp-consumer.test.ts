import { randomBytes } from 'node:crypto';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakReadingsTable, readingsOf, registerDevice, telemetryMessage } from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import { startQueueConsumer, topicOfRoutingKey, withHeartbeat } from './amqp-consumer.js';
import type { BrokerSubscription } from './mqtt-subscriber.js';
import { eventually } from '../../test/eventually.js';

describe('the connection to the queue', () => {
  it('asks for 5 s heartbeats unless the URL names its own', () => {
    expect(withHeartbeat('amqp://mw:secret@rabbit:5672/plant')).toBe('amqp://mw:secret@rabbit:5672/plant?heartbeat=5');
    expect(withHeartbeat('amqps://rabbit/?heartbeat=20')).toBe('amqps://rabbit/?heartbeat=20');
  });
});

describe('the routing key of a device publish', () => {
  it('gives back the MQTT topic, dots inside the serial number included', () => {
    expect(topicOfRoutingKey('devices.SN-1.telemetry')).toBe('devices/SN-1/telemetry');
    expect(topicOfRoutingKey('devices.SN/1/2.telemetry')).toBe('devices/SN.1.2/telemetry');
  });
});

/** A RabbitMQ (CI's local one); the queue is this run's own and deleted after it. */
const brokerUrl = process.env.AMQP_TEST_URL;
if (!brokerUrl) {
  console.warn('skipped amqp-consumer.test.ts: set AMQP_TEST_URL=amqp://guest:guest@127.0.0.1:5672 to test a queue');
}

describe.skipIf(!brokerUrl)('ingest from a queue that the instances share', () => {
  const queue = `mouldwatch.test-${randomBytes(4).toString('hex')}`;
  let app: TestApp;
  let admin: string;
  let consumer: BrokerSubscription;
  /** Publishes as RabbitMQ's MQTT plugin does: to amq.topic, the topic's levels as words. */
  let publisher: ChannelModel;
  let channel: Channel;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.login(ADMIN);
    consumer = await startQueueConsumer(app.services.ingest, app.context.log, { url: brokerUrl!, queue, prefetch: 50 });
    publisher = await amqp.connect(brokerUrl!);
    channel = await publisher.createChannel();
  });
  afterAll(async () => {
    await consumer?.close();
    await channel?.deleteQueue(queue);
    await publisher?.close();
    await app?.close();
  });

  type Device = Awaited<ReturnType<typeof registerDevice>>;
  const publish = (deviceNo: string, payload: unknown) =>
    channel.publish('amq.topic', `devices.${deviceNo}.telemetry`, Buffer.from(JSON.stringify(payload)), {
      persistent: true,
    });
  const seqsOf = async (device: Device) => (await readingsOf(app.context.db, device.id)).map((row) => row.seq);
  const waiting = async () => (await channel.checkQueue(queue)).messageCount;

  it('stores what a device publishes, once, and leaves nothing in the queue', async () => {
    const device = await registerDevice(app, admin);
    for (const seq of [1, 1, 2]) publish(device.device_no, telemetryMessage(seq));
    await eventually(async () => {
      expect(await seqsOf(device)).toEqual([1, 2]);
      expect(await waiting()).toBe(0);
    });
  });

  it('acknowledges and drops unregistered devices and malformed messages, and goes on', async () => {
    const device = await registerDevice(app, admin);
    const rejectedBefore = app.services.ingest.counters.rejected;
    publish('SN-not-registered', telemetryMessage(1));
    publish(device.device_no, { seq: 'one' });
    publish(device.device_no, telemetryMessage(5));
    await eventually(async () => {
      expect(await seqsOf(device)).toEqual([5]);
      expect(app.services.ingest.counters.rejected - rejectedBefore).toBe(1);
      expect(await waiting()).toBe(0);
    });
  });

  it('does not acknowledge what it could not store: the queue hands it out again', async () => {
    const device = await registerDevice(app, admin);
    const failedBefore = app.services.ingest.counters.failed;
    const restore = await breakReadingsTable(app.context.db);
    try {
      publish(device.device_no, telemetryMessage(7));
      await eventually(async () => expect(app.services.ingest.counters.failed).toBeGreaterThan(failedBefore));
    } finally {
      await restore();
    }
    await eventually(async () => {
      expect(await seqsOf(device)).toEqual([7]);
      expect(await waiting()).toBe(0);
    });
  });
});
