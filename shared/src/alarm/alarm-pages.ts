import { MenuId } from '../menu/menu-items.js';
import { AlarmType } from '../notices/notice.js';
import type { AlarmLevel } from './alarm-rules.js';
import type { MaintenanceUnit } from '../maintenance/maintenance.js';

/** The four alarm screens (spec §2 routes 17, 18, 19, 35): which alarm types each lists, on which menu item. */
export const ALARM_PAGES = {
  temperature: { path: '/alarm/temperature', menu: MenuId.alarmTemperature, types: [AlarmType.temperature] },
  cycletime: { path: '/alarm/cycletime', menu: MenuId.alarmCycleTime, types: [AlarmType.cycleTime] },
  maintenance: { path: '/alarm/maintenance', menu: MenuId.alarmMaintenance, types: [AlarmType.maintenance] },
  /** Offline and power (battery) alarms share the network page: both are the device's, not the process's. */
  network: { path: '/alarm/network', menu: MenuId.alarmNetwork, types: [AlarmType.offline, AlarmType.power] },
} as const satisfies Record<string, { path: string; menu: number; types: readonly number[] }>;
export type AlarmPageId = keyof typeof ALARM_PAGES;
export const ALARM_PAGE_IDS = Object.keys(ALARM_PAGES) as AlarmPageId[];

/** The menu item whose actions govern alarms of a type (view to list, edit to acknowledge, export). */
export function alarmMenuOf(alarmType: number): number | undefined {
  return Object.values(ALARM_PAGES).find((page) => (page.types as readonly number[]).includes(alarmType))?.menu;
}

/** `3` or `4,5` → [3] or [4, 5]: each a known alarm type, each once; undefined when not so. */
export function parseAlarmTypes(text: string): number[] | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.length > 5 || !parts.every((part) => /^[1-5]$/.test(part))) return undefined;
  return [...new Set(parts.map(Number))];
}

export const ALARM_STATES = ['open', 'closed'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** At most this many alarms in one acknowledgement; a comment of at most this many characters. */
export const MAX_ACK_IDS = 500;
export const MAX_ACK_COMMENT = 500;
/** The escalation delay an organisation may set, in minutes (0: never sent again). */
export const MAX_ESCALATION_MINUTES = 1440;
export const DEFAULT_ESCALATION_MINUTES = 30;
/** An export holds at most this many alarms, newest first. */
export const MAX_ALARM_EXPORT_ROWS = 50_000;

/** An alarm as `GET /api/yudata/alarm/` lists it; times are epoch seconds, temperatures °C. */
export interface AlarmRecord {
  id: number;
  unique_str: string;
  alarm_type: number;
  mold_id: number;
  mold_name: string;
  mold_number: string;
  company_name: string;
  group_name: string;
  channel: string;
  channel_name: string;
  temp_type: number | null;
  level: AlarmLevel;
  value: number | null;
  bound: number | null;
  set_value: number | null;
  /** Ours, beyond the spec's fields: what a maintenance alarm's value counts (cycles or days left, negative past due); null for other types. */
  unit: MaintenanceUnit | null;
  open_datetime: number;
  update_datetime: number;
  close_datetime: number | null;
  /** Open for this long: up to the close, or up to now while open. */
  duration_s: number;
  acknowledged: boolean;
  ack_datetime: number | null;
  ack_user_name: string;
  ack_comment: string;
  notified_count: number;
}

export interface AlarmSettings {
  escalation_minutes: number;
}

/** How an alarm's value and bound read: a temperature (°C, shown in the user's unit), seconds, percent or a count. */
export type AlarmValueKind = 'temperature' | 'seconds' | 'percent' | 'count';

export function alarmValueKind(channel: string): AlarmValueKind {
  if (channel.startsWith('mold_temp:') || channel.startsWith('hrs_temp:')) return 'temperature';
  if (channel === 'battery') return 'percent';
  if (channel.startsWith('task:')) return 'count';
  return 'seconds';
}

/**
 * The channel as the lists show it: its configured name, else T1… for mould and HR1… for hot
 * runner channels; the other channels by `label` (cycle time, offline …, in the reader's language).
 */
export function alarmChannelText(
  alarm: Pick<AlarmRecord, 'channel' | 'channel_name'>,
  label: (channel: AlarmChannelLabel) => string,
): string {
  if (alarm.channel_name) return alarm.channel_name;
  const [kind, number] = alarm.channel.split(':');
  if (kind === 'mold_temp') return `T${number}`;
  if (kind === 'hrs_temp') return `HR${number}`;
  if (kind === 'task') return label('task');
  return (ALARM_CHANNEL_LABELS as readonly string[]).includes(alarm.channel)
    ? label(alarm.channel as AlarmChannelLabel)
    : alarm.channel;
}
export const ALARM_CHANNEL_LABELS = ['cycle_time', 'open_time', 'close_time', 'offline', 'battery', 'task'] as const;
export type AlarmChannelLabel = (typeof ALARM_CHANNEL_LABELS)[number];

const two = (value: number) => String(value).padStart(2, '0');

/** A duration as `2d 03:04:05` (days only when there are any), the same in every language. */
export function formatAlarmDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const clock = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
