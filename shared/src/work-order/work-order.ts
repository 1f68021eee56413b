import * as z from 'zod/mini';
import type { ServerMessageKey } from '../i18n/server-messages.js';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';

/**
 * Work orders (spec §3, §4, §5): the form both the console and the server check, the lifecycle
 * created → working → finish | stop, and the progress an order makes with its mould's counter.
 * Decisions are in docs/decisions.md, "Work orders (issue 13)".
 */

const message = (key: ValidationMessageKey) => ({ message: key });

export const WORK_ORDER_STATUSES = ['created', 'working', 'finish', 'stop'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Order id: letters, digits and _ - # / ( ) (spec §5). */
export const ORDER_NO_PATTERN = /^[A-Za-z0-9_\-#/()]+$/;
export const ORDER_NO_MAX_LENGTH = 32;
/** Quantities fit the database's integer with room: at most nine digits. */
export const WORK_ORDER_MAX_QUANTITY = 999_999_999;
/** Quantity as typed: digits only, no leading zeros (spec §5). */
export const QUANTITY_TEXT_PATTERN = /^(0|[1-9]\d{0,8})$/;
export const WORK_ORDER_TEXT_MAX = 64;
export const WORK_ORDER_REMARKS_MAX = 500;
/** One reject entry: at most this many parts. */
export const REJECT_MAX_QUANTITY = 1_000_000;

const NUL = '\u0000';
const noNul = () => z.refine<string>((value) => !value.includes(NUL), message('noNulCharacter'));
/** Required text: surrounding spaces dropped, then 1 to `max` characters. */
const requiredText = (max: number) =>
  z.pipe(
    z.string(message('required')).check(z.trim()),
    z.string().check(z.minLength(1, message('required')), z.maxLength(max, message('textTooLong')), noNul()),
  );
const optionalText = (max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, message('textTooLong')), noNul()), '');
const quantityRule = () =>
  z
    .int(message('wholeNumber'))
    .check(z.gte(0, message('wholeNumber')), z.lte(WORK_ORDER_MAX_QUANTITY, message('tooLarge')));

export const orderNoRule = z.pipe(
  z.string(message('required')).check(z.trim()),
  z
    .string()
    .check(
      z.minLength(1, message('required')),
      z.maxLength(ORDER_NO_MAX_LENGTH, message('orderNoLength')),
      z.regex(ORDER_NO_PATTERN, message('orderNoFormat')),
    ),
);

/** A quantity field's text (the console's input): required, digits only, no leading zeros. */
export const quantityTextRule = z
  .string(message('required'))
  .check(z.minLength(1, message('required')), z.regex(QUANTITY_TEXT_PATTERN, message('wholeNumber')));

/**
 * `POST` / `PUT /api/yudata/work_order/`: the order as the user plans it. Required as spec §5 lists:
 * order ID, quantity, mould, machine (processor), workshop, project name, start date. `start_date`
 * is epoch seconds; quantities are whole numbers (the console checks their text with
 * `quantityTextRule` first).
 */
export const workOrderFormSchema = z.object({
  order_no: orderNoRule,
  mold_id: z.int(message('required')).check(z.gte(1, message('required'))),
  machine: requiredText(WORK_ORDER_TEXT_MAX),
  workshop: requiredText(WORK_ORDER_TEXT_MAX),
  project_name: requiredText(WORK_ORDER_TEXT_MAX),
  start_date: z
    .int(message('required'))
    .check(z.gte(0, message('required')), z.lte(4_102_444_800, message('tooLarge'))),
  quantity: quantityRule(),
  /** Parts already made for this order before it runs here: they count as finished. */
  starting_quantity: z._default(quantityRule(), 0),
  revision: optionalText(32),
  remarks: optionalText(WORK_ORDER_REMARKS_MAX),
});
export type WorkOrderForm = z.infer<typeof workOrderFormSchema>;
export type WorkOrderFormInput = z.input<typeof workOrderFormSchema>;

/** `POST /api/yudata/work_order/{id}/reject/`: rejected parts and a remark. */
export const workOrderRejectSchema = z.object({
  quantity: z
    .int(message('rejectQuantity'))
    .check(z.gte(1, message('rejectQuantity')), z.lte(REJECT_MAX_QUANTITY, message('tooLarge'))),
  remark: optionalText(200),
});
export type WorkOrderReject = z.infer<typeof workOrderRejectSchema>;

// ── lifecycle ────────────────────────────────────────────────────────────────────────────────

/** Why an order of this status cannot be edited (the spec's two messages), or null when it can. */
export function editRefusal(
  status: WorkOrderStatus,
): Extract<ServerMessageKey, 'orderEditWorking' | 'orderEditCompleted'> | null {
  if (status === 'working') return 'orderEditWorking';
  if (status === 'finish') return 'orderEditCompleted';
  return null;
}

/** Only a planned order starts (by hand after the confirmation, or at its start date). */
export const canStart = (status: WorkOrderStatus) => status === 'created';
/** Only a working order is stopped by a user. */
export const canStop = (status: WorkOrderStatus) => status === 'working';
/** Rejects are counted once parts were made: while working and after it ended (finish or stop). */
export const canRecordReject = (status: WorkOrderStatus) => status !== 'created';
/** A working order is stopped first; the others may be deleted (with their rejects). */
export const canDelete = (status: WorkOrderStatus) => status !== 'working';
/** A planned order starts by itself once its start date has come. */
export const dueToStart = (status: WorkOrderStatus, startDate: Date, now: Date) =>
  status === 'created' && startDate.getTime() <= now.getTime();

// ── progress ─────────────────────────────────────────────────────────────────────────────────

export interface ProgressInput {
  quantity: number;
  startingQuantity: number;
  /** The mould's counter when the order started. */
  startCounter: number | null;
  /** The mould's counter now. */
  counter: number | null;
  cavitation: number | null;
}

export interface Progress {
  finished: number;
  remaining: number;
  /** finished ≥ quantity: the order moves to finish. */
  reached: boolean;
}

/**
 * finished = starting quantity + (counter − start counter) × cavitation; a counter that went back
 * (a device reset) counts no negative parts. remaining = quantity − finished, never below 0.
 */
export function workOrderProgress(input: ProgressInput): Progress {
  const cycles =
    input.startCounter === null || input.counter === null ? 0 : Math.max(0, input.counter - input.startCounter);
  const cavitation = input.cavitation && input.cavitation > 0 ? input.cavitation : 1;
  const finished = Math.min(WORK_ORDER_MAX_QUANTITY * 2, input.startingQuantity + cycles * cavitation);
  return { finished, remaining: Math.max(0, input.quantity - finished), reached: finished >= input.quantity };
}

/**
 * The finish estimate's window: the order's last 4 hours (or its whole run, when shorter). Over
 * hours a brief idle or one long cycle moves the pace a little; the last cycle time alone made the
 * estimate swing by days within seconds (issue 25).
 */
export const FINISH_PACE_WINDOW_S = 4 * 3600;
/** The prior cycle time counts as this many cycles: it rules a just-started order and fades as cycles come. */
export const FINISH_PACE_PRIOR_CYCLES = 10;

/** Where the finish estimate's window starts: 4 hours ago, or when the order started if later. */
export function finishPaceWindowStart(startedAt: Date, now: Date): Date {
  return new Date(Math.max(startedAt.getTime(), now.getTime() - FINISH_PACE_WINDOW_S * 1000));
}

export interface FinishEstimateInput {
  now: Date;
  remaining: number;
  cavitation: number | null;
  /** Cycles the mould made in the window (its counter now less its counter at the window's start). */
  windowCycles: number;
  /** The window's length in seconds (from finishPaceWindowStart to now), idle and stopped time included. */
  windowSeconds: number;
  /** The cycle time expected before the window says much: the mould's target, else its last cycle time. */
  priorCycleTime: number | null;
}

/**
 * The order's pace as seconds per cycle: the window's wall time over its cycles, with the prior cycle
 * time weighed in as FINISH_PACE_PRIOR_CYCLES cycles. Null when neither says anything.
 */
export function smoothedCycleTime(windowCycles: number, windowSeconds: number, prior: number | null): number | null {
  const cycles = Math.max(0, windowCycles);
  const seconds = Math.max(0, windowSeconds);
  const priorCycles = prior !== null && prior > 0 ? FINISH_PACE_PRIOR_CYCLES : 0;
  const total = cycles + priorCycles;
  if (total === 0) return null;
  return (seconds + priorCycles * (prior ?? 0)) / total;
}

/**
 * When the remaining parts are expected to be made (epoch seconds): remaining ÷ cavitation cycles at
 * the order's smoothed pace from now; null without a pace or when nothing remains (a finished or
 * overshot order).
 */
export function expectedFinishAt(input: FinishEstimateInput): number | null {
  if (input.remaining <= 0) return null;
  const cycleTime = smoothedCycleTime(input.windowCycles, input.windowSeconds, input.priorCycleTime);
  if (cycleTime === null || !(cycleTime > 0)) return null;
  const cycles = Math.ceil(input.remaining / (input.cavitation && input.cavitation > 0 ? input.cavitation : 1));
  return Math.round(input.now.getTime() / 1000 + cycles * cycleTime);
}

/** Percent done for a progress bar, 0 … 100. */
export function progressPercent(finished: number, quantity: number): number {
  if (quantity <= 0) return 100;
  return Math.min(100, Math.floor((finished / quantity) * 1000) / 10);
}

/** A row of `GET /api/yudata/work_order/` and the answer of its other calls. */
export interface WorkOrderRecord {
  id: number;
  order_no: string;
  mold_id: number;
  mold_name: string;
  mold_number: string;
  machine: string;
  workshop: string;
  project_name: string;
  /** Epoch seconds. */
  start_date: number;
  quantity: number;
  starting_quantity: number;
  status: WorkOrderStatus;
  finished: number;
  remaining: number;
  reject: number;
  revision: string;
  remarks: string;
  started_at: number | null;
  ended_at: number | null;
  /** Epoch seconds when the remaining parts are expected (working orders with a cycle time), else null. */
  expected_finish: number | null;
  created_at: number;
  updated_at: number;
}

/** One reject entry of an order (`GET /api/yudata/work_order/{id}/`). */
export interface WorkOrderRejectRecord {
  id: number;
  quantity: number;
  remark: string;
  recorded_at: number;
  recorded_by: string;
}
