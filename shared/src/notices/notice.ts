/** Alarm kinds of a notice (spec §9): 1 maintenance/cycle, 2 cycle time, 3 temperature, 4 offline, 5 power. */
export const AlarmType = {
  maintenance: 1,
  cycleTime: 2,
  temperature: 3,
  offline: 4,
  power: 5,
} as const;
export type AlarmType = (typeof AlarmType)[keyof typeof AlarmType];
export const ALARM_TYPES: readonly AlarmType[] = Object.values(AlarmType);

/**
 * The alarms of the process that put a mould in state `alarm` while open: its temperatures and its
 * cycle. A maintenance task past due or a low battery do not stop a mould that runs from running
 * (its run time, and so its OEE, stays true); offline is the state `off` already.
 */
export const STATE_ALARM_TYPES: readonly AlarmType[] = [AlarmType.cycleTime, AlarmType.temperature];

/** A notice as `GET /api/yudata/user_message/` lists it and the live channel announces it. */
export interface Notice {
  id: number;
  alarm_type: AlarmType;
  unique_str: string;
  /** Epoch seconds. */
  create_datetime: number;
  mold_id: number | null;
  mold_name: string;
  mold_number: string;
  /** A JSON string ({number, temp_type, temp_name, power}); shown raw when it does not parse. */
  content: string;
  is_read: boolean;
}

/**
 * A notice that a mould's device sent readings older than the raw retention, stored but counted in
 * no history: one per device and burst of them (content: {number, device_no, count, oldest_ts,
 * retention_days}).
 */
export const TOO_OLD_READINGS_NOTICE_TYPE = 7;

/** Notices per page of the bell's list; the list loads more once it holds more than 9. */
export const NOTICE_PAGE_SIZE = 10;

/** Where a click on a notice leads (spec §2); type 5 (power) leads nowhere. */
export function alarmRouteFor(alarmType: number): string | undefined {
  switch (alarmType) {
    case AlarmType.maintenance:
      return '/alarm/maintenance';
    case AlarmType.cycleTime:
      return '/alarm/cycletime';
    case AlarmType.temperature:
      return '/alarm/temperature';
    case AlarmType.offline:
      return '/alarm/network';
    // A renewal reminder (shared/src/renewal): the renewal overview.
    case 6:
      return '/renewal/renewalAlarm';
    default:
      return undefined;
  }
}

export interface NoticeContent {
  number?: string | number;
  temp_type?: number;
  temp_name?: string;
  power?: number;
  /** The alarm engine's fields: the worst value, 'early' (a warning) or 'alert', what was judged. */
  value?: number | null;
  level?: string;
  channel?: string;
  /** A renewal reminder's stage (30 or 15 days before) and the expiry (epoch seconds). */
  stage?: number;
  expires_at?: number;
  /** Readings too old to be counted: the device, how many came first, the oldest (epoch s), the retention (days). */
  device_no?: string;
  count?: number;
  oldest_ts?: number;
  retention_days?: number;
}

/** The parsed content of a notice, or undefined when it is not a JSON object. */
export function parseNoticeContent(content: string): NoticeContent | undefined {
  try {
    const parsed: unknown = JSON.parse(content);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as NoticeContent) : undefined;
  } catch {
    return undefined;
  }
}
