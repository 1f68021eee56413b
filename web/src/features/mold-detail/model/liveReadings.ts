import {
  HOT_RUNNER_TEMPERATURE_KEYS,
  MOLD_TEMPERATURE_KEYS,
  roundToTenth,
  type DeviceMessage,
  type LiveServerMessage,
  type MoldDataKind,
} from '@mouldwatch/shared';
import type { Point } from './points';

/** A reading of the followed mould as the live channel carries it (`info` data). */
export type LiveReading = DeviceMessage & { create_datetime: number };

/** The reading an `info` message carries for the mould, if any. */
export function readingOf(message: LiveServerMessage, moldId: number): LiveReading | undefined {
  if (message.type !== 'info' || message.mold_id !== moldId || message.code !== 200) return undefined;
  const data = message.data as Partial<LiveReading> | undefined;
  return typeof data?.create_datetime === 'number' ? (data as LiveReading) : undefined;
}

const temperatures = (keys: readonly string[], values: DeviceMessage['mold_temp']) =>
  values ? Object.fromEntries(keys.map((key, index) => [key, nullableTenth(values[index])])) : undefined;
const nullableTenth = (value: number | null | undefined) => (typeof value === 'number' ? roundToTenth(value) : null);
/** A heartbeat or power event carries the last cycle's values again: only cycles add points. */
const isCycle = (event: LiveReading['event']) => event === undefined || event === 'cycle';

/** What a reading adds to each kind's real-time chart, as the server's real-time read lists it. */
const VALUES_OF: Record<
  MoldDataKind,
  (reading: LiveReading, previousCounter: number | null) => Point['values'] | undefined
> = {
  moldTemperature: (reading) => temperatures(MOLD_TEMPERATURE_KEYS, reading.mold_temp),
  hotRunnerTemperature: (reading) => temperatures(HOT_RUNNER_TEMPERATURE_KEYS, reading.hrs_temp),
  moldCycleCounter: ({ counter, event }, previousCounter) =>
    typeof counter !== 'number' || !isCycle(event)
      ? undefined
      : { counter, shots: previousCounter === null ? 0 : Math.max(0, counter - previousCounter) },
  moldCycleTimer: ({ cycle_time, open_time, close_time, event }) =>
    typeof cycle_time !== 'number' || !isCycle(event)
      ? undefined
      : { cycle_time, open_time: open_time ?? null, close_time: close_time ?? null },
  // Energy is counted per 5-minute slot on the server: the view reads its slots again instead.
  energyList: () => undefined,
};

/** The point a reading adds to a kind's chart, or undefined when it adds none. */
export function pointOfReading(
  kind: MoldDataKind,
  reading: LiveReading,
  previousCounter: number | null,
): Point | undefined {
  const values = VALUES_OF[kind](reading, previousCounter);
  return values && { t: reading.create_datetime, values };
}

/**
 * The buffer with the point added (replacing one at the same time, as the first read and the
 * live channel may both bring it), in time order, keeping only the last `keepSeconds`.
 */
export function appendToBuffer(buffer: readonly Point[], point: Point, keepSeconds: number): Point[] {
  const merged = [...buffer.filter((existing) => existing.t !== point.t), point].sort((a, b) => a.t - b.t);
  const newest = merged.at(-1)!.t;
  return merged.filter((existing) => existing.t > newest - keepSeconds);
}

/**
 * The last counter in the buffer before time `before`, which a reading of that time counts its
 * shots from (a reading the buffer holds already counts from the one before it, not from itself).
 */
export function lastCounter(buffer: readonly Point[], before = Infinity): number | null {
  for (let index = buffer.length - 1; index >= 0; index -= 1) {
    const { t, values } = buffer[index]!;
    if (t < before && typeof values.counter === 'number') return values.counter;
  }
  return null;
}
