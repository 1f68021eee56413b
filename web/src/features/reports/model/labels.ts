import { wallClockAt, type ReportRange } from '@mouldwatch/shared';

const pad = (value: number) => String(value).padStart(2, '0');

/** A bucket's start as the axis and table show it in the user's zone: by hour, day, week or month. */
export function bucketLabel(epochSeconds: number, range: ReportRange, zone: string): string {
  const wall = wallClockAt(epochSeconds, zone);
  const date = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  if (range === 'month') return `${wall.year}-${pad(wall.month)}`;
  if (range === 'hour') return `${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
  return date;
}
