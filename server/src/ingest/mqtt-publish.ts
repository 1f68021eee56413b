import type { FastifyBaseLogger } from 'fastify';
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
