import type { FastifyBaseLogger } from 'fastify';
import { deviceNoOfTopic } from '@mouldwatch/shared';
import type { IngestDevice } from './ingest.repository.js';
import { MalformedTelemetry, type TelemetryIngest } from './telemetry-ingest.js';

/**
 * One MQTT publish of a device, whichever broker it came through: stored, or — when malformed —
 * logged, counted and dropped. A malformed message is acknowledged all the same: a device sends
 * an unacknowledged message again after every reconnect, so refusing it would block the device
 * forever. A failed write throws: the message is not acknowledged and is sent again.
 */
export async function storePublish(
  ingest: TelemetryIngest,
  device: IngestDevice,
  payload: Buffer,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await ingest.ingestJson(device, payload);
  } catch (error) {
    if (!(error instanceof MalformedTelemetry)) throw error;
    log.warn({ deviceNo: device.deviceNo, reason: error.message }, 'malformed telemetry dropped');
  }
}

/**
 * A publish that reached the server through an external broker, which authenticated the device and
 * let it publish only to its own topic: the device is the one the topic names.
 */
export async function storeFromTopic(
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
