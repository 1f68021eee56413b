import {
  GAP_SECONDS,
  HOURLY_GAP_SECONDS,
  fillGaps,
  type DataRange,
  type MoldDataRecord,
  type TimeStateRecord,
} from '@mouldwatch/shared';

/** One moment of a chart or table: its time (epoch seconds) and its values by key. */
export interface Point {
  t: number;
  values: Readonly<Record<string, number | null>>;
}

/** A mould data record (`content` is a list of one-key objects) as a point. */
export function pointOfRecord(record: MoldDataRecord): Point {
  return { t: record.create_datetime, values: Object.assign({}, ...record.content) as Point['values'] };
}

export function pointOfTimeState({ create_datetime, ...fractions }: TimeStateRecord): Point {
  return { t: create_datetime, values: fractions };
}

/** A gap filler has no values: a line breaks at it. */
export const isFiller = (point: Point) => Object.keys(point.values).length === 0;

const HOUR = 3600;
const DAY = 24 * HOUR;
/**
 * How far apart two neighbouring points may be before the chart shows a gap: the spec's 10
 * minutes for readings and 60 for hours; one bucket for days, weeks and months, the longest
 * such bucket (a 25-hour day, a 31-day month across a daylight-saving change) included.
 */
const MAX_NEIGHBOUR_SECONDS: Readonly<Record<DataRange, number>> = {
  realtime: GAP_SECONDS,
  hour: HOURLY_GAP_SECONDS,
  day: DAY + HOUR,
  week: 7 * DAY + HOUR,
  month: 31 * DAY + HOUR,
};

/** The points in time order with the spec's empty filler point in each gap. */
export function withGapFillers(points: readonly Point[], range: DataRange): Point[] {
  return fillGaps(points, MAX_NEIGHBOUR_SECONDS[range], (t) => ({ t, values: {} }));
}

/** Newest first, as the tables list them. */
export const newestFirst = (points: readonly Point[]) => [...points].sort((a, b) => b.t - a.t);
