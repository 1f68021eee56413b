import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { startQueueConsumer } from './amqp-consumer.js';
import { startEmbeddedBroker } from './mqtt-broker.js';
import { startBrokerSubscription } from './mqtt-subscriber.js';
import type { TelemetryIngest } from './telemetry-ingest.js';

export type MqttStatus =
  | { kind: 'embedded'; port: number }
  | { kind: 'external'; url: string; sharedGroup: string | undefined }
  | { kind: 'queue'; url: string; queue: string }
  | { kind: 'off' };

export interface MqttIngest {
  status: MqttStatus;
  close(): Promise<void>;
}

/** An instance away for longer loses its session and the messages queued for it. */
const SESSION_EXPIRY_SECONDS = 3600;
/** Connections of an instance in a shared-subscription group. */
const SHARED_CONNECTIONS_PER_INSTANCE = 32;
/** Queued messages handed to one instance at a time: enough to fill the batch writer's batches. */
const QUEUE_PREFETCH = 1000;

/**
 * Device MQTT as configured: with AMQP_URL the queue that RabbitMQ's MQTT plugin fills, with
 * MQTT_URL a subscription on that broker (shared with MQTT_SHARED_GROUP), else the embedded broker
 * on MQTT_PORT (0: none). `listenPort` puts the
 * embedded broker there instead; 0 picks a free port, which the status reports (tests).
 */
export async function startMqtt(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  config: Config,
  listenPort?: number,
): Promise<MqttIngest> {
  const mqttLog = log.child({ component: 'mqtt' });
  if (config.amqp) {
    const consumer = await startQueueConsumer(ingest, mqttLog, { ...config.amqp, prefetch: QUEUE_PREFETCH });
    return { status: { kind: 'queue', ...config.amqp }, close: () => consumer.close() };
  }
  if (config.mqttUrl) {
    const subscription = await startBrokerSubscription(ingest, mqttLog, {
      url: config.mqttUrl,
      // Stable across restarts of this instance; instances on one host differ by their HTTP port.
      clientId: `mouldwatch-${hostname()}-${config.port}`,
      sessionExpirySeconds: SESSION_EXPIRY_SECONDS,
      shared: config.mqttSharedGroup
        ? { group: config.mqttSharedGroup, connections: SHARED_CONNECTIONS_PER_INSTANCE }
        : undefined,
    });
    const status = { kind: 'external', url: config.mqttUrl, sharedGroup: config.mqttSharedGroup } as const;
    return { status, close: () => subscription.close() };
  }
  const port = listenPort ?? (config.mqttPort === 0 ? undefined : config.mqttPort);
  if (port === undefined) return { status: { kind: 'off' }, close: async () => {} };
  const broker = await startEmbeddedBroker(ingest, mqttLog, { port, host: config.host });
  return { status: { kind: 'embedded', port: broker.port }, close: () => broker.close() };
}
