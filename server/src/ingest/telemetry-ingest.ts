import {
  MAX_MESSAGES_PER_REQUEST,
  parseDeviceMessage,
  withCorrectedTemperatures,
  type DeviceMessage,
} from '@mouldwatch/shared';
import type { AppContext } from '../app-context.js';
import type { NewReading } from '../infra/db/schema.js';
import { BatchWriter, type BatchWriterOptions } from './batch-writer.js';
import { DeviceDirectory } from './device-directory.js';
import { DeviceRateLimit, rateLimitOf } from './device-rate-limit.js';
import { IngestRepository, type IngestDevice, type InsertedReading, type ReadingKey } from './ingest.repository.js';
import { InOrder } from './in-order.js';
import { SeenTracker } from './seen-tracker.js';
import { TooOldReadingsRecorder, isTooOld } from './too-old-readings.js';

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
  /**
   * The seqs of the messages stored now that are older than the raw retention: kept raw, but
   * counted in no slot, history or report (their time is past what is recomputed).
   */
  too_old_seqs: number[];
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

/** Is handed the readings of each committed batch, with the id of the transaction that stored them. */
export type StoredBatchListener = (xid: string, rows: readonly NewReading[]) => void;

/**
 * Up to 500 readings per insert, or whatever arrived within 1 ms; while one insert is under way, a
 * second starts beside it for what has waited 5 ms (so a slow insert — a replay waiting for the
 * same key, a stalled commit — does not hold up everything behind it), else what arrives waits for
 * an insert to end and forms the next, larger one. Each insert takes its readings only once it has
 * a connection: on the embedded database (one session) the second one gathers until the first
 * ends, as one at a time would. Measured: docs/decisions.md, "Ingest: one statement per batch".
 */
const BATCH: BatchWriterOptions = { maxBatch: 500, maxDelayMs: 1, maxInFlight: 2, overlapDelayMs: 5 };

/**
 * How many ended batches may hold back their new readings, unannounced, for one started before
 * them (see InOrder): some 10 s of batches under full load.
 */
const MAX_BATCHES_HELD = 1000;

/** How often devices' last_seen_at is written (see SeenTracker). */
const SEEN_EVERY_MS = 1000;

/**
 * The one way telemetry gets in, whatever the transport: validate, write in batches (each
 * reading once per device and seq), and announce each new reading on the bus after the commit.
 */
export class TelemetryIngest {
  readonly #counters: IngestCounters = { accepted: 0, duplicates: 0, rejected: 0, failed: 0 };
  readonly #repository: IngestRepository;
  readonly #directory: DeviceDirectory;
  readonly #writer: BatchWriter<PendingReading, WriteOutcome>;
  readonly #seen = new SeenTracker(SEEN_EVERY_MS);
  readonly #tooOld: TooOldReadingsRecorder;
  /** Requests and publishes per device, checked by each transport before it stores. */
  readonly rateLimit: DeviceRateLimit;
  /**
   * New readings are announced batch by batch in the order the batches started, whatever order
   * their commits come in: a device whose messages end up in two batches written at once (HTTP
   * requests sent side by side, the external broker's connections) has them announced in the order
   * they arrived. A batch that ended early waits for those before it; its acknowledgement does not.
   */
  readonly #announcements = new InOrder<readonly PendingReading[]>(
    (readings) => readings.forEach((reading) => this.#announce(reading)),
    MAX_BATCHES_HELD,
  );

  /** `onStored`: the alarm engine's hold (AlarmEngine.hold), which then need not read these readings back. */
  constructor(
    private readonly context: AppContext,
    private readonly onStored?: StoredBatchListener,
  ) {
    this.#repository = new IngestRepository(context.db);
    this.#directory = new DeviceDirectory(this.#repository, context.bus);
    this.#writer = new BatchWriter((take) => this.#store(take), BATCH);
    this.#tooOld = new TooOldReadingsRecorder(context);
    this.rateLimit = new DeviceRateLimit(rateLimitOf(context.config.deviceRateLimit));
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
      // Corrected on the way in: history, live pushes and alarms all see the mould's temperatures, and
      // a later change of thermocouple leaves earlier readings as they were.
      const outcomes = await this.#writer.write(
        messages.map((message) => ({ device, message: withCorrectedTemperatures(message, device.thermocouple) })),
      );
      const stored = countStored(outcomes);
      const now = this.context.now();
      const tooOld = messages.filter((message, index) => outcomes[index] === 'stored' && isTooOld(message.ts, now));
      await this.#recordTooOld(device, tooOld);
      return { stored, duplicates: outcomes.length - stored, too_old_seqs: tooOld.map((message) => message.seq) };
    } catch (error) {
      this.#counters.failed += messages.length;
      throw error;
    }
  }

  /**
   * Counts the readings just stored that no history will count, and tells the mould's readers once
   * per burst (TooOldReadingsRecorder). After the readings' commit: a failure here is logged and the
   * readings are still acknowledged (sent again, they would be duplicates, counted no better).
   */
  async #recordTooOld(device: IngestDevice, tooOld: readonly DeviceMessage[]): Promise<void> {
    if (tooOld.length === 0) return;
    try {
      await this.#tooOld.record(device, tooOld);
    } catch (error) {
      this.context.log.error(
        { err: error, deviceId: device.id, readings: tooOld.length },
        'too-old readings not counted',
      );
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

  /**
   * Writes one batch (the batch writer may run several at once). What follows the commit, before
   * the acknowledgement, is only bookkeeping in memory: the outcomes, the counters, and the
   * announcement of the new readings on the bus (handlers run synchronously but only queue work:
   * the state engine applies readings 200 ms later in its own transactions, the live channel
   * forwards them to sockets). None of it has to precede the acknowledgement for the reading's
   * sake — the reading is committed and stays stored whatever happens after — and none of it can
   * lose an acknowledged reading; a crash between commit and announcement loses the same as a
   * crash while the state engine's queue waits. It stays here because it is cheap (about 1 % of
   * the ingest's time, measured) and because a caller that has its answer can then rely on the
   * event having been published.
   */
  #store(take: () => readonly PendingReading[]): Promise<WriteOutcome[]> {
    // The batch is taken once a connection is ready to write it: what arrives while the writes
    // before it hold the connections joins it.
    return this.#repository.onOneConnection(async (repository) => {
      const batch = take();
      if (batch.length === 0) return [];
      const ticket = this.#announcements.start();
      const now = this.context.now();
      const deviceIds = new Set(batch.map(({ device }) => device.id));
      const seen = this.#seen.take(deviceIds, now.getTime());
      const rows = firstOfEachKey(batch).map(toReadingRow);
      let inserted: InsertedReading[];
      try {
        inserted = await repository.storeReadings(rows, seen);
      } catch (error) {
        this.#seen.settle(deviceIds, now.getTime(), seen, false);
        this.#announcements.end(ticket, []);
        throw error;
      }
      this.#seen.settle(deviceIds, now.getTime(), seen, true);
      const fresh = new Set(inserted.map(keyOf));
      this.#handOver(inserted, rows, fresh);
      // The first of two equal keys in a batch is the one inserted; the second is a duplicate.
      const outcomes = batch.map(({ device, message }): WriteOutcome =>
        fresh.delete(keyOf({ device_id: device.id, seq: message.seq })) ? 'stored' : 'duplicate',
      );
      this.#announcements.end(
        ticket,
        batch.filter((_, index) => outcomes[index] === 'stored'),
      );
      const stored = countStored(outcomes);
      this.#counters.accepted += stored;
      this.#counters.duplicates += outcomes.length - stored;
      return outcomes;
    });
  }

  /** The committed batch's new rows to `onStored`; like the announcements, a failure there costs no reading. */
  #handOver(inserted: readonly InsertedReading[], rows: readonly NewReading[], fresh: ReadonlySet<string>): void {
    if (!this.onStored || inserted.length === 0) return;
    try {
      this.onStored(
        inserted[0]!.xid,
        rows.filter((row) => fresh.has(keyOf(row))),
      );
    } catch (error) {
      this.context.log.error({ err: error }, 'stored readings not handed over');
    }
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

/** The batch without later repeats of a (device, seq): the first one is the one stored. */
function firstOfEachKey(batch: readonly PendingReading[]): PendingReading[] {
  const keys = new Set<string>();
  return batch.filter(({ device, message }) => {
    const key = keyOf({ device_id: device.id, seq: message.seq });
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  });
}

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
