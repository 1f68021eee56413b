import dayjs, { type Dayjs } from 'dayjs';
import { instantOfWallClock, wallClockAt } from '@mouldwatch/shared';

/** The form's values as typed: quantities are text (digits only, no leading zeros), the date a picker value. */
export interface Values {
  order_no: string;
  mold_id?: number;
  machine: string;
  workshop: string;
  project_name: string;
  start_date?: Dayjs | null;
  quantity: string;
  starting_quantity: string;
  revision: string;
  remarks: string;
}

export const QUANTITY_FIELDS = new Set(['quantity', 'starting_quantity']);

/** The picker shows the user's wall clock: its fields are read as a time in the user's zone. */
export function toEpoch(value: Dayjs | null | undefined, zone: string): number | undefined {
  if (!value) return undefined;
  return instantOfWallClock(zone, value.year(), value.month() + 1, value.date(), value.hour(), value.minute());
}
export function fromEpoch(seconds: number, zone: string): Dayjs {
  const wall = wallClockAt(seconds, zone);
  return dayjs(new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

export function toBody(values: Partial<Values>, zone: string): unknown {
  const number = (text: string | undefined) =>
    text && /^\d+$/.test(text) ? Number(text) : text === '' ? undefined : text;
  return {
    ...values,
    start_date: toEpoch(values.start_date, zone),
    quantity: number(values.quantity),
    starting_quantity: values.starting_quantity === '' ? 0 : number(values.starting_quantity),
  };
}
