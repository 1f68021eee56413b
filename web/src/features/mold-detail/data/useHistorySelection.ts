import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { HistoryRange } from '@mouldwatch/shared';
import {
  HISTORY_PRESETS,
  historyWindow,
  isSelectableDate,
  presetWindow,
  type CalendarDate,
  type HistoryPreset,
} from '../model/historyWindow';
import { nowSeconds } from './readPoints';

const calendarDateOf = (date: Dayjs): CalendarDate => ({ year: date.year(), month: date.month() + 1, day: date.date() });

/**
 * A preset, or the date the user chose; and when, so the window ends at that moment and reads the
 * same until chosen again.
 */
type Choice = { preset: HistoryPreset; at: number } | { date: Dayjs; at: number };

/** The tab opens on the last 24 hours: something to see at once, not an empty chart asking for a date. */
const DEFAULT_PRESET: HistoryPreset = 'last24h';

/**
 * The History tab's range and choice (a preset, or a chosen date), and the window they make. A new
 * range keeps a chosen date while the range's window still holds it; a preset sets its own range.
 */
export function useHistorySelection(zone: string) {
  const [range, setRange] = useState<HistoryRange>(HISTORY_PRESETS[DEFAULT_PRESET].range);
  const [choice, setChoice] = useState<Choice | null>(() => ({ preset: DEFAULT_PRESET, at: nowSeconds() }));
  const period = useMemo(() => {
    if (!choice) return undefined;
    if ('preset' in choice) return presetWindow(choice.preset, zone, choice.at);
    return historyWindow(range, calendarDateOf(choice.date), zone, choice.at);
  }, [range, choice, zone]);
  const isSelectable = (date: Dayjs, inRange = range) =>
    isSelectableDate(inRange, calendarDateOf(date), zone, nowSeconds());

  const changeRange = (next: HistoryRange) => {
    setRange(next);
    if (choice && 'date' in choice) setChoice(isSelectable(choice.date, next) ? { ...choice, at: nowSeconds() } : null);
    else setChoice(null);
  };
  const changeDate = (date: Dayjs | null) => setChoice(date ? { date, at: nowSeconds() } : null);
  const choosePreset = (preset: HistoryPreset) => {
    setRange(HISTORY_PRESETS[preset].range);
    setChoice({ preset, at: nowSeconds() });
  };

  return {
    range,
    date: choice && 'date' in choice ? choice.date : null,
    preset: choice && 'preset' in choice ? choice.preset : null,
    period,
    isSelectable,
    changeRange,
    changeDate,
    choosePreset,
  };
}
