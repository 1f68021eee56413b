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

/**
 * The picker's options in a language: its zones and, first, the active zone when it is none of
 * them (the browser's own on a first visit: UTC, Europe/Paris …). The picker selects the active
 * zone by its name and the header shows that option's label, so both name the same zone.
 */
export function timeZoneChoices(language: Language, zone: string, utcOffset: number | null): TimeZoneOption[] {
  const options = timeZoneOptions(language);
  if (!zone || options.some((option) => option.zone === zone)) return options;
  const value = utcOffset ?? currentUtcOffset(zone);
  const city = zone.replace(/_/g, ' ');
  return [{ id: -1, value, zone, city, label: `(UTC${formatUtcOffset(value)}) ${city}` }, ...options];
}

/** The active zone's option: what the picker selects and the header shows. */
export function activeTimeZoneOption(language: Language, zone: string, utcOffset: number | null) {
  return timeZoneChoices(language, zone, utcOffset).find((option) => option.zone === zone);
}

/** What the header shows for the active zone. */
export function timeZoneLabel(language: Language, zone: string, utcOffset: number | null): string {
  return activeTimeZoneOption(language, zone, utcOffset)?.label ?? '';
}
