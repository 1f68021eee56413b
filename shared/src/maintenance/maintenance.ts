import * as z from 'zod/mini';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';
import { wallClockAt } from '../time/zoned.js';

const message = (key: ValidationMessageKey) => ({ message: key });

/** PM: due by the mould's cycle counter (and optionally by days); regular: due on a calendar. */
export const MAINTENANCE_TASK_TYPES = ['pm', 'regular'] as const;
export type MaintenanceTaskType = (typeof MAINTENANCE_TASK_TYPES)[number];

/** `schedule_type` of a regular task: every `repeat` days (0), weeks (1) or months (2). */
export const SCHEDULE_TYPES = [0, 1, 2] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** The warning window before the due point: a percentage of the interval, or a number of cycles / days. */
export const WARNING_TYPES = ['percent', 'count'] as const;
export type WarningType = (typeof WARNING_TYPES)[number];

/** Spec §4: Normal, Preventive MAINT, PM Target Exceeded. */
export const MAINTENANCE_STATUSES = ['normal', 'warning', 'exceeded'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export type MaintenanceUnit = 'cycles' | 'days';

/** The four ways a maintenance figure reads: cycles or days left, or cycles or days past due. */
export type MaintenanceAmountKey = 'remainingCycles' | 'remainingDays' | 'overCycles' | 'overDays';

/**
 * What a task's `remaining` says (the schedule's figure, a maintenance alarm's value): which of the
 * four texts, and the amount it counts, never negative ("1486 cycles over" for -1486 cycles).
 */
export function maintenanceAmount(
  remaining: number,
  unit: MaintenanceUnit,
): { key: MaintenanceAmountKey; count: number } {
  const cycles = unit === 'cycles';
  if (remaining < 0) return { key: cycles ? 'overCycles' : 'overDays', count: -remaining };
  return { key: cycles ? 'remainingCycles' : 'remainingDays', count: remaining === 0 ? 0 : remaining };
}

export const MAINTENANCE_CHECKLIST_MAX = 50;
export const MAINTENANCE_TEXT_MAX = 200;
export const MAINTENANCE_INTERVAL_MAX = 100_000_000;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const text = (max: number) =>
  z.pipe(
    z.string(message('required')).check(z.trim()),
    z.string().check(z.minLength(1, message('required')), z.maxLength(max, message('textTooLong'))),
  );
const positiveInt = (max: number) =>
  z
    .number(message('wholeNumber'))
    .check(z.int(message('wholeNumber')), z.gte(1, message('notZero')), z.lte(max, message('tooLarge')));

/**
 * `POST /api/yudata/maintenance/task/` and `PUT …/task/{id}/` (spec §3 "Maintenance task"): the
 * task applies to one mould (`mold`), or to every mould of a company (`company`) or group (`group`).
 */
export const maintenanceTaskFormSchema = z
  .object({
    task_name: text(64),
    task_type: z._default(z.enum(MAINTENANCE_TASK_TYPES), 'pm'),
    mold: z._default(z.nullable(z.number().check(z.int(), z.positive())), null),
    company: z._default(z.number().check(z.int(), z.gte(0)), 0),
    group: z._default(z.number().check(z.int(), z.gte(0)), 0),
    /** PM: cycles between two maintenances. */
    maint_interval: z._default(z.nullable(positiveInt(MAINTENANCE_INTERVAL_MAX)), null),
    /** PM: also due after this many days, whichever comes first. */
    interval_days: z._default(z.nullable(positiveInt(3660)), null),
    schedule_type: z._default(z.union([z.literal(0), z.literal(1), z.literal(2)]), 0),
    repeat: z._default(z.nullable(positiveInt(1000)), null),
    /** Regular: the first due date, `YYYY-MM-DD` in the mould's time zone. */
    start_repeat: z._default(z.nullable(z.string().check(z.regex(DATE_PATTERN, message('required')))), null),
    warning_type: z._default(z.enum(WARNING_TYPES), 'percent'),
    warning_value: z._default(
      z
        .number(message('wholeNumber'))
        .check(z.int(message('wholeNumber')), z.gte(0), z.lte(MAINTENANCE_INTERVAL_MAX, message('tooLarge'))),
      10,
    ),
    content: z._default(
      z
        .array(z.object({ content: text(MAINTENANCE_TEXT_MAX) }))
        .check(z.maxLength(MAINTENANCE_CHECKLIST_MAX, message('tooManyItems'))),
      [],
    ),
  })
  .check(
    z.superRefine((task, ctx) => {
      const issue = (path: string, key: ValidationMessageKey) =>
        ctx.addIssue({ code: 'custom', path: [path], message: key, input: task });
      if (task.mold === null && task.company === 0 && task.group === 0) issue('mold', 'required');
      if (task.task_type === 'pm') {
        if (task.maint_interval === null && task.interval_days === null) issue('maint_interval', 'required');
        if (task.warning_type === 'percent' && task.warning_value > 99) issue('warning_value', 'tooLarge');
      } else {
        if (task.repeat === null) issue('repeat', 'required');
        if (task.start_repeat === null) issue('start_repeat', 'required');
        if (task.warning_type === 'percent' && task.warning_value > 99) issue('warning_value', 'tooLarge');
      }
    }),
  );
export type MaintenanceTaskForm = z.input<typeof maintenanceTaskFormSchema>;
export type MaintenanceTaskInput = z.output<typeof maintenanceTaskFormSchema>;

/** `POST /api/yudata/maintenance/record/` ("submit a maintenance task"). */
export const maintenanceRecordFormSchema = z.object({
  task_id: z.number().check(z.int(), z.positive()),
  mold_id: z.number().check(z.int(), z.positive()),
  /** The checklist items done, by their index in the task's `content`. */
  checked: z._default(
    z
      .array(z.number().check(z.int(), z.gte(0), z.lt(MAINTENANCE_CHECKLIST_MAX)))
      .check(z.maxLength(MAINTENANCE_CHECKLIST_MAX)),
    [],
  ),
  remarks: z._default(z.string().check(z.trim(), z.maxLength(500, message('textTooLong'))), ''),
});
export type MaintenanceRecordForm = z.input<typeof maintenanceRecordFormSchema>;

/** What the due rules need of one task on one mould. */
export interface DueInput {
  task_type: MaintenanceTaskType;
  maint_interval: number | null;
  interval_days: number | null;
  schedule_type: ScheduleType;
  repeat: number | null;
  start_repeat: string | null;
  warning_type: WarningType;
  warning_value: number;
  /** The mould's counter now (null before it reported). */
  counter: number | null;
  /** The counter at the last maintenance (or when the task began on the mould). */
  base_counter: number;
  /** When the count began: the last maintenance, or when the task was linked (epoch s). */
  base_at: number;
  /** The last maintenance (epoch s), null before the first. */
  last_maint_at: number | null;
  /** "Start a task manually": due from this moment until maintenance is recorded (epoch s). */
  due_now_at: number | null;
  /** IANA zone of the calendar (the mould's, else the task's). */
  zone: string;
}

export interface DueResult {
  status: MaintenanceStatus;
  /** Cycles or days left; 0 or negative once due (how far past). Null when nothing can be told yet. */
  remaining: number | null;
  unit: MaintenanceUnit;
  /** Regular and day-based PM: the due date (`YYYY-MM-DD`, in the zone). */
  due_date: string | null;
}

const STATUS_RANK: Record<MaintenanceStatus, number> = { normal: 0, warning: 1, exceeded: 2 };

/** Calendar date of an instant in a zone, as a day number (days since 1970-01-01). */
export function localDay(epochSeconds: number, zone: string): number {
  const wall = wallClockAt(epochSeconds, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day) / 86_400_000;
}

export const dayToDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
export const dateToDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The date `n` months after, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
function addMonths(day: number, months: number): number {
  const date = new Date(day * 86_400_000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) / 86_400_000;
}

/** The k-th occurrence (from 0) of a calendar schedule. */
function occurrence(startDay: number, scheduleType: ScheduleType, repeat: number, k: number): number {
  if (scheduleType === 2) return addMonths(startDay, k * repeat);
  return startDay + k * repeat * (scheduleType === 1 ? 7 : 1);
}

/**
 * The next due date of a regular task: its start date until it is first done, then the first
 * occurrence after the day of the last maintenance (a maintenance done early or late does not move
 * the rhythm: every 2 weeks from a Monday stays on Mondays).
 */
export function nextCalendarDue(
  startDate: string,
  scheduleType: ScheduleType,
  repeat: number,
  lastDoneDay: number | null,
): number {
  const start = dateToDay(startDate);
  if (lastDoneDay === null || lastDoneDay < start) return start;
  const stepDays = scheduleType === 2 ? 28 * repeat : repeat * (scheduleType === 1 ? 7 : 1);
  let k = Math.max(0, Math.floor((lastDoneDay - start) / stepDays) - 1);
  while (occurrence(start, scheduleType, repeat, k) <= lastDoneDay) k += 1;
  return occurrence(start, scheduleType, repeat, k);
}

/** How wide the warning window is, for an interval of this length. */
export function warningWindow(interval: number, warningType: WarningType, warningValue: number): number {
  return warningType === 'percent' ? Math.ceil((interval * warningValue) / 100) : warningValue;
}

function statusOf(remaining: number, window: number): MaintenanceStatus {
  if (remaining <= 0) return 'exceeded';
  return remaining <= window ? 'warning' : 'normal';
}

/**
 * The due status of a task on a mould at `now` (epoch s): PM by cycles (the interval less the cycles
 * since the base) and, where set, by days since the base — whichever comes first; regular by its
 * calendar in the zone. At or below 0 left the target is exceeded; inside the warning window it is
 * Preventive MAINT. A task started manually is due from then until maintenance is recorded.
 */
export function maintenanceDue(task: DueInput, now: number): DueResult {
  const results: DueResult[] = [];
  const today = localDay(now, task.zone);
  if (task.task_type === 'pm') {
    if (task.maint_interval !== null && task.counter !== null) {
      const remaining = task.maint_interval - Math.max(0, task.counter - task.base_counter);
      const window = warningWindow(task.maint_interval, task.warning_type, task.warning_value);
      results.push({ status: statusOf(remaining, window), remaining, unit: 'cycles', due_date: null });
    }
    if (task.interval_days !== null) {
      const dueDay = localDay(task.base_at, task.zone) + task.interval_days;
      const remaining = dueDay - today;
      const window = warningWindow(task.interval_days, task.warning_type, task.warning_value);
      results.push({ status: statusOf(remaining, window), remaining, unit: 'days', due_date: dayToDate(dueDay) });
    }
  } else if (task.start_repeat !== null && task.repeat !== null) {
    const lastDay = task.last_maint_at === null ? null : localDay(task.last_maint_at, task.zone);
    const dueDay = nextCalendarDue(task.start_repeat, task.schedule_type, task.repeat, lastDay);
    const period = task.schedule_type === 2 ? 30 * task.repeat : task.repeat * (task.schedule_type === 1 ? 7 : 1);
    const remaining = dueDay - today;
    const window = warningWindow(period, task.warning_type, task.warning_value);
    results.push({ status: statusOf(remaining, window), remaining, unit: 'days', due_date: dayToDate(dueDay) });
  }
  const unit: MaintenanceUnit = task.task_type === 'pm' && task.maint_interval !== null ? 'cycles' : 'days';
  let worst: DueResult = results[0] ?? { status: 'normal', remaining: null, unit, due_date: null };
  for (const result of results.slice(1)) {
    if (STATUS_RANK[result.status] > STATUS_RANK[worst.status]) worst = result;
  }
  if (task.due_now_at !== null && task.due_now_at <= now && worst.status !== 'exceeded') {
    return { ...worst, status: 'exceeded', remaining: Math.min(0, worst.remaining ?? 0) };
  }
  return worst;
}

/** One row of the schedule list (`GET /api/yudata/maintenance/schedule/`). */
export interface MaintenanceScheduleItem {
  task_id: number;
  mold_id: number;
  task_name: string;
  task_type: MaintenanceTaskType;
  mold_name: string;
  mold_number: string;
  company_name: string | null;
  group_name: string | null;
  content: Array<{ content: string }>;
  maint_interval: number | null;
  interval_days: number | null;
  schedule_type: ScheduleType;
  repeat: number | null;
  start_repeat: string | null;
  status: MaintenanceStatus;
  remaining: number | null;
  unit: MaintenanceUnit;
  due_date: string | null;
  /** The last maintenance (epoch s), null before the first. */
  last_maint_datetime: number | null;
  /** When it became due (Preventive MAINT or past due), null while normal. */
  alarm_datetime: number | null;
  /** Started manually at (epoch s), until maintenance is recorded. */
  started_datetime: number | null;
}

/** A task as the task calls answer it (for the edit drawer). */
export interface MaintenanceTaskRecord {
  id: number;
  task_name: string;
  task_type: MaintenanceTaskType;
  mold: number | null;
  company: number;
  group: number;
  maint_interval: number | null;
  interval_days: number | null;
  schedule_type: ScheduleType;
  repeat: number | null;
  start_repeat: string | null;
  warning_type: WarningType;
  warning_value: number;
  content: Array<{ content: string }>;
  mold_count: number;
}

/** One row of the history list (`GET /api/yudata/maintenance/history/`). */
export interface MaintenanceHistoryItem {
  id: number;
  task_id: number | null;
  task_name: string;
  task_type: MaintenanceTaskType;
  mold_id: number;
  mold_name: string;
  mold_number: string;
  content: Array<{ content: string; checked: boolean }>;
  remarks: string;
  /** The maintenance before this one (or when the count began), epoch s. */
  last_maint_datetime: number | null;
  /** Cycles or days used since then. */
  used: number | null;
  used_unit: MaintenanceUnit;
  counter: number | null;
  confirmer: string;
  confirmed_datetime: number;
  alarm_datetime: number | null;
}
