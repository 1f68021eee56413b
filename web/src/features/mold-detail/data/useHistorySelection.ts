import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { HistoryRange } from '@mouldwatch/shared';
import { historyWindow, isSelectableDate, type CalendarDate } from '../model/historyWindow';
import { nowSeconds } from './readPoints';

const calendarDateOf = (date: Dayjs): CalendarDate => ({ year: date.year(), month: date.month() + 1, day: date.date() });

/** The date the user chose and when, so the window ends at that moment and reads the same until chosen again. */
interface DateChoice {
  date: Dayjs;
  at: number;
}

/**
 * The History tab's range and chosen date, and the window they make (none before a date is
 * chosen). A new range keeps the date while the range's window still holds it.
 */
export function useHistorySelection(zone: string) {
  const [range, setRange] = useState<HistoryRange>('hour');
  const [choice, setChoice] = useState<DateChoice | null>(null);
  const period = useMemo(
    () => (choice ? historyWindow(range, calendarDateOf(choice.date), zone, choice.at) : undefined),
    [range, choice, zone],
  );
  const isSelectable = (date: Dayjs, inRange = range) =>
    isSelectableDate(inRange, calendarDateOf(date), zone, nowSeconds());

  const changeRange = (next: HistoryRange) => {
    setRange(next);
    if (choice) setChoice(isSelectable(choice.date, next) ? { ...choice, at: nowSeconds() } : null);
  };
  const changeDate = (date: Dayjs | null) => setChoice(date ? { date, at: nowSeconds() } : null);

  return { range, date: choice?.date ?? null, period, isSelectable, changeRange, changeDate };
}
