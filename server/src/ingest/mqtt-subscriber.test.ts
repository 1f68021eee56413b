import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetryTopic } from '@mouldwatch/shared';
import {
  breakReadingsTable,
  holdReadingsLock,
  readingsOf,
  registerDevice,
  telemetryMessage,
} from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import { startBrokerSubscription, type BrokerSubscription, type BrokerSubscriptionOptions } from './mqtt-subscriber.js';
import { eventually } from '../../test/eventually.js';

/** An external broker that lets anyone publish (the local Mosquitto in CI). */
const brokerUrl = process.env.MQTT_TEST_URL;
if (!brokerUrl) {
  console.warn('skipped mqtt-subscriber.test.ts: set MQTT_TEST_URL=mqtt://127.0.0.1:1883 to test an external broker');
}

describe.skipIf(!brokerUrl)('ingest through an external broker', () => {
  let app: TestApp;
  let admin: string;
  let subscription: BrokerSubscription;
  /** Names this run's sessions and groups, kept only briefly by the broker after the run. */
  const run = randomBytes(4).toString('hex');
  const subscribe = (name: string, shared?: BrokerSubscriptionOptions['shared']) =>
    startBrokerSubscription(app.services.ingest, app.context.log, {
      url: brokerUrl!,
      clientId: `mouldwatch-test-${run}-${name}`,
      sessionExpirySeconds: 5,
      shared,
    });
  /** Publishes as the devices do; the external broker has authenticated them. */
  let devices: MqttClient;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.login(ADMIN);
    subscription = await subscribe('main');
    devices = await mqtt.connectAsync(brokerUrl!, { reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await devices?.endAsync();
    await subscription?.close();
    await app?.close();
  });

  type Device = Awaited<ReturnType<typeof registerDevice>>;
  const publish = (device: Pick<Device, 'device_no'>, payload: unknown) =>
    devices.publishAsync(telemetryTopic(device.device_no), JSON.stringify(payload), { qos: 1 });
  const seqsOf = async (device: Device) => (await readingsOf(app.context.db, device.id)).map((row) => row.seq);

  it('stores what a device publishes, once, with the device named by the topic', async () => {
    const device = await registerDevice(app, admin);
    const duplicatesBefore = app.services.ingest.counters.duplicates;
    await publish(device, telemetryMessage(1));
    await publish(device, telemetryMessage(1));
    await publish(device, telemetryMessage(2));
    await eventually(async () => {
      expect(await seqsOf(device)).toEqual([1, 2]);
      expect(app.services.ingest.counters.duplicates - duplicatesBefore).toBe(1);
    });
  });

  it('drops messages of unregistered devices and malformed messages, and goes on', async () => {
    const device = await registerDevice(app, admin);
    const rejectedBefore = app.services.ingest.counters.rejected;
    await publish({ device_no: 'SN-not-registered' }, telemetryMessage(1));
    await publish(device, { seq: 'one' });
    await publish(device, telemetryMessage(5));
    await eventually(async () => {
      expect(await seqsOf(device)).toEqual([5]);
      expect(app.services.ingest.counters.rejected - rejectedBefore).toBe(1);
    });
  });

  it('does not acknowledge a message it could not store: the broker sends it again', async () => {
    const device = await registerDevice(app, admin);
    const failedBefore = app.services.ingest.counters.failed;
    const restore = await breakReadingsTable(app.context.db);
    try {
      await publish(device, telemetryMessage(7));
      await eventually(async () => expect(app.services.ingest.counters.failed).toBeGreaterThan(failedBefore));
    } finally {
      await restore();
    }
    await eventually(async () => expect(await seqsOf(device)).toEqual([7]));
  });

  it('takes the next message while one is being stored', async () => {
    const device = await registerDevice(app, admin);
    await publish(device, telemetryMessage(1));
    await eventually(async () => expect(await seqsOf(device)).toEqual([1]));
    const rejectedBefore = app.services.ingest.counters.rejected;
    const release = await holdReadingsLock(app.context.db);
    try {
      await publish(device, telemetryMessage(2));
      // Malformed: checked without the database (the device is cached), behind a store that waits.
      await publish(device, { seq: 'three' });
      await eventually(async () => expect(app.services.ingest.counters.rejected).toBe(rejectedBefore + 1));
    } finally {
      await release();
    }
    await eventually(async () => expect(await seqsOf(device)).toEqual([1, 2]));
  });

  it('without a shared group, each instance receives every message; each is stored once', async () => {
    const device = await registerDevice(app, admin);
    const second = await subscribe('second');
    try {
      const duplicatesBefore = app.services.ingest.counters.duplicates;
      for (let seq = 1; seq <= 20; seq += 1) await publish(device, telemetryMessage(seq));
      await eventually(async () => {
        expect(await seqsOf(device)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
        expect(app.services.ingest.counters.duplicates - duplicatesBefore).toBe(20);
      });
    } finally {
      await second.close();
    }
  });

  it('instances in a shared group split the messages', async () => {
    const device = await registerDevice(app, admin);
    const group = { group: `mouldwatch-test-${run}`, connections: 2 };
    const members = await Promise.all([subscribe('member-a', group), subscribe('member-b', group)]);
    try {
      const duplicatesBefore = app.services.ingest.counters.duplicates;
      for (let seq = 1; seq <= 20; seq += 1) await publish(device, telemetryMessage(seq));
      // Each message reaches the main subscription and one member of the group: one duplicate.
      await eventually(async () => {
        expect(await seqsOf(device)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
        expect(app.services.ingest.counters.duplicates - duplicatesBefore).toBe(20);
      });
    } finally {
      await Promise.all(members.map((member) => member.close()));
    }
  });
});
