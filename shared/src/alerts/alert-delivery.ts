import * as z from 'zod/mini';
import { ALARM_TYPES, type AlarmType } from '../notices/notice.js';
import { instantOfWallClock, wallClockAt } from '../time/zoned.js';
import type { FREQUENCY_PERIODS, NOTICE_FREQUENCIES } from '../validation/rules.js';

/**
 * Alert messages by e-mail and SMS (docs/decisions.md, alerts-delivery). A user's `frequency` N and
 * `frequencyPeriod` (daily | weekly) mean: at most N messages per period. A period starts at
 * DIGEST_HOUR in the user's time zone (each day, or each Monday). Each message gathers the alarms of
 * BATCH_WINDOW_SECONDS from the first one waiting; once N messages went out in a period, what comes
 * after waits for the next period's start and goes as one digest at DIGEST_HOUR.
 */
export const DIGEST_HOUR = 8;
export const BATCH_WINDOW_SECONDS = 60;

export type AlertFrequency = (typeof NOTICE_FREQUENCIES)[number];
export type AlertPeriod = (typeof FREQUENCY_PERIODS)[number];
export type AlertChannel = 'email' | 'sms';

/** The start (epoch s) of the period holding `now`: the last DIGEST_HOUR (daily) or Monday DIGEST_HOUR (weekly). */
export function periodStartAt(now: number, zone: string, period: AlertPeriod): number {
  const wall = wallClockAt(now, zone);
  // Days back to the period's first day: 0 (daily, after the hour), or back to Monday (weekly).
  let back = period === 'weekly' ? (wall.weekday + 6) % 7 : 0;
  let start = digestInstant(zone, wall.year, wall.month, wall.day - back);
  while (start > now) {
    back = period === 'weekly' ? 7 : 1;
    const day = wallClockAt(start, zone);
    start = digestInstant(zone, day.year, day.month, day.day - back);
  }
  return start;
}

/** The start of the period after the one starting at `periodStart`. */
export function nextPeriodStart(periodStart: number, zone: string, period: AlertPeriod): number {
  const wall = wallClockAt(periodStart, zone);
  return digestInstant(zone, wall.year, wall.month, wall.day + (period === 'weekly' ? 7 : 1));
}

/** DIGEST_HOUR on a calendar day (a day number past the month's end rolls over, as Date.UTC does). */
function digestInstant(zone: string, year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(year, month - 1, day));
  return instantOfWallClock(zone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), DIGEST_HOUR);
}

export interface DeliveryState {
  frequency: AlertFrequency;
  period: AlertPeriod;
  zone: string;
  /** Messages already sent in the period that started at `periodStart`. */
  sentInPeriod: number;
  /** The period the count belongs to (epoch s); null before the first message. */
  periodStart: number | null;
  /** When the oldest notice waiting was created (epoch s). */
  oldestWaiting: number;
}

/**
 * When the waiting notices are to go out (epoch s), and the period the message counts in: within
 * the budget, one batch window after the oldest waiting notice; past it, at the next period's start.
 */
export function nextDelivery(state: DeliveryState, now: number): { at: number; periodStart: number } {
  const current = periodStartAt(now, state.zone, state.period);
  const sent = state.periodStart === current ? state.sentInPeriod : 0;
  if (sent < state.frequency) {
    return { at: state.oldestWaiting + BATCH_WINDOW_SECONDS, periodStart: current };
  }
  const next = nextPeriodStart(current, state.zone, state.period);
  return { at: Math.max(next, state.oldestWaiting + BATCH_WINDOW_SECONDS), periodStart: next };
}

/** Per channel, the alarm types the user wants (`PUT user_info` `alertChannels`). */
export interface AlertChannels {
  email: AlarmType[];
  sms: AlarmType[];
}

/** Without a choice of their own: every alarm type by e-mail, none by SMS (an SMS costs money). */
export const DEFAULT_ALERT_CHANNELS: AlertChannels = { email: [...ALARM_TYPES], sms: [] };

const alarmTypeList = z
  .array(z.union(ALARM_TYPES.map((type) => z.literal(type))))
  .check(z.maxLength(ALARM_TYPES.length));

export const alertChannelsSchema = z.object({ email: alarmTypeList, sms: alarmTypeList });

/** Which channels the server can send on (`GET /api/yudata/alert/channels/`): SMTP_URL, SMS_URL set. */
export interface AlertChannelsConfigured {
  email: boolean;
  sms: boolean;
}

/** The action an unsubscribe token names (the only one so far). */
export const UNSUBSCRIBE_ACTION = 'alerts-off';
