import { MOLD_STATES, type MoldLiveStatus } from '@mouldwatch/shared';
import type { HomeMould } from '../api/getMoulds';

/** Whether a live `list` message's data is a mould's status. */
export function isMoldLiveStatus(data: unknown): data is MoldLiveStatus {
  if (typeof data !== 'object' || data === null) return false;
  const { id, state, online } = data as Record<string, unknown>;
  return typeof id === 'number' && MOLD_STATES.includes(state as never) && typeof online === 'boolean';
}

/**
 * Cycles until PM after the counter moved on: they count down with it, since the interval and the
 * starting count they are worked out from do not change with a reading.
 */
export function countedDown(cyclesUntilPm: number | null, counter: number | null, newCounter: number | null) {
  if (cyclesUntilPm === null || counter === null || newCounter === null) return cyclesUntilPm;
  return cyclesUntilPm - (newCounter - counter);
}

/** The mould with its new status. */
export function withStatus(mould: HomeMould, status: MoldLiveStatus): HomeMould {
  return {
    ...mould,
    state: status.state,
    online: status.online,
    last_connect_time: status.last_connect_time,
    counter: status.counter,
    last_cycle_time: status.last_cycle_time,
    mold_temp: status.mold_temp,
    hrs_temp: status.hrs_temp,
    cycles_until_pm: countedDown(mould.cycles_until_pm, mould.counter, status.counter),
  };
}

/**
 * The list with the new statuses of its moulds (by mould id), in one pass however many arrived; the
 * same list when none of them is in it.
 */
export function applyStatuses(moulds: HomeMould[], statuses: ReadonlyMap<number, MoldLiveStatus>): HomeMould[] {
  let changed = false;
  const updated = moulds.map((mould) => {
    const status = statuses.get(mould.id);
    if (!status) return mould;
    changed = true;
    return withStatus(mould, status);
  });
  return changed ? updated : moulds;
}
