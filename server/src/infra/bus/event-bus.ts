import { EventEmitter } from 'node:events';
import type {
  DeviceMessage,
  LivePosition,
  MaintenanceChange,
  MaintenanceLiveItem,
  MoldLiveStatus,
  WorkOrderChange,
} from '@mouldwatch/shared';

/**
 * Events that cross modules (and, with Redis, server instances). Each topic names its payload;
 * a module that publishes a new kind of event adds its topic here.
 */
export interface BusEvents {
  /** A notice was stored for a user; the live channel pushes it to that user's sockets. */
  notice: { userId: number; noticeId: number };
  /** Every token of the user was revoked (logout, password change): their sockets close. */
  sessionsRevoked: { userId: number };
  /** A device reading was committed; the state engine and the live channel follow it. */
  reading: { deviceId: number; deviceNo: string; orgId: number; moldId: number | null; message: DeviceMessage };
  /** A device was bound, unbound, given a new token or deleted: identities cached by the ingest are stale. */
  deviceChanged: { deviceId: number };
  /**
   * A mould's status moved on: its state or online flag changed (`stateChanged`), or readings
   * changed its figures (counter, cycle time, temperatures, last connect). The live channel sends
   * it as a `list` update: a state change to everyone who may see the mould, figures to the sockets
   * showing it.
   */
  moldStatus: { orgId: number; moldId: number; status: MoldLiveStatus; stateChanged: boolean };
  /**
   * Moulds' settings were saved (`updated`: the state engine reloads them) or the moulds were deleted
   * (`removed`). The live channel tells every console that shows them. For `removed` the grants
   * are gone with the moulds, so the publisher names their holders in `userIds`, resolved before
   * the delete (AccessService.holdersOf); consoles following or watching the moulds hear of it too.
   */
  moldsChanged: { orgId: number; moldIds: number[]; change: 'updated' | 'removed'; userIds?: number[] };
  /** Moulds were granted to or taken from these users: their consoles reload their moulds. */
  grantsChanged: { userIds: number[]; moldIds: number[]; change: 'granted' | 'revoked' };
  /** The role these users hold was edited: their consoles reload the menu. */
  menuChanged: { userIds: number[] };
  /**
   * An alarm was opened, updated (worse value), closed, acknowledged or sent again (`escalated`).
   * The state engine re-judges the mould (state `alarm` while one is open); the live channel tells
   * the consoles that may read the mould, so alarm pages update without a reload.
   */
  alarmChanged: {
    orgId: number;
    moldId: number;
    alarmId: number;
    alarmType: number;
    change: 'opened' | 'updated' | 'closed' | 'acknowledged' | 'escalated' | 'withdrawn';
  };
  /**
   * A maintenance task's due status for one mould, published when it changes and again on each
   * periodic evaluation while it is not normal (receivers are idempotent). The alarm engine keeps one
   * maintenance alarm (type 1, channel `task:<taskId>`) open while the status is not normal.
   */
  maintenanceDue: {
    orgId: number;
    moldId: number;
    taskId: number;
    taskName: string;
    status: 'normal' | 'warning' | 'exceeded';
    /** Cycles or days left (negative: past due by that much). */
    remaining: number;
    unit: 'cycles' | 'days';
  };
  /**
   * Maintenance links changed (a status or what is left, a record, a manual start, a task saved or
   * deleted), at most MAINTENANCE_LIVE_CHUNK per event: the live channel sends each user the links
   * of the moulds that user may read as a `maintenance` message.
   */
  maintenanceChanged: { orgId: number; change: MaintenanceChange; items: MaintenanceLiveItem[] };
  /**
   * A work order changed (created, edited, started, progressed, finished, stopped, a reject, deleted):
   * the live channel tells the consoles that may read its mould; every instance's progress follower
   * forgets what it knew of that mould's working order.
   */
  workOrderChanged: {
    orgId: number;
    moldId: number;
    orderId: number;
    change: WorkOrderChange;
    status: string;
    finished: number;
    remaining: number;
    reject: number;
  };
  /**
   * Moulds' shown positions changed (a GPS or WiFi fix, a manual position set or cleared): the live
   * channel sends them as a `positions` message to the sockets whose user may read each mould.
   */
  moldPositions: { orgId: number; positions: LivePosition[] };
}

export type BusTopic = keyof BusEvents;
export type BusHandler<T extends BusTopic> = (event: BusEvents[T]) => void;

export interface EventBus {
  publish<T extends BusTopic>(topic: T, event: BusEvents[T]): void;
  /** Returns the unsubscribe function. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void;
  close(): Promise<void>;
}

/** The in-process bus of a single server: handlers run synchronously, in subscription order. */
export class LocalEventBus implements EventBus {
  readonly #emitter = new EventEmitter().setMaxListeners(0);

  publish<T extends BusTopic>(topic: T, event: BusEvents[T]): void {
    this.#emitter.emit(topic, event);
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    this.#emitter.on(topic, handler);
    return () => this.#emitter.off(topic, handler);
  }

  async close(): Promise<void> {
    this.#emitter.removeAllListeners();
  }
}
