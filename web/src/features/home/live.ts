import { useEffect } from 'react';
import { LIVE_MAX_WATCHED_MOLDS, type MaintenanceLiveItem, type MoldLiveStatus } from '@mouldwatch/shared';
import { liveFeed } from '../../lib/liveFeed';
import { patchCached, queryClient } from '../../lib/queryClient';
import { HOME_MOULDS_KEY, type HomeMould } from './api/getMoulds';
import { MOULD_FACTS_KEY, type MouldFacts } from './api/getMouldFacts';
import { applyStatuses, countedDown, isMoldLiveStatus } from './model/liveStatus';

/**
 * State changes come in bursts (a sweep moves thousands of moulds at once): they are gathered for
 * this long and applied to each list in one pass, not one pass over 10,000 moulds per change.
 */
const GATHER_MS = 250;

const pending = new Map<number, MoldLiveStatus>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function factsWithStatus(facts: MouldFacts, status: MoldLiveStatus): MouldFacts {
  return {
    ...facts,
    state: status.state,
    online: status.online,
    last_connect_time: status.last_connect_time,
    counter: status.counter,
    cycles_until_pm: countedDown(facts.cycles_until_pm, facts.counter, status.counter),
  };
}

function flush(): void {
  flushTimer = undefined;
  const statuses = new Map(pending);
  pending.clear();
  patchCached<HomeMould[]>({ queryKey: HOME_MOULDS_KEY }, (moulds) => applyStatuses(moulds, statuses));
  patchCached<MouldFacts>({ queryKey: MOULD_FACTS_KEY }, (facts) => {
    const status = statuses.get(facts.id);
    return status ? factsWithStatus(facts, status) : facts;
  });
}

/**
 * A live `list` message (a mould's new state) applied to the home lists and the mould's facts in
 * the cache: what is on screen changes without reading anything again.
 */
export function applyMouldStatus(data: unknown): void {
  if (!isMoldLiveStatus(data)) return;
  pending.set(data.id, data);
  flushTimer ??= setTimeout(flush, GATHER_MS);
}

/**
 * A live `maintenance` message: the moulds' "cycles until PM" in the home lists and facts become
 * the server's figure (a record or an edited task moves the base, which counting down cannot
 * know), counted down from the counter it was taken at to the counter shown; a mould's facts on
 * screen are read again for its maintenance status.
 */
export function applyMaintenance(items: readonly MaintenanceLiveItem[]): void {
  const figures = new Map(items.map((item) => [item.mold_id, item]));
  const cyclesFor = (mould: { id: number; counter: number | null; cycles_until_pm: number | null }) => {
    const figure = figures.get(mould.id);
    if (!figure) return mould.cycles_until_pm;
    return countedDown(figure.cycles_until_pm, figure.counter, mould.counter ?? figure.counter);
  };
  patchCached<HomeMould[]>({ queryKey: HOME_MOULDS_KEY }, (moulds) => {
    if (!moulds.some((mould) => figures.has(mould.id))) return moulds;
    return moulds.map((mould) => (figures.has(mould.id) ? { ...mould, cycles_until_pm: cyclesFor(mould) } : mould));
  });
  for (const query of queryClient.getQueryCache().findAll({ queryKey: MOULD_FACTS_KEY })) {
    const facts = query.state.data as MouldFacts | undefined;
    if (facts && figures.has(facts.id)) {
      queryClient.setQueryData(query.queryKey, { ...facts, cycles_until_pm: cyclesFor(facts) });
      // The mould's maintenance status is the worst of all its tasks, not only the ones changed: read again.
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}

/** How long the moulds on screen stay the same before they are watched: a scroll sends one message, not one per frame. */
const WATCH_SETTLE_MS = 300;

/**
 * Watches the live figures (counter, cycle time, temperatures, last connect) of the moulds on
 * screen; they arrive as `list` messages with their present status at once and then as they change.
 * Stops when the screen goes.
 */
export function useWatchedMoulds(moldIds: readonly number[]): void {
  const key = moldIds.slice(0, LIVE_MAX_WATCHED_MOLDS).join(',');
  useEffect(() => {
    const timer = setTimeout(() => liveFeed.watch(key ? key.split(',').map(Number) : []), WATCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  useEffect(() => () => liveFeed.watch([]), []);
}
