import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { storeFromTopic } from './mqtt-publish.js';
import { ReconnectBackoff } from './reconnect-backoff.js';
import type { TelemetryIngest } from './telemetry-ingest.js';

/** Every device's telemetry topic (docs/device-protocol.md). */
const TELEMETRY_TOPICS = 'devices/+/telemetry';

export interface BrokerSubscriptionOptions {
  /** The external broker (MQTT_URL). */
  url: string;
  /** Stable across restarts, so that a restarted instance resumes its session and gets its unacknowledged messages again. */
  clientId: string;
  /** How long the broker keeps an instance's session (and queues its messages) while it is away. */
  sessionExpirySeconds: number;
  /**
   * A shared-subscription group (MQTT_SHARED_GROUP): instances in it split the messages between
   * them, over `connections` connections each (the broker limits the messages in flight per
   * connection). Without one, the instance receives every message on one connection.
   */
  shared?: { group: string; connections: number };
}

export interface BrokerSubscription {
  close(): Promise<void>;
}

/**
 * Ingest from an external broker (Mosquitto, EMQX …) that authenticates the devices itself and
 * lets each publish only to its own topic: the device is the one the topic names. Messages come
 * with QoS 1 to a persistent session and are acknowledged to the broker only after the commit
 * (MQTT 5 manual acks). A failed write is not acknowledged: the connection is dropped so that the
 * broker sends the message again when the session resumes. A connection lost (the broker gone, a
 * write failed) is made again after a growing pause, and subscribes again.
 *
 * By default the subscription is the instance's own, not shared: a broker that persists sessions
 * restores such a subscription after a restart and queues for it whatever devices publish before
 * the server is back, where Mosquitto 2.0 restores no shared subscription and drops what arrives
 * until the server subscribes again (docs/decisions.md). Several instances then each receive every
 * message; (device, seq) stores it once.
 */
export async function startBrokerSubscription(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: BrokerSubscriptionOptions,
): Promise<BrokerSubscription> {
  const { shared } = options;
  const consumers = shared
    ? await Promise.all(
        Array.from({ length: shared.connections }, (_, index) =>
          connectConsumer(
            ingest,
            log,
            options,
            `${options.clientId}-${index}`,
            `$share/${shared.group}/${TELEMETRY_TOPICS}`,
          ),
        ),
      )
    : [await connectConsumer(ingest, log, options, options.clientId, TELEMETRY_TOPICS)];
  return { close: async () => void (await Promise.all(consumers.map((consumer) => consumer.close()))) };
}

async function connectConsumer(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  options: BrokerSubscriptionOptions,
  clientId: string,
  topic: string,
): Promise<{ close(): Promise<void> }> {
  const backoff = new ReconnectBackoff();
  /** The last connection was dropped because a write failed: a new connection alone is no progress. */
  let storeFailed = false;
  let closing = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** Each message's store, from its arrival until its PUBACK is due (by packet id): true once committed. */
  const stores = new Map<number, Promise<boolean>>();
  const client = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId,
    clean: false,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds },
    // Reconnections are ours, with the backoff (mqtt.js would retry at a fixed period).
    reconnectPeriod: 0,
    customHandleAcks: (messageTopic, payload, packet, done) => {
      const stored = storeFromTopic(ingest, log, messageTopic, payload).then(
        () => true,
        (error: unknown) => {
          log.warn({ err: error, topic: messageTopic }, 'telemetry not stored; the broker will send it again');
          return false;
        },
      );
      stores.set(packet.messageId!, stored);
      // The PUBACK waits for the commit in acknowledgeAfterCommit; mqtt.js may take the next message.
      done(0);
    },
  });
  try {
    acknowledgeAfterCommit(client, stores, (committed) => {
      storeFailed = !committed;
      if (committed) backoff.reset();
      else client.stream.destroy();
    });
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
  // session after a restart but not its shared subscriptions, and a broker without persistence
  // restores none (docs/decisions.md).
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

type SendPacket = (packet: { cmd: string; messageId?: number }, callback?: () => void, ...rest: unknown[]) => void;

/**
 * mqtt.js takes a connection's next message only once the last one's PUBACK is sent: waiting for
 * each commit there stores one message at a time per connection (on a busy 2-core host, 125
 * messages/s against 2,900 with this; docs/decisions.md). So customHandleAcks answers at once, and
 * the PUBACK, when mqtt.js sends it, is held here until its message is committed — in the order
 * the messages came (MQTT wants PUBACKs in that order), so a connection stores as many at once as
 * the broker has in flight to it. After a failed store nothing more is acknowledged on that
 * connection (`settled` drops it): the broker sends again what was not acknowledged.
 * `_sendPacket` is mqtt.js's own (5.x); the start fails if it is missing.
 */
function acknowledgeAfterCommit(
  client: MqttClient,
  stores: Map<number, Promise<boolean>>,
  settled: (committed: boolean) => void,
): void {
  const internals = client as unknown as { _sendPacket?: SendPacket };
  const sendPacket = internals._sendPacket?.bind(client);
  if (!sendPacket) throw new Error('mqtt.js without _sendPacket: acknowledgements after the commit need it');
  let acknowledged = Promise.resolve();
  /** Counts connections: a PUBACK held past its connection's end is not sent on the next one. */
  let connection = 0;
  client.on('close', () => {
    connection += 1;
    stores.clear();
  });
  internals._sendPacket = (packet, callback, ...rest) => {
    const stored = packet.cmd === 'puback' ? stores.get(packet.messageId!) : undefined;
    if (!stored) return sendPacket(packet, callback, ...rest);
    stores.delete(packet.messageId!);
    callback?.();
    const sentOn = connection;
    acknowledged = acknowledged
      .then(() => stored)
      .then((committed) => {
        if (sentOn !== connection) return;
        if (!committed) connection += 1;
        // Offline, mqtt.js would keep the PUBACK for the next connection: the broker sends the
        // message again instead, and (device, seq) stores it once.
        else if (client.connected) sendPacket(packet);
        settled(committed);
      });
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
