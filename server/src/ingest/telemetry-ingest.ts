import { MAX_MESSAGES_PER_REQUEST, parseDeviceMessage, type DeviceMessage } from '@mouldwatch/shared';
import type { AppContext } from '../app-context.js';
import type { NewReading } from '../infra/db/schema.js';
import { BatchWriter, type BatchWriterOptions } from './batch-writer.js';
import { DeviceDirectory } from './device-directory.js';
import { IngestRepository, type IngestDevice, type ReadingKey } from './ingest.repository.js';

/** Messages seen since the start, for metrics: every message of an authenticated device ends in one of them. */
export interface IngestCounters {
  /** Stored for the first time. */
  accepted: number;
  /** Stored before: a replay, acknowledged again, added nothing. */
  duplicates: number;
  /** Refused as malformed, with every other message of the same request. */
  rejected: number;
  /** Not acknowledged because the write failed; the device sends them again. */
  failed: number;
}

export interface IngestResult {
  stored: number;
  duplicates: number;
}

/** A request that breaks the protocol; `index` is the place of the first bad message in it. */
export class MalformedTelemetry extends Error {
  constructor(
    readonly index: number | null,
    readonly reason: string,
  ) {
    super(index === null ? reason : `message ${index}: ${reason}`);
  }
}

interface PendingReading {
  device: IngestDevice;
  message: DeviceMessage;
}
type WriteOutcome = 'stored' | 'duplicate';

/**
 * Up to 500 readings per insert, or whatever arrived within 1 ms. Under load the batches grow by
 * themselves: what arrives while one is being written forms the next.
 */
const BATCH: BatchWriterOptions = { maxBatch: 500, maxDelayMs: 1 };

/**
 * The one way telemetry gets in, whatever the transport: validate, write in batches (each
 * reading once per device and seq), and announce each new reading on the bus after the commit.
 */
export class TelemetryIngest {
  readonly #counters: IngestCounters = { accepted: 0, duplicates: 0, rejected: 0, failed: 0 };
  readonly #repository: IngestRepository;
  readonly #directory: DeviceDirectory;
  readonly #writer: BatchWriter<PendingReading, WriteOutcome>;

  constructor(private readonly context: AppContext) {
    this.#repository = new IngestRepository(context.db);
    this.#directory = new DeviceDirectory(this.#repository, context.bus);
    this.#writer = new BatchWriter((items) => this.#store(items), BATCH);
  }

  get counters(): Readonly<IngestCounters> {
    return { ...this.#counters };
  }

  deviceByToken(token: string): Promise<IngestDevice | undefined> {
    return this.#directory.byToken(token);
  }

  deviceByNo(deviceNo: string): Promise<IngestDevice | undefined> {
    return this.#directory.byDeviceNo(deviceNo);
  }

  /**
   * Stores one message or an array of them, all or nothing: a malformed message refuses the
   * whole body (MalformedTelemetry). Resolves after the commit; rejects if the write failed.
   */
  async ingest(device: IngestDevice, body: unknown): Promise<IngestResult> {
    const messages = this.#validate(body);
    try {
      const outcomes = await this.#writer.write(messages.map((message) => ({ device, message })));
      const stored = countStored(outcomes);
      return { stored, duplicates: outcomes.length - stored };
    } catch (error) {
      this.#counters.failed += messages.length;
      throw error;
    }
  }

  /** The same, from JSON text as MQTT carries it. */
  async ingestJson(device: IngestDevice, payload: Buffer): Promise<IngestResult> {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      this.#counters.rejected += 1;
      throw new MalformedTelemetry(null, 'message: not valid JSON');
    }
    return this.ingest(device, body);
  }

  /** Writes what is queued; later messages are refused. */
  close(): Promise<void> {
    return this.#writer.close();
  }

  #validate(body: unknown): DeviceMessage[] {
    const inputs = Array.isArray(body) ? body : [body];
    if (inputs.length === 0 || inputs.length > MAX_MESSAGES_PER_REQUEST) {
      this.#counters.rejected += inputs.length;
      throw new MalformedTelemetry(null, `body: one message or an array of 1 to ${MAX_MESSAGES_PER_REQUEST}`);
    }
    const nowSeconds = Math.floor(this.context.now().getTime() / 1000);
    return inputs.map((input, index) => {
      const parsed = parseDeviceMessage(input, nowSeconds);
      if (parsed.ok) return parsed.message;
      this.#counters.rejected += inputs.length;
      throw new MalformedTelemetry(index, parsed.reason);
    });
  }

  async #store(batch: readonly PendingReading[]): Promise<WriteOutcome[]> {
    const deviceIds = [...new Set(batch.map(({ device }) => device.id))];
    const inserted = await this.#repository.storeReadings(batch.map(toReadingRow), deviceIds, this.context.now());
    const fresh = new Set(inserted.map(keyOf));
    // The first of two equal keys in a batch is the one inserted; the second is a duplicate.
    const outcomes = batch.map(({ device, message }): WriteOutcome =>
      fresh.delete(keyOf({ device_id: device.id, seq: message.seq })) ? 'stored' : 'duplicate',
    );
    batch.forEach((reading, index) => {
      if (outcomes[index] === 'stored') this.#announce(reading);
    });
    const stored = countStored(outcomes);
    this.#counters.accepted += stored;
    this.#counters.duplicates += outcomes.length - stored;
    return outcomes;
  }

  /** Subscribers must not hold up or undo the acknowledgement of what is already committed. */
  #announce({ device, message }: PendingReading): void {
    try {
      this.context.bus.publish('reading', {
        deviceId: device.id,
        deviceNo: device.deviceNo,
        orgId: device.orgId,
        moldId: device.moldId,
        message,
      });
    } catch (error) {
      this.context.log.error({ err: error, deviceId: device.id, seq: message.seq }, 'a reading subscriber failed');
    }
  }
}

const keyOf = (key: ReadingKey) => `${key.device_id}:${key.seq}`;
const countStored = (outcomes: readonly WriteOutcome[]) => outcomes.filter((outcome) => outcome === 'stored').length;

function toReadingRow({ device, message }: PendingReading): NewReading {
  return {
    device_id: device.id,
    seq: message.seq,
    ts: new Date(message.ts * 1000),
    mold_id: device.moldId,
    counter: message.counter ?? null,
    cycle_time: message.cycle_time ?? null,
    open_time: message.open_time ?? null,
    close_time: message.close_time ?? null,
    mold_temp: message.mold_temp ?? null,
    hrs_temp: message.hrs_temp ?? null,
    current: message.current ?? null,
    battery: message.battery ?? null,
    lat: message.gps?.lat ?? null,
    lng: message.gps?.lng ?? null,
    wifi: message.wifi ? JSON.stringify(message.wifi) : null,
    event: message.event ?? null,
  };
}
