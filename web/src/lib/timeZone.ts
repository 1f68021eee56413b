import { timeZoneOptions, type Language, type TimeZoneOption, formatUtcOffset } from '@mouldwatch/shared';

/** The browser's IANA zone, or UTC when the runtime does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zone's current offset from UTC in hours (5.5 for +05:30), daylight saving included. */
export function currentUtcOffset(zone: string, at: Date = new Date()): number {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    const match = part?.match(/GMT([+-])(\d{1,2})(?::(\d{2}))?/);
    if (!match) return 0;
    const hours = Number(match[2]) + Number(match[3] ?? 0) / 60;
    return match[1] === '-' ? -hours : hours;
  } catch {
    return 0;
  }
}

const ZONE_OFFSETS = new Map(timeZoneOptions('en').map((option) => [option.zone, option.value]));

/** The offset saved with a zone: the option's nominal hours for the picker's zones, else the current offset. */
export function utcOffsetForZone(zone: string): number {
  return ZONE_OFFSETS.get(zone) ?? currentUtcOffset(zone);
}

/** The picker option for a zone (by name, else by offset). */
export function findTimeZoneOption(
  options: readonly TimeZoneOption[],
  zone: string,
  utcOffset: number | null,
): TimeZoneOption | undefined {
  return (
    options.find((option) => option.zone === zone) ??
    (utcOffset === null ? undefined : options.find((option) => option.value === utcOffset))
  );
}

/** What the header shows for the active zone: the option's label, else "(UTC+hh:mm) Zone/Name". */
export function timeZoneLabel(language: Language, zone: string, utcOffset: number | null): string {
  const option = timeZoneOptions(language).find((candidate) => candidate.zone === zone);
  if (option) return option.label;
  return `(UTC${formatUtcOffset(utcOffset ?? currentUtcOffset(zone))}) ${zone.replace(/_/g, ' ')}`;
}
