import { useEffect } from 'react';
import type { MaintenanceChange } from '@mouldwatch/shared';
import type { Page } from '../../../components/admin';
import { liveFeed } from '../../../lib/liveFeed';
import { patchCached, queryClient } from '../../../lib/queryClient';
import { MAINTENANCE_QUERY_KEY, type ScheduleRow } from '../api/schedule';
import { patchSchedule } from '../model/liveSchedule';

/** Changes that may move rows come in bursts (a company-wide task in parts): one refetch after the last. */
const REFETCH_DELAY_MS = 500;

const SCHEDULE_KEY = [...MAINTENANCE_QUERY_KEY, 'schedule'];
const HISTORY_KEY = [...MAINTENANCE_QUERY_KEY, 'history'];

/**
 * The schedule and the history follow the live `maintenance` message, without polling: what is
 * left and the status are written into the shown rows at once; a change that may move rows (a
 * status, a link not shown, a task saved, started or deleted) asks the page again, and a record
 * asks the history again.
 */
export function useLiveMaintenance(): void {
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const refetchSoon = (queryKey: readonly string[]) => {
      const name = queryKey.join('/');
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => void queryClient.invalidateQueries({ queryKey }), REFETCH_DELAY_MS),
      );
    };
    const movesRows = (change: MaintenanceChange) => change !== 'evaluated';
    const unsubscribe = liveFeed.subscribe((message) => {
      if (message.type !== 'maintenance') return;
      // Only a page on screen is asked again; others are patched for when they come back.
      const onScreen = queryClient.getQueryCache().findAll({ queryKey: SCHEDULE_KEY, type: 'active' });
      const refetch =
        movesRows(message.change) ||
        onScreen.some((query) => {
          const page = query.state.data as Page<ScheduleRow> | undefined;
          return page !== undefined && patchSchedule(page, message.data).refetch;
        });
      patchCached<Page<ScheduleRow>>({ queryKey: SCHEDULE_KEY }, (page) => patchSchedule(page, message.data).page);
      if (refetch) refetchSoon(SCHEDULE_KEY);
      if (message.change === 'recorded') refetchSoon(HISTORY_KEY);
    });
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      unsubscribe();
    };
  }, []);
}
