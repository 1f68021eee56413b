import { setTimeout as delay } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import {
  slotStartOf,
  stateThresholds,
  STATE_ALARM_TYPES,
  type AlarmType,
  type DeviceMessage,
  type MoldLiveStatus,
} from '@mouldwatch/shared';
import type { AppContext } from '../app-context.js';
import type { BusEvents } from '../infra/bus/event-bus.js';
import type { DatabaseKind } from '../infra/db/database.js';
import type { Database, MoldStatusRow } from '../infra/db/schema.js';
import { eventLoopLoad, type RunSize } from '../infra/jobs/event-loop-load.js';
import { tryJobLock } from '../infra/jobs/job-lock.js';
import { RAW_RETENTION_DAYS } from '../rollup/rollup-job.js';
import { MouldInfoCache } from './mould-info-cache.js';
import { advanceStatus, isLate, lookbackSeconds, recomputeStatus, type MouldSettings } from './status-advance.js';
import { presentLiveStatus } from './status.presenter.js';
import { StateRepository, type LockedMold } from './state.repository.js';

export interface StateEngineOptions {
  /** How often silent moulds are moved on (idle, stop, off) and their slots written. */
  sweepIntervalMs: number;
  /**
   * How long readings gather before they are applied: under load a mould takes one transaction per
   * period, not one per reading, and the ingest keeps the database.
   */
  applyDelayMs: number;
  /** Raw readings are kept this long (the roll-up drops older ones): a late reading recomputes no further back. */
  rawRetentionDays: number;
  /** Moulds applied per transaction (APPLY_BATCH). */
  applyBatch: number;
}

/**
 * Moulds whose readings are applied per transaction, by database: a few statements for all of them,
 * not a transaction per mould (which under full load cost more than storing the readings). On
 * PostgreSQL 200: a drain's 200 moulds under load in one transaction, not four (engines bench, two
 * alternating pairs: the server's CPU a judged reading 30.0 and 29.5 µs against 32.3 and 37.1, the
 * database's 15.5 and 14.3 against 17.1 and 20.0). On the embedded database 200 gained nothing
 * measurable, and a longer transaction holds the one session that requests wait for: 50.
 */
export const APPLY_BATCH: Record<DatabaseKind, number> = { pglite: 50, postgres: 200 };

const DEFAULT_OPTIONS: StateEngineOptions = {
  sweepIntervalMs: 15_000,
  applyDelayMs: 200,
  rawRetentionDays: RAW_RETENTION_DAYS,
  applyBatch: APPLY_BATCH.pglite,
};

/**
 * An apply costs mostly per mould, hardly per reading: under load readings gather this many times
 * as long (EventLoopLoad.gatherMs), so that each apply takes more of them. Five times 200 ms is the
 * second at which the live hub sends a watched mould's new figures at most (`figuresIntervalMs`):
 * a list on screen still changes once a second. Measured on the embedded database, 200 devices at
 * full load: 68 apply transactions per 100,000 readings instead of 178, and the state engine held
 * the one session 9.7 µs a reading instead of 27 (docs/decisions.md, stop 43).
 */
const SATURATED_DELAY_FACTOR = 5;

/** Names the sweep's lock: one instance sweeps at a time. */
export const SWEEP_JOB = 'mold-state-sweep';

/** Moulds moved on per sweep transaction. */
const SWEEP_BATCH = 25;

type StatusEvent = BusEvents['moldStatus'];

/**
 * The state engine (DESIGN §8): follows each committed reading and, on a timer, the moulds that
 * went quiet; keeps `mold_status`, writes the 5-minute time-state slots, and announces each change
 * of state or online flag, and the new figures after each batch of readings. Each mould is moved on under its row lock, so instances that see the same
 * readings, or sweep at once, never count the same time twice.
 */
export class StateEngine {
  readonly #repository = new StateRepository();
  readonly #infos = new MouldInfoCache();
  readonly #options: StateEngineOptions;
  /** Readings not yet applied, per mould: they are applied together, in time order. */
  readonly #pending = new Map<number, DeviceMessage[]>();
  /** When the oldest pending reading came. */
  #pendingSince = 0;
  #draining: Promise<void> | undefined;
  /** What the last drain applied. */
  #lastDrain: RunSize = { moulds: 0, readings: 0 };
  /** The timer's sweep under way: the next tick skips while it runs, and stop() waits for it. */
  #sweeping: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: Array<() => void> = [];

  constructor(
    private readonly context: AppContext,
    options: Partial<StateEngineOptions> = {},
  ) {
    this.#options = { ...DEFAULT_OPTIONS, ...options };
  }

  start(): void {
    this.#unsubscribe = [
      this.context.bus.subscribe('reading', ({ moldId, message }) => {
        if (moldId !== null) this.#enqueue(moldId, message);
      }),
      // Saved settings (base idle and stop time, voltage) judge the moulds at once, not at the next reading or sweep.
      this.context.bus.subscribe('moldsChanged', ({ moldIds, change }) => {
        if (change === 'updated') for (const moldId of moldIds) this.#enqueue(moldId);
      }),
      // While an alarm of the mould is open its state is `alarm`.
      this.context.bus.subscribe('alarmChanged', ({ moldId, alarmType, change }) => {
        const judged = STATE_ALARM_TYPES.includes(alarmType as AlarmType);
        if (judged && (change === 'opened' || change === 'closed' || change === 'withdrawn')) this.#enqueue(moldId);
      }),
    ];
    this.#timer = setInterval(() => this.#sweepOnTimer(), this.#options.sweepIntervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    await this.#sweeping;
    await this.settled();
  }

  /** Resolves once every reading received so far is applied. */
  async settled(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  /**
   * Moves every mould on to now, on one instance at a time; answers how many changed state
   * (0 when another instance holds the sweep). The moulds go in batches of a transaction each: on
   * the embedded database, whose one session a transaction holds, the list and the ingest get their
   * turn between batches instead of waiting for all of them (about 2 ms a mould).
   */
  async sweep(): Promise<number> {
    const now = this.context.now();
    const moldIds = await this.#repository.moldIdsWithStatus(this.context.db);
    let changed = 0;
    for (let start = 0; start < moldIds.length; start += SWEEP_BATCH) {
      const events = await this.context.db.transaction().execute(async (trx) => {
        // Another instance sweeping now goes on with the rest.
        if (!(await tryJobLock(trx, SWEEP_JOB))) return undefined;
        return this.#advance(trx, moldIds.slice(start, start + SWEEP_BATCH), new Map(), now);
      });
      if (!events) break;
      this.#announce(events);
      changed += events.length;
    }
    return changed;
  }

  /** The present status of these moulds, as the live channel sends it. */
  async liveStatuses(moldIds: readonly number[]): Promise<MoldLiveStatus[]> {
    const rows = await this.#repository.statuses(this.context.db, moldIds);
    return rows.map((row) => presentLiveStatus(row.id, row));
  }

  #sweepOnTimer(): void {
    this.#sweeping ??= this.sweep()
      .then(() => undefined, this.#logFailure)
      .finally(() => {
        this.#sweeping = undefined;
      });
  }

  /** Queues the mould to be moved on, with the reading when there is one. */
  #enqueue(moldId: number, message?: DeviceMessage): void {
    if (this.#pending.size === 0) this.#pendingSince = Date.now();
    const readings = this.#pending.get(moldId) ?? [];
    if (message) readings.push(message);
    this.#pending.set(moldId, readings);
    this.#startDraining();
  }

  /**
   * One drain at a time, once the oldest pending reading has waited the delay: readings that came
   * during a long drain have waited already, and go at once in the next.
   */
  #startDraining(): void {
    if (this.#draining) return;
    this.#draining = delay(Math.max(0, this.#pendingSince + this.#applyDelayMs() - Date.now()))
      .then(() => this.#drain())
      .finally(() => {
        this.#draining = undefined;
        if (this.#pending.size > 0) this.#startDraining();
      });
  }

  /** How long readings gather before they are applied: longer under load (EventLoopLoad.gatherMs). */
  #applyDelayMs(): number {
    return eventLoopLoad.gatherMs(this.#options.applyDelayMs, SATURATED_DELAY_FACTOR, this.#lastDrain);
  }

  /** What is pending, APPLY_BATCH moulds a transaction (in id order, as they are locked). */
  async #drain(): Promise<void> {
    const pending = [...this.#pending].sort(([a], [b]) => a - b);
    this.#pending.clear();
    this.#lastDrain = {
      moulds: pending.length,
      readings: pending.reduce((sum, [, readings]) => sum + readings.length, 0),
    };
    const batch = this.#options.applyBatch;
    for (let start = 0; start < pending.length; start += batch) {
      await this.#apply(new Map(pending.slice(start, start + batch)));
    }
  }

  /**
   * Applies the readings of some moulds in one transaction. If it fails, each mould is tried on its
   * own, so that one mould's failure does not cost the others their readings.
   */
  async #apply(readingsOf: ReadonlyMap<number, readonly DeviceMessage[]>): Promise<void> {
    try {
      const now = this.context.now();
      const events = await this.context.db
        .transaction()
        .execute((trx) => this.#advance(trx, [...readingsOf.keys()], readingsOf, now));
      this.#announce(events);
    } catch (error) {
      if (readingsOf.size === 1) {
        this.#logFailure(error);
        return;
      }
      for (const entry of readingsOf) await this.#apply(new Map([entry]));
    }
  }

  /**
   * Moves the moulds on, with their new readings, under their row locks, in a few statements
   * whatever their number; answers the events to announce: a change of state, or new figures.
   */
  async #advance(
    trx: Transaction<Database>,
    moldIds: readonly number[],
    readingsOf: ReadonlyMap<number, readonly DeviceMessage[]>,
    now: Date,
  ): Promise<StatusEvent[]> {
    const locked = [...(await this.#repository.lockMolds(trx, moldIds, this.#infos))];
    // A mould that never reported has no status to move on until its first reading.
    const movable = locked.filter(([moldId, mold]) => mold.status || (readingsOf.get(moldId)?.length ?? 0) > 0);
    const advanced = [];
    for (const [moldId, mold] of movable) {
      const info = this.#infos.of(moldId, mold.version, mold.info);
      const settings = { thresholds: stateThresholds(info), voltage: info.voltage };
      const readings = readingsOf.get(moldId) ?? [];
      const moved =
        mold.status && isLate(mold.status, readings)
          ? await this.#recompute(trx, moldId, { ...mold, status: mold.status }, settings, readings, now)
          : advanceStatus(moldId, mold.status, settings, readings, now, mold.alarmActive);
      advanced.push({ moldId, orgId: mold.orgId, readings, ...moved });
    }
    await this.#repository.replaceSlots(
      trx,
      advanced.flatMap(({ moldId, replace }) => (replace ? [{ moldId, shares: replace }] : [])),
    );
    await this.#repository.addToSlots(trx, advanced);
    await this.#repository.saveStatuses(
      trx,
      advanced.map(({ status }) => status),
    );
    return advanced
      .filter(({ changed, readings }) => changed || readings.length > 0)
      .map(({ orgId, moldId, status, changed }) => ({
        orgId,
        moldId,
        status: presentLiveStatus(moldId, status),
        stateChanged: changed,
      }));
  }

  /**
   * A mould's slots recomputed from its stored readings, from the slot of its earliest late reading
   * on (one within the raw retention: older readings are kept raw, their slots are gone).
   */
  async #recompute(
    trx: Transaction<Database>,
    moldId: number,
    { status, alarmActive }: LockedMold & { status: MoldStatusRow },
    settings: MouldSettings,
    readings: readonly DeviceMessage[],
    now: Date,
  ) {
    const horizon = now.getTime() / 1000 - this.#options.rawRetentionDays * 86_400;
    const kept = readings.filter((reading) => reading.ts >= horizon);
    // Readings past the retention are stored raw only: they move nothing on.
    if (!isLate(status, kept)) return advanceStatus(moldId, status, settings, kept, now, alarmActive);
    const earliest = kept.reduce((first, reading) => Math.min(first, reading.ts), Infinity);
    const input = await this.#repository.recomputeInput(trx, moldId, slotStartOf(earliest), lookbackSeconds(settings));
    const recomputed = recomputeStatus(status, settings, input, now, alarmActive);
    // Time no reading watched is off in every account, but history seeded straight into the
    // roll-ups (the demo) has no slots behind it: those slots are not written, so it stays.
    const seeded = await this.#repository.historyWithoutSlots(trx, moldId, recomputed.unwatched ?? []);
    for (const slot of seeded) recomputed.replace?.delete(slot);
    return recomputed;
  }

  #announce(events: readonly StatusEvent[]): void {
    for (const event of events) this.context.bus.publish('moldStatus', event);
  }

  readonly #logFailure = (error: unknown) => this.context.log.error({ err: error }, 'state engine');
}
