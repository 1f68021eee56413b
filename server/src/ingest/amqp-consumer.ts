import type { FastifyBaseLogger } from 'fastify';
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { storeFromTopic } from './mqtt-publish.js';
import { ReconnectBackoff } from './reconnect-backoff.js';
import type { TelemetryIngest } from './telemetry-ingest.js';
import type { BrokerSubscription } from './mqtt-subscriber.js';

/** Where RabbitMQ's MQTT plugin publishes what devices send (its `mqtt.exchange`, by default). */
const MQTT_EXCHANGE = 'amq.topic';
/** Every device's telemetry topic, `devices/+/telemetry`, as the MQTT plugin routes it. */
const TELEMETRY_ROUTING_KEYS = 'devices.*.telemetry';
const HEARTBEAT_SECONDS = 5;

export interface QueueConsumerOptions {
  /** The broker (AMQP_URL). */
  url: string;
  /** The queue that all instances consume from (AMQP_QUEUE). */
  queue: string;
  /** Messages handed to this instance and not yet acknowledged, at most. */
  prefetch: number;
}

/**
 * Ingest from a queue that every instance consumes from (competing consumers): devices publish
 * over MQTT to RabbitMQ, whose MQTT plugin acknowledges a QoS 1 publish once the queue holds it,
 * and each message goes to one instance, which acknowledges it after the commit. An instance
 * that dies, or drops its connection because a write failed, leaves its unacknowledged messages
 * to the broker, which hands them to the instances still connected at once. (device, seq) stores
 * a message handed out twice once. The queue is a durable quorum queue that this consumer
 * declares: it outlives every instance and the broker's restart (docs/decisions.md, "Scale-out").
 */
export async function startQueueConsumer(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: QueueConsumerOptions,
): Promise<BrokerSubscription> {
  const backoff = new ReconnectBackoff();
  let closing = false;
  let current: ChannelModel | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closing || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (!closing) connect().catch((error: unknown) => failed(error));
    }, backoff.next());
  };
  const failed = (error: unknown) => {
    log.warn({ err: error }, 'telemetry queue: cannot consume; trying again');
    scheduleReconnect();
  };
  const connect = async () => {
    const model = await amqp.connect(withHeartbeat(options.url));
    current = model;
    model.on('error', (error: Error) => log.warn({ err: error }, 'telemetry queue connection error'));
    model.on('close', () => {
      if (current !== model) return;
      current = undefined;
      scheduleReconnect();
    });
    try {
      await consume(model, ingest, log, options, {
        stored: () => backoff.reset(),
        notStored: () => void model.close().catch(() => undefined),
      });
    } catch (error) {
      current = undefined;
      await model.close().catch(() => undefined);
      throw error;
    }
  };

  await connect();
  return {
    close: async () => {
      closing = true;
      clearTimeout(reconnectTimer);
      const model = current;
      current = undefined;
      await model?.close().catch(() => undefined);
    },
  };
}

interface Outcome {
  stored(): void;
  /** A write failed: the connection is dropped, so that every unacknowledged message is handed out again. */
  notStored(): void;
}

async function consume(
  model: ChannelModel,
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: QueueConsumerOptions,
  outcome: Outcome,
): Promise<void> {
  const channel = await model.createChannel();
  channel.on('error', (error: Error) => log.warn({ err: error }, 'telemetry queue channel error'));
  // A channel the broker closed (the queue deleted …) ends the connection: the next one starts afresh.
  channel.on('close', () => void model.close().catch(() => undefined));
  await channel.assertQueue(options.queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  await channel.bindQueue(options.queue, MQTT_EXCHANGE, TELEMETRY_ROUTING_KEYS);
  await channel.prefetch(options.prefetch);
  await channel.consume(
    options.queue,
    (message) => {
      if (!message) return outcome.notStored();
      storeFromTopic(ingest, log, topicOfRoutingKey(message.fields.routingKey), message.content).then(
        () => {
          acknowledge(channel, message);
          outcome.stored();
        },
        (error: unknown) => {
          log.warn({ err: error }, 'telemetry not stored; the broker will hand it out again');
          outcome.notStored();
        },
      );
    },
    { noAck: false },
  );
}

/**
 * A consumer whose host vanishes without closing its connection (power lost, a network cut) is
 * noticed by RabbitMQ after two missed heartbeats, and its messages handed to the others: 5 s
 * heartbeats make that about 10 s instead of RabbitMQ's default 60 s. A heartbeat in the URL wins.
 */
export function withHeartbeat(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(HEARTBEAT_SECONDS));
  return parsed.toString();
}

/** After the connection was dropped, the broker hands the message out again anyway. */
function acknowledge(channel: Channel, message: ConsumeMessage): void {
  try {
    channel.ack(message);
  } catch {
    // The channel is closed: nothing to acknowledge on.
  }
}

/**
 * The MQTT topic a device published to, from the routing key RabbitMQ's MQTT plugin made of it:
 * the plugin turns each `/` into `.` and each `.` into `/` (`devices/SN.1/telemetry` →
 * `devices.SN/1.telemetry`), so swapping them back gives the topic.
 */
export function topicOfRoutingKey(routingKey: string): string {
  return routingKey.replace(/[./]/g, (separator) => (separator === '.' ? '/' : '.'));
}
