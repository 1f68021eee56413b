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
 * that the broker sends the message again when the session resumes. A connection lost (the
 * broker gone, a write failed) is made again after a growing pause, and subscribes again.
 */
export async function startSharedSubscription(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: SharedSubscriptionOptions,
): Promise<SharedSubscription> {
  const topic = `$share/${options.group}/devices/+/telemetry`;
  const consumers = await Promise.all(
    Array.from({ length: options.connections }, (_, index) =>
      connectConsumer(ingest, log, options, `${options.clientId}-${index}`, topic),
    ),
  );
  return { close: async () => void (await Promise.all(consumers.map((consumer) => consumer.close()))) };
}

/**
 * Pauses before a reconnection: 250 ms, doubling up to 2 s while attempts fail. Short, because
 * after a broker restart what devices publish before the server subscribes again may be dropped.
 */
class Backoff {
  static readonly FIRST_MS = 250;
  static readonly MAX_MS = 2000;
  #nextMs = Backoff.FIRST_MS;

  next(): number {
    const ms = this.#nextMs;
    this.#nextMs = Math.min(ms * 2, Backoff.MAX_MS);
    return ms;
  }

  reset(): void {
    this.#nextMs = Backoff.FIRST_MS;
  }
}

async function connectConsumer(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: SharedSubscriptionOptions,
  clientId: string,
  topic: string,
): Promise<{ close(): Promise<void> }> {
  const backoff = new Backoff();
  /** The last connection was dropped because a write failed: a new connection alone is no progress. */
  let storeFailed = false;
  let closing = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const client = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId,
    clean: false,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds },
    // Reconnections are ours, with the backoff (mqtt.js would retry at a fixed period).
    reconnectPeriod: 0,
    customHandleAcks: (messageTopic, payload, _packet, done) => {
      storeFromTopic(ingest, log, messageTopic, payload).then(
        () => {
          storeFailed = false;
          backoff.reset();
          done(0);
        },
        (error: unknown) => {
          log.warn({ err: error, topic: messageTopic }, 'telemetry not stored; the broker will send it again');
          storeFailed = true;
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
  client.on('close', () => {
    if (closing || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (!closing) client.reconnect();
    }, backoff.next());
  });
  // Every connection subscribes, even to a session the broker kept: Mosquitto 2.0 restores a
  // session after a restart but not its shared subscriptions (docs/decisions.md).
  client.on('connect', () => {
    if (!storeFailed) backoff.reset();
    client.subscribe(topic, { qos: 1 }, (error) => {
      if (error) log.warn({ err: error, clientId }, 'MQTT subscription failed');
    });
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return {
    close: async () => {
      closing = true;
      clearTimeout(reconnectTimer);
      // Without a connection there is no one to say goodbye to.
      await client.endAsync(!client.connected);
    },
  };
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
