import type { LivePosition } from '../location/location.js';

/** Live channel constants (spec §9, DESIGN §6). */
export const LIVE_PATH = '/ws';
export const LIVE_PING_INTERVAL_MS = 20_000;
export const LIVE_REPLY_TIMEOUT_MS = 10_000;
/** More failed reconnects than this in a row and the console tells the user to refresh. */
export const LIVE_MAX_RECONNECTS = 10;
export const LIVE_AUTH_TIMEOUT_MS = 10_000;
export const LIVE_MAX_FRAME_BYTES = 64 * 1024;
/** At most this many moulds of a list a socket watches at once (the ones on screen). */
export const LIVE_MAX_WATCHED_MOLDS = 500;

/** What a browser may send: its schema has an entry point of its own (client-messages.ts). */
export type { LiveClientMessage } from './client-messages.js';

/** Why a user's moulds changed: see the `moulds` message. */
export const MOULD_SET_CHANGES = ['granted', 'revoked', 'updated', 'removed'] as const;
export type MouldSetChange = (typeof MOULD_SET_CHANGES)[number];

/** What happened to an alarm (the bus's `alarmChanged`). */
export const ALARM_CHANGES = ['opened', 'updated', 'closed', 'acknowledged', 'escalated', 'withdrawn'] as const;
export type AlarmChange = (typeof ALARM_CHANGES)[number];
/** What happened to a work order (the `work_order` message). */
export const WORK_ORDER_CHANGES = [
  'created',
  'updated',
  'started',
  'progress',
  'finished',
  'stopped',
  'reject',
  'deleted',
] as const;
export type WorkOrderChange = (typeof WORK_ORDER_CHANGES)[number];
/**
 * Why maintenance links changed (the `maintenance` message): evaluated (the counter or the calendar
 * moved a status or what is left), recorded (maintenance submitted), started (started manually),
 * saved (a task added or edited), deleted (a task deleted).
 */
export const MAINTENANCE_CHANGES = ['evaluated', 'recorded', 'started', 'saved', 'deleted'] as const;
export type MaintenanceChange = (typeof MAINTENANCE_CHANGES)[number];
/** One task on one mould as the `maintenance` message carries it. */
export interface MaintenanceLiveItem {
  mold_id: number;
  task_id: number;
  /** The link's status now; `normal` for a deleted task's links. */
  status: 'normal' | 'warning' | 'exceeded';
  /** Cycles or days left (negative: past due by that much); null when unknown (no counter yet). */
  remaining: number | null;
  unit: 'cycles' | 'days';
  /** The mould's counter when this was evaluated, and home's "cycles until PM" at that counter. */
  counter: number | null;
  cycles_until_pm: number | null;
}
/** At most this many links in one `maintenance` message (a company-wide task is sent in parts). */
export const MAINTENANCE_LIVE_CHUNK = 500;

/** A user's unread notices: how many, and the newest of them (its id). */
export interface UnreadNotices {
  count: number;
  newestId: number;
}

/** What the server sends. */
export type LiveServerMessage =
  | { type: 'login'; code: number; msg: string }
  /**
   * `countedThrough`: the newest unread notice counted in `messageCount` (0: none). A `notify` of a
   * notice up to it is already counted: its push may reach the socket after the count does.
   */
  | { type: 'ping'; message: 'pong'; messageCount: number; countedThrough: number }
  | {
      type: 'notify';
      notify_type: number;
      id: number;
      mold_name: string;
      mold_number: string;
      content: string;
      service_type: 'notice';
      unique_str: string;
      create_datetime: number;
    }
  | { type: 'info'; code: number; mold_id: number | null; msg?: string; data?: unknown }
  | { type: 'list'; data: unknown }
  /**
   * The user's set of moulds or a mould's settings changed (a grant given or taken away, a mould
   * edited or deleted): the console reloads what shows these moulds, and leaves a mould it may no
   * longer see.
   */
  | { type: 'moulds'; change: MouldSetChange; mold_ids: number[] }
  /** The user's role was edited: the console reloads its menu (and leaves a screen it lost). */
  | { type: 'menu' }
  /** An alarm of a mould the user may read was opened, updated, closed, acknowledged or escalated: alarm pages refetch. */
  | { type: 'alarms'; alarm_type: number; mold_id: number; change: AlarmChange }
  /**
   * A work order of a mould the user may read changed (created, edited, started, progressed,
   * finished, stopped, a reject recorded, deleted): the work order list and page update in place.
   */
  | {
      type: 'work_order';
      change: WorkOrderChange;
      id: number;
      mold_id: number;
      status: string;
      finished: number;
      remaining: number;
      reject: number;
    }
  /**
   * Maintenance tasks of moulds the user may read changed status or what is left, maintenance was
   * recorded or started, or tasks were saved or deleted: the schedule, the history and home's
   * "cycles until PM" update without polling. Only the user's readable moulds' links are listed.
   */
  | { type: 'maintenance'; change: MaintenanceChange; data: MaintenanceLiveItem[] }
  /** Moulds' shown positions changed (the map moves their markers): only moulds the user may read. */
  | { type: 'positions'; data: LivePosition[] }
  | { type: 'error'; msg: string };
