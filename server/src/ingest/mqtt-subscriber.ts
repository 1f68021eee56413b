import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { deviceNoOfTopic } from '@mouldwatch/shared';
import { storePublish } from './mqtt-publish.js';
import type { TelemetryIngest } from './telemetry-ingest.js';

export interface SharedSubscriptionOptions {
  /** The external broker (MQTT_URL). */
  url: string;
  /** The shared-subscription group: instances in one group split the messages between them. */
  group: string;
  /** Stable across restarts, so that a restarted instance resumes its session and gets its unacknowledged messages again. */
  clientId: string;
  /** Connections of this instance (each handles one message at a time: mqtt.js acknowledges in order). */
  connections: number;
  /** How long the broker keeps an instance's session (and queues its share) while it is away. */
  sessionExpirySeconds: number;
}

export interface SharedSubscription {
  close(): Promise<void>;
}

/**
 * Ingest from an external broker (Mosquitto, EMQX …) that authenticates the devices itself and
 * lets each publish only to its own topic: the device is the one the topic names. Messages come
 * through a shared subscription with QoS 1 and are acknowledged to the broker only after the
 * commit (MQTT 5 manual acks). A failed write is not acknowledged: the connection is dropped so
 * that the broker sends the message again when the session resumes.
 */
export async function startSharedSubscription(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: SharedSubscriptionOptions,
): Promise<SharedSubscription> {
  const topic = `$share/${options.group}/devices/+/telemetry`;
  const clients = await Promise.all(
    Array.from({ length: options.connections }, (_, index) =>
      connectConsumer(ingest, log, options, `${options.clientId}-${index}`, topic),
    ),
  );
  return { close: async () => void (await Promise.all(clients.map((client) => client.endAsync()))) };
}

async function connectConsumer(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: SharedSubscriptionOptions,
  clientId: string,
  topic: string,
): Promise<MqttClient> {
  const client = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId,
    clean: false,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds },
    reconnectPeriod: 1000,
    customHandleAcks: (messageTopic, payload, _packet, done) => {
      storeFromTopic(ingest, log, messageTopic, payload).then(
        () => done(0),
        (error: unknown) => {
          log.warn({ err: error, topic: messageTopic }, 'telemetry not stored; the broker will send it again');
          done(error instanceof Error ? error : new Error(String(error)));
          client.stream.destroy();
        },
      );
    },
  });
  try {
    await firstConnection(client);
  } catch (error) {
    client.end(true);
    throw error;
  }
  client.on('error', (error) => log.warn({ err: error, clientId }, 'MQTT connection error'));
  await client.subscribeAsync(topic, { qos: 1 });
  return client;
}

/** Resolves on the first CONNACK; rejects on the first error, so a start against a wrong MQTT_URL fails at once. */
function firstConnection(client: MqttClient): Promise<void> {
  return new Promise((resolve, reject) => {
    client.once('error', reject);
    client.once('connect', () => {
      client.off('error', reject);
      resolve();
    });
  });
}

async function storeFromTopic(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  topic: string,
  payload: Buffer,
): Promise<void> {
  const deviceNo = deviceNoOfTopic(topic);
  const device = deviceNo ? await ingest.deviceByNo(deviceNo) : undefined;
  if (!device) {
    log.warn({ topic }, 'telemetry of an unregistered device dropped');
    return;
  }
  await storePublish(ingest, device, payload, log);
}
