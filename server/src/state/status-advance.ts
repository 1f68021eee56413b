import { classifyInput, classifyMould, isOnline, SLOT_SECONDS, slotStartOf } from '@mouldwatch/shared';
import type { MoldStatusRow } from '../infra/db/schema.js';
import {
  accountTimeline,
  addAccounts,
  beforeLastApplied,
  observeReading,
  blankStatus,
  inTimeOrder,
  observationOf,
  withdrawStretch,
  type MouldSettings,
  type SlotAccounts,
  type TimedReading,
} from './slot-accounting.js';

export type { MouldSettings } from './slot-accounting.js';
export { observeReading };

/** A mould's status moved on to a moment: the new row, the slot time, and whether others must hear of it. */
export interface StatusAdvance {
  status: MoldStatusRow;
  /** Slot time and energy to add to the stored slots (may be negative: time taken back). */
  shares: SlotAccounts;
  /** The slots to replace with `replace` instead (a late reading's recomputed window). */
  replace?: SlotAccounts;
  /**
   * Slots of `replace` that no reading watched (none within the offline time before or in them):
   * off in every account. Where the roll-ups hold history with no slot behind it (the demo's seeded
   * days), they are left alone (`StateRepository.historyWithoutSlots`).
   */
  unwatched?: readonly number[];
  /** The state or the online flag changed (or the mould reported for the first time). */
  changed: boolean;
}

const epochSeconds = (date: Date) => date.getTime() / 1000;
const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * Whether these readings reach back before the last one applied: their slots must be recomputed
 * from the stored readings (`recomputeStatus`), not moved on from the status (`advanceStatus`).
 */
export function isLate(previous: MoldStatusRow | undefined, readings: readonly TimedReading[]): boolean {
  return previous !== undefined && readings.some((reading) => beforeLastApplied(previous, reading));
}

/** How far before a recomputed window its readings still shape its start: the longest threshold. */
export function lookbackSeconds(settings: MouldSettings): number {
  const { offlineAfterSeconds, basicIdleSeconds, basicStopSeconds } = settings.thresholds;
  return Math.max(offlineAfterSeconds, basicIdleSeconds, basicStopSeconds) + 1;
}

/** The row to save, its state judged at `now`, and whether the state or online flag changed. */
function finish(
  previous: MoldStatusRow | undefined,
  observed: MoldStatusRow,
  settings: MouldSettings,
  accountedUntil: number,
  now: Date,
  alarmActive: boolean,
) {
  const observation = observationOf(observed);
  observation.alarmActive = alarmActive;
  const state = classifyMould(classifyInput(observation, settings.thresholds, epochSeconds(now)));
  const online = isOnline(state);
  const changed = !previous || previous.state !== state || previous.online !== online;
  const status: MoldStatusRow = {
    ...observed,
    state,
    online,
    alarm_active: alarmActive,
    state_since: previous?.state === state ? previous.state_since : now,
    accounted_until: toDate(accountedUntil),
    updated_at: now,
  };
  return { status, changed };
}

/**
 * The moment from which a mould last seen at `lastSeenAt` is off whatever else is known of it (silent
 * past its offline time): past it, two observations that agree on nothing else account the same.
 */
function quietFrom(
  status: MoldStatusRow,
  readings: readonly TimedReading[],
  settings: MouldSettings,
  from: number,
): number {
  const lastSeen = Math.max(
    status.last_connect_at === null ? -Infinity : epochSeconds(status.last_connect_at),
    readings.at(-1)?.ts ?? -Infinity,
  );
  return lastSeen === -Infinity ? from : Math.max(from, lastSeen + settings.thresholds.offlineAfterSeconds);
}

/**
 * Moves a mould's status on to `now` with readings none older than the last one applied (the usual
 * case): the time since the first of them, accounted before under the old status, is taken back and
 * accounted again stretch by stretch, each reading at its own time. So the slots come out as if
 * each reading had been applied at the moment it was taken; applying one twice changes nothing.
 * Past the new last reading's offline time both accounts say off: only the time never accounted is
 * added there, so a long silence costs no more than a short one. `alarmActive` (the alarm engine's
 * input) holds from the first new reading on.
 */
export function advanceStatus(
  moldId: number,
  previous: MoldStatusRow | undefined,
  settings: MouldSettings,
  readings: readonly TimedReading[],
  now: Date,
  alarmActive = previous?.alarm_active ?? false,
): StatusAdvance {
  const sorted = inTimeOrder(readings);
  const firstAt = sorted[0]?.ts;
  const initial = previous ?? blankStatus(moldId, toDate(firstAt ?? epochSeconds(now)));
  const accountedUntil = epochSeconds(initial.accounted_until);
  const from = Math.min(firstAt ?? accountedUntil, accountedUntil);
  const to = Math.max(epochSeconds(now), accountedUntil, sorted.at(-1)?.ts ?? 0);
  // Where the old account is redone: up to the new observation's quiet time, at least the new time.
  const redoneUntil = Math.max(Math.min(to, quietFrom(initial, sorted, settings, from)), from);
  const { accounts, status: observed } = accountTimeline(
    { ...initial, alarm_active: alarmActive },
    sorted,
    settings,
    from,
    redoneUntil,
  );
  if (previous) withdrawStretch(accounts, previous, settings, from, Math.min(accountedUntil, redoneUntil));
  const quiet = { ...observed, alarm_active: alarmActive };
  const fresh = accountTimeline(quiet, [], settings, Math.max(redoneUntil, accountedUntil), to).accounts;
  const { status, changed } = finish(previous, observed, settings, to, now, alarmActive);
  return { shares: addAccounts(accounts, fresh), status, changed };
}

/** What the stored readings say of a mould before a recomputed window (`StateRepository.recomputeInput`). */
export interface RecomputeInput {
  /** Start of the window: the slot of the earliest late reading. */
  from: number;
  /** The readings from `lookbackSeconds` before `from` on, in time order. */
  readings: readonly TimedReading[];
  /** The last reading before those: when it came, and the last counter and current reported before them. */
  before: { lastSeenAt: number | null; counter: number | null; current: number | null };
}

/**
 * Recomputes a mould's slots from the slot of its earliest late reading on out of its stored
 * readings, and its status from them: the same slots as if every reading had come on time, whatever
 * the order. The status at the window's start is what the readings before it make it (the mould's
 * latest values are kept where no reading of the window reports them). The window's slots are
 * replaced, not added to, so doing it twice changes nothing. It ends with the slot in which the
 * last stored reading's offline time runs out: past it every account says off, and only the time
 * never accounted is added.
 */
export function recomputeStatus(
  previous: MoldStatusRow,
  settings: MouldSettings,
  input: RecomputeInput,
  now: Date,
  alarmActive = previous.alarm_active,
): StatusAdvance {
  const windowStart = input.from - lookbackSeconds(settings);
  const cycledBefore = previous.first_cycle_at !== null && epochSeconds(previous.first_cycle_at) < windowStart;
  const lastCycleBefore =
    previous.last_cycle_at !== null && epochSeconds(previous.last_cycle_at) < windowStart
      ? previous.last_cycle_at
      : toDate(windowStart - 1);
  const start: MoldStatusRow = {
    ...previous,
    last_connect_at: input.before.lastSeenAt === null ? null : toDate(input.before.lastSeenAt),
    // The last reading before the window is of an earlier second than any in it.
    last_seq: null,
    // Before the window the mould stood by if it never cycled; else it is long past its last cycle.
    last_cycle_at: cycledBefore ? lastCycleBefore : null,
    first_cycle_at: cycledBefore ? previous.first_cycle_at : null,
    powered_off: false,
    counter: input.before.counter,
    current: input.before.current,
    alarm_active: alarmActive,
  };
  const accountedUntil = epochSeconds(previous.accounted_until);
  const to = Math.max(epochSeconds(now), accountedUntil, input.readings.at(-1)?.ts ?? 0);
  const quiet = quietFrom(start, input.readings, settings, input.from);
  const replacedUntil = Math.min(to, slotStartOf(quiet) + SLOT_SECONDS);
  const { accounts, status: observed } = accountTimeline(start, input.readings, settings, input.from, replacedUntil);
  const fresh = accountTimeline(observed, [], settings, Math.max(replacedUntil, accountedUntil), to).accounts;
  const unwatched = unwatchedSlots(accounts, input, settings);
  const { status, changed } = finish(previous, observed, settings, to, now, alarmActive);
  return { shares: fresh, replace: accounts, unwatched, status, changed };
}

/**
 * The slots no reading watched: none was taken within the offline time before the slot's end, so
 * every account, whatever readings came when, says off there.
 */
function unwatchedSlots(accounts: SlotAccounts, input: RecomputeInput, settings: MouldSettings): number[] {
  const seen = input.readings.map((reading) => reading.ts);
  if (input.before.lastSeenAt !== null) seen.push(input.before.lastSeenAt);
  const watched = new Set<number>();
  for (const ts of seen) {
    const until = ts + settings.thresholds.offlineAfterSeconds;
    for (let slot = slotStartOf(ts); slot <= until; slot += SLOT_SECONDS) watched.add(slot);
  }
  return [...accounts.keys()].filter((slot) => !watched.has(slot));
}
