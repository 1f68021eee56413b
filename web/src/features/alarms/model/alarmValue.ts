import {
  alarmValueKind,
  displayTemperature,
  instantOfWallClock,
  maintenanceAmount,
  temperatureUnitLabel,
  type AlarmRecord,
  type MaintenanceAmountKey,
  type TemperatureUnit,
} from '@mouldwatch/shared';

/** One decimal at most, without a trailing ".0". */
const tenth = (value: number) => String(Math.round(value * 10) / 10);

/**
 * An alarm's value, bound or set value as the lists show it: temperatures (stored in °C) in the
 * user's unit with one decimal, seconds with "s", battery with "%", maintenance as a plain count;
 * a missing value is "–".
 */
export function formatAlarmValue(channel: string, value: number | null, unit: TemperatureUnit): string {
  if (value === null) return '–';
  switch (alarmValueKind(channel)) {
    case 'temperature':
      return `${(displayTemperature(value, unit) ?? value).toFixed(1)} ${temperatureUnitLabel(unit)}`;
    case 'seconds':
      return `${tenth(value)} s`;
    case 'percent':
      return `${tenth(value)} %`;
    default:
      return tenth(value);
  }
}

type MaintenanceTranslate = (
  key: `maintenance.${MaintenanceAmountKey}`,
  values: { count: number; n: string },
) => string;

/**
 * A maintenance alarm's value as the schedule says it, "1,486 cycles over" or "3 days left" (the
 * number in the user's language, the words plural as `count` asks); null when the alarm carries no
 * unit (stored before alarms had one) or no value.
 */
export function maintenanceAlarmText(
  alarm: Pick<AlarmRecord, 'value' | 'unit'>,
  t: MaintenanceTranslate,
  numbers: Intl.NumberFormat,
): string | null {
  if (alarm.value === null || alarm.unit === null) return null;
  const { key, count } = maintenanceAmount(alarm.value, alarm.unit);
  return t(`maintenance.${key}`, { count, n: numbers.format(count) });
}

/** A calendar day as the date picker gives it. */
export interface CalendarDay {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

/** The window from the start of the first day to the end of the last, in the user's zone (epoch seconds). */
export function dayWindow(first: CalendarDay, last: CalendarDay, zone: string): { start: number; end: number } {
  const start = instantOfWallClock(zone, first.year, first.month, first.day);
  const next = instantOfWallClock(zone, last.year, last.month, last.day + 1);
  return { start, end: next - 1 };
}
