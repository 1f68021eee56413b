import { instantOfWallClock, utcOffsetAt, wallClockAt, type DataRange, type Language } from '@mouldwatch/shared';
import { HTML_LANG } from '../../../i18n';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How far apart the ticks of a time axis are: seconds of the zone's clock below a day (ticks on
 * whole minutes, hours … of the zone), else calendar days, weeks from Monday, or months.
 */
type TickStep =
  | { kind: 'clock'; seconds: number }
  | { kind: 'days'; days: number }
  | { kind: 'weeks' }
  | { kind: 'months'; months: number };

const STEPS: readonly TickStep[] = [
  ...[1, 5, 10, 15, 30].map((seconds) => ({ kind: 'clock' as const, seconds })),
  ...[1, 2, 5, 10, 15, 30].map((minutes) => ({ kind: 'clock' as const, seconds: minutes * MINUTE })),
  ...[1, 2, 3, 6, 12].map((hours) => ({ kind: 'clock' as const, seconds: hours * HOUR })),
  { kind: 'days', days: 1 },
  { kind: 'days', days: 2 },
  { kind: 'weeks' },
  ...[1, 2, 3, 6, 12].map((months) => ({ kind: 'months' as const, months })),
];

/** The finest step for each range: no ticks inside one hour, day, week or month of a history. */
const FINEST_STEP: Readonly<Record<DataRange, TickStep>> = {
  realtime: STEPS[0]!,
  hour: STEPS.find((step) => step.kind === 'clock' && step.seconds === HOUR)!,
  day: STEPS.find((step) => step.kind === 'days')!,
  week: STEPS.find((step) => step.kind === 'weeks')!,
  month: STEPS.find((step) => step.kind === 'months')!,
};

function nominalSeconds(step: TickStep): number {
  switch (step.kind) {
    case 'clock':
      return step.seconds;
    case 'days':
      return step.days * DAY;
    case 'weeks':
      return 7 * DAY;
    case 'months':
      return step.months * 30.44 * DAY;
  }
}

const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;
/** How far past a whole step of the zone's clock an instant lies. */
const pastClockStep = (t: number, seconds: number, zone: string) => modulo(t + utcOffsetAt(t, zone), seconds);

/** Whole steps of the zone's clock; one moved by a daylight-saving change is put back on a whole step. */
function clockTicks(from: number, to: number, seconds: number, zone: string): number[] {
  const ticks: number[] = [];
  let tick = from + modulo(-pastClockStep(from, seconds, zone), seconds);
  while (tick <= to) {
    ticks.push(tick);
    const next = tick + seconds;
    const past = pastClockStep(next, seconds, zone);
    tick = past === 0 ? next : past < seconds / 2 ? next - past : next + seconds - past;
  }
  return ticks;
}

/** The zone's midnights from the first one at or after `from`, where `keep` accepts the date. */
function midnightTicks(from: number, to: number, zone: string, every: number, keep: (date: Date) => boolean) {
  const wall = wallClockAt(from, zone);
  const ticks: number[] = [];
  for (let day = wall.day; ; day += every) {
    const tick = instantOfWallClock(zone, wall.year, wall.month, day);
    if (tick > to) return ticks;
    if (tick >= from && keep(new Date(Date.UTC(wall.year, wall.month - 1, day)))) ticks.push(tick);
  }
}

function monthTicks(from: number, to: number, months: number, zone: string): number[] {
  const wall = wallClockAt(from, zone);
  const ticks: number[] = [];
  for (let month = wall.month; ; month += 1) {
    const tick = instantOfWallClock(zone, wall.year, month, 1);
    if (tick > to) return ticks;
    if (tick >= from && modulo(month - 1, months) === 0) ticks.push(tick);
  }
}

function ticksOf(step: TickStep, from: number, to: number, zone: string): number[] {
  switch (step.kind) {
    case 'clock':
      return clockTicks(from, to, step.seconds, zone);
    case 'days':
      // Every other day falls on the odd days of the month, so ticks stay put while the view pans.
      return midnightTicks(from, to, zone, 1, (date) => modulo(date.getUTCDate() - 1, step.days) === 0);
    case 'weeks':
      return midnightTicks(from, to, zone, 1, (date) => date.getUTCDay() === 1);
    case 'months':
      return monthTicks(from, to, step.months, zone);
  }
}

/** Making a formatter costs far more than formatting: one per language, zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const STYLES = {
  second: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  minute: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type LabelStyle = keyof typeof STYLES;

function format(t: number, style: LabelStyle, zone: string, language: Language): string {
  const key = `${language} ${zone} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(HTML_LANG[language], { timeZone: zone, ...STYLES[style] });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(t * 1000));
}

/** A tick's label as precise as the step: the time of day (the date at midnight), the date, or the month. */
function labelStyle(step: TickStep, t: number, zone: string): LabelStyle {
  if (step.kind === 'months') return 'month';
  if (step.kind !== 'clock' || pastClockStep(t, DAY, zone) === 0) return 'day';
  return step.seconds < MINUTE ? 'second' : 'minute';
}

export interface TimeTicks {
  /** Epoch seconds. */
  ticks: number[];
  label(t: number): string;
}

/**
 * Ticks for a time axis of a range from `from` to `to` (epoch seconds), at most about `maxTicks` of
 * them, on whole steps of the user's zone (its midnights, Mondays, first days of months) and none
 * finer than the range's points, labelled in that zone and the interface language: a chart library
 * would use the browser's zone.
 */
export function timeTicks(
  from: number,
  to: number,
  { range, zone, language }: { range: DataRange; zone: string; language: Language },
  maxTicks: number,
): TimeTicks {
  const rough = (to - from) / Math.max(1, maxTicks);
  const coarseEnough = STEPS.slice(STEPS.indexOf(FINEST_STEP[range]));
  const step = coarseEnough.find((candidate) => nominalSeconds(candidate) >= rough) ?? STEPS.at(-1)!;
  return {
    ticks: ticksOf(step, from, to, zone),
    label: (t) => format(t, labelStyle(step, t, zone), zone, language),
  };
}
