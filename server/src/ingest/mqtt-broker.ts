import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_TELEMETRY_BYTES, telemetryTopic } from '@mouldwatch/shared';
import type { IngestDevice } from './ingest.repository.js';
import { PacketTooLarge, limitPacketSize } from './mqtt-packet-limit.js';
import { storePublish } from './mqtt-publish.js';
import type { TelemetryIngest } from './telemetry-ingest.js';

export interface EmbeddedBroker {
  /** The port bound: the one asked for, or the free one picked when asked for 0. */
  port: number;
  close(): Promise<void>;
}

/**
 * How long a publish over the device's rate may be held before its PUBACK: a device that sends
 * faster than its rate is slowed down to it (aedes reads a connection's next packets only once
 * those in hand are answered); one that would wait longer — many publishes at once, or several
 * connections — is disconnected.
 */
const MAX_RATE_WAIT_MS = 10_000;

/** A refused CONNECT with its CONNACK return code (MQTT 3.1.1: 3 server unavailable, 4 bad credentials). */
const connectRefused = (message: string, returnCode: 3 | 4): AuthenticateError =>
  Object.assign(new Error(message), { returnCode });

/**
 * The embedded MQTT broker (aedes). A device connects with username = device_no and password =
 * token, may publish only to its own telemetry topic and may not subscribe. A QoS 1 publish is
 * acknowledged only after its reading is committed: aedes sends the PUBACK when
 * `authorizePublish` calls back, and that waits for the write.
 */
export async function startEmbeddedBroker(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  { port, host }: { port: number; host: string },
): Promise<EmbeddedBroker> {
  const broker = await createDeviceBroker(ingest, log);
  const server = createServer((socket) => limitPacketSize(broker.handle(socket), MAX_TELEMETRY_BYTES));
  try {
    await listen(server, port, host);
  } catch (error) {
    await closeBroker(broker);
    throw error;
  }
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await closeBroker(broker);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function createDeviceBroker(ingest: TelemetryIngest, log: FastifyBaseLogger): Promise<Aedes> {
  /** The device each connection authenticated as. */
  const devices = new WeakMap<Client, IngestDevice>();
  const broker = await Aedes.createBroker({ connectTimeout: 10_000 });
  // Client ids are kept apart per device: a device can only take over its own sessions.
  broker.preConnect = (_client, packet, callback) => {
    packet.clientId = `${packet.username ?? ''}/${packet.clientId || randomUUID()}`;
    callback(null, true);
  };
  broker.authenticate = authenticateDevice(ingest, log, devices);
  broker.authorizePublish = authorizeTelemetry(ingest, log, devices);
  // Devices only publish: every subscription is refused (SUBACK 0x80).
  broker.authorizeSubscribe = (_client, _subscription, callback) => callback(null, null);
  const logClientError = (client: Client, error: Error) => {
    if (error instanceof PacketTooLarge)
      log.warn({ clientId: client.id, reason: error.message }, 'MQTT connection closed');
    else log.debug({ clientId: client.id, err: error }, 'MQTT client error');
  };
  broker.on('clientError', logClientError);
  broker.on('connectionError', logClientError);
  return broker;
}

function authenticateDevice(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  devices: WeakMap<Client, IngestDevice>,
): Aedes['authenticate'] {
  return (client, username, password, done) => {
    ingest.deviceByToken(password?.toString('utf8') ?? '').then(
      (device) => {
        if (!device || device.deviceNo !== username) return done(connectRefused('bad user name or password', 4), false);
        devices.set(client, device);
        done(null, true);
      },
      (error: unknown) => {
        log.error({ err: error }, 'device authentication failed');
        done(connectRefused('server unavailable', 3), false);
      },
    );
  };
}

/**
 * A publish to the device's own topic is stored before the callback (so before the PUBACK); any
 * other topic, a token replaced or deleted since the connection, or a failed write answers an
 * error, on which aedes closes the connection without acknowledging.
 */
function authorizeTelemetry(
  ingest: TelemetryIngest,
  log: FastifyBaseLogger,
  devices: WeakMap<Client, IngestDevice>,
): Aedes['authorizePublish'] {
  async function store(connected: IngestDevice, payload: Buffer): Promise<void> {
    const device = await ingest.deviceByNo(connected.deviceNo);
    if (device?.tokenHash !== connected.tokenHash) throw new Error('the device was deleted or given a new token');
    try {
      await storePublish(ingest, device, payload, log);
    } catch (error) {
      log.warn({ err: error, deviceNo: device.deviceNo }, 'telemetry not stored; the device will send it again');
      throw error;
    }
  }

  /** Waits for the device's rate limit to let the publish in, or rejects when that is too far off. */
  async function admitted(device: IngestDevice): Promise<void> {
    const admission = ingest.rateLimit.take(device.id, MAX_RATE_WAIT_MS);
    if (!admission.admitted) {
      log.warn({ deviceNo: device.deviceNo }, 'device over its rate limit: connection closed');
      throw new Error('over the rate limit');
    }
    // Not kept waiting at a stop: the publish is then never acknowledged, and the device sends it again.
    if (admission.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, admission.waitMs).unref());
  }

  return (client, packet, callback) => {
    const device = client ? devices.get(client) : undefined;
    if (!device || packet.topic !== telemetryTopic(device.deviceNo)) {
      callback(new Error(`a device may publish only to ${telemetryTopic(device?.deviceNo ?? '{device_no}')}`));
      return;
    }
    packet.retain = false;
    admitted(device)
      .then(() => store(device, Buffer.from(packet.payload)))
      .then(
        () => callback(null),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const closeBroker = (broker: Aedes) => new Promise<void>((resolve) => broker.close(() => resolve()));
