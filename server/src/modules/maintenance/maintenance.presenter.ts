import type {
  MaintenanceHistoryItem,
  MaintenanceScheduleItem,
  MaintenanceTaskRecord,
  ScheduleType,
} from '@mouldwatch/shared';
import type { MaintenanceRepository } from './maintenance.repository.js';

type Rows<K extends keyof MaintenanceRepository> = MaintenanceRepository[K] extends (
  ...args: never[]
) => Promise<infer R>
  ? R
  : never;
type TaskRow = NonNullable<Rows<'findTask'>>;
type ScheduleRow = Rows<'schedulePage'>['rows'][number];
type HistoryRow = Rows<'historyPage'>['rows'][number];

const epoch = (date: Date | null) => (date === null ? null : Math.floor(new Date(date).getTime() / 1000));

export function presentTask(row: TaskRow): MaintenanceTaskRecord {
  return {
    id: Number(row.id),
    task_name: row.task_name,
    task_type: row.task_type,
    mold: row.mold_id === null ? null : Number(row.mold_id),
    company: row.company_id === null ? 0 : Number(row.company_id),
    group: row.group_id === null ? 0 : Number(row.group_id),
    maint_interval: row.maint_interval,
    interval_days: row.interval_days,
    schedule_type: row.schedule_type as ScheduleType,
    repeat: row.repeat,
    start_repeat: row.start_repeat,
    warning_type: row.warning_type,
    warning_value: row.warning_value,
    content: row.content,
    mold_count: Number(row.mold_count ?? 0),
  };
}

export function presentScheduleItem(row: ScheduleRow): MaintenanceScheduleItem {
  return {
    task_id: Number(row.task_id),
    mold_id: Number(row.mold_id),
    task_name: row.task_name,
    task_type: row.task_type,
    mold_name: row.mold_name,
    mold_number: row.mold_number,
    company_name: row.company_name,
    group_name: row.group_name,
    content: row.content,
    maint_interval: row.maint_interval,
    interval_days: row.interval_days,
    schedule_type: row.schedule_type as ScheduleType,
    repeat: row.repeat,
    start_repeat: row.start_repeat,
    status: row.status,
    remaining: row.remaining,
    unit: row.unit,
    due_date: row.due_date,
    last_maint_datetime: epoch(row.last_maint_at),
    alarm_datetime: epoch(row.alarm_at),
    started_datetime: epoch(row.due_now_at),
  };
}

export function presentHistoryItem(row: HistoryRow): MaintenanceHistoryItem {
  return {
    id: Number(row.id),
    task_id: row.task_id === null ? null : Number(row.task_id),
    task_name: row.task_name,
    task_type: row.task_type,
    mold_id: Number(row.mold_id),
    mold_name: row.mold_name,
    mold_number: row.mold_number,
    content: row.content,
    remarks: row.remarks,
    last_maint_datetime: epoch(row.previous_at),
    used: row.used,
    used_unit: row.used_unit,
    counter: row.counter,
    confirmer: row.confirmer_name,
    confirmed_datetime: epoch(row.confirmed_at)!,
    alarm_datetime: epoch(row.alarm_at),
  };
}
