/**
 * Calendar arithmetic in an IANA time zone with nothing but Intl, so the server buckets history and
 * the browser labels it by the same rules. Times are epoch seconds.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock of an instant in a zone; `month` from 1, `weekday` 0 = Sunday. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

export function wallClockAt(epochSeconds: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(epochSeconds * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, hour, minute, second, weekday };
}

/** The zone's offset from UTC at an instant, in seconds (+5:30 → 19800). */
export function utcOffsetAt(epochSeconds: number, zone: string): number {
  const wall = wallClockAt(Math.floor(epochSeconds), zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) / 1000;
  return asUtc - Math.floor(epochSeconds);
}

/**
 * The instant a wall-clock time happens in a zone. A time repeated when the clocks go back maps to
 * its first occurrence; a time skipped when they jump forward moves forward by the jump (02:30 on a
 * night that jumps from 02:00 to 03:00 is 03:30), as JavaScript dates and Temporal do.
 */
export function instantOfWallClock(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute) / 1000;
  // Offsets a day either side cover every daylight-saving change in use.
  const candidates = [utcOffsetAt(asUtc - 86_400, zone), utcOffsetAt(asUtc + 86_400, zone)].map(
    (offset) => asUtc - offset,
  );
  const valid = candidates.filter((instant) => instant + utcOffsetAt(instant, zone) === asUtc);
  return valid.length > 0 ? Math.min(...valid) : Math.max(...candidates);
}
