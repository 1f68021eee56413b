import { wallClockAt, type DataRange } from '@mouldwatch/shared';

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A point's time in the user's zone, as precise as its range: readings to the second, hours to
 * the minute, days and weeks (their Monday) as dates, months as year and month. `axis` drops the
 * parts an axis does not need (the date of a reading, the year of an hour). Digits and dashes
 * read the same in every interface language.
 */
export function timeLabel(t: number, range: DataRange, zone: string, style: 'axis' | 'full' = 'full'): string {
  const wall = wallClockAt(t, zone);
  const date = `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
  const minutes = `${two(wall.hour)}:${two(wall.minute)}`;
  switch (range) {
    case 'realtime':
      return style === 'axis' ? `${minutes}:${two(wall.second)}` : `${date} ${minutes}:${two(wall.second)}`;
    case 'hour':
      return style === 'axis' ? `${two(wall.month)}-${two(wall.day)} ${minutes}` : `${date} ${minutes}`;
    case 'day':
    case 'week':
      return date;
    case 'month':
      return `${wall.year}-${two(wall.month)}`;
  }
}
