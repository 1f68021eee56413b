import { useEffect } from 'react';
import type { LiveServerMessage, WorkOrderRecord, WorkOrderStatus } from '@mouldwatch/shared';
import type { Page } from '../../../components/admin';
import { liveFeed } from '../../../lib/liveFeed';
import { patchCached, queryClient } from '../../../lib/queryClient';
import { WORK_ORDER_KEY, WORK_ORDER_LIST_KEY } from '../api/listWorkOrders';
import { workOrderKey } from '../api/workOrderRecord';

type WorkOrderMessage = Extract<LiveServerMessage, { type: 'work_order' }>;
/** Other changes (an order added, edited, deleted …) refetch what shows orders, at most this often. */
const REFETCH_DELAY_MS = 400;

function patch<T extends WorkOrderRecord>(order: T, message: WorkOrderMessage): T {
  if (order.id !== message.id) return order;
  return {
    ...order,
    status: message.status as WorkOrderStatus,
    finished: message.finished,
    remaining: message.remaining,
    reject: message.reject,
  };
}

/**
 * The work order list and the order page follow the live channel: progress is written into what is
 * shown at once; any other change refetches the orders (debounced).
 */
export function useLiveWorkOrders(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetchSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: WORK_ORDER_KEY }), REFETCH_DELAY_MS);
    };
    const unsubscribe = liveFeed.subscribe((message) => {
      if (message.type !== 'work_order') return;
      patchCached<Page<WorkOrderRecord>>({ queryKey: WORK_ORDER_LIST_KEY }, (page) =>
        page.items.some((order) => order.id === message.id)
          ? { ...page, items: page.items.map((order) => patch(order, message)) }
          : page,
      );
      patchCached<WorkOrderRecord>({ queryKey: workOrderKey(message.id), exact: true }, (order) =>
        patch(order, message),
      );
      // Progress is patched in place; other changes (and the times they set) come with a refetch.
      if (message.change !== 'progress') refetchSoon();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
}
