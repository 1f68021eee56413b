import { wallClockAt, type DataRange } from '@mouldwatch/shared';

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A point's time in the user's zone, as precise as its range: readings to the second, hours to
 * the minute, days and weeks (their Monday) as dates, months as year and month. Digits and dashes
 * read the same in every interface language.
 */
export function timeLabel(t: number, range: DataRange, zone: string): string {
  const wall = wallClockAt(t, zone);
  const date = `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
  const minutes = `${two(wall.hour)}:${two(wall.minute)}`;
  switch (range) {
    case 'realtime':
      return `${date} ${minutes}:${two(wall.second)}`;
    case 'hour':
      return `${date} ${minutes}`;
    case 'day':
    case 'week':
      return date;
    case 'month':
      return `${wall.year}-${two(wall.month)}`;
  }
}
