import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { MaintenanceLiveItem, MaintenanceScheduleItem } from '@mouldwatch/shared';
import type { Page } from '../../../components/admin';
import { liveFeed } from '../../../lib/liveFeed';
import { queryClient } from '../../../lib/queryClient';
import { MAINTENANCE_QUERY_KEY, type ScheduleRow } from '../api/schedule';
import { patchSchedule } from '../model/liveSchedule';
import { useLiveMaintenance } from './useLiveMaintenance';

const row = (taskId: number, moldId: number, extra: Partial<MaintenanceScheduleItem> = {}): ScheduleRow =>
  ({
    key: `${taskId}-${moldId}`,
    task_id: taskId,
    mold_id: moldId,
    task_name: `Task ${taskId}`,
    status: 'normal',
    remaining: 50,
    unit: 'cycles',
    ...extra,
  }) as ScheduleRow;
const item = (taskId: number, moldId: number, extra: Partial<MaintenanceLiveItem> = {}): MaintenanceLiveItem => ({
  task_id: taskId,
  mold_id: moldId,
  status: 'normal',
  remaining: 40,
  unit: 'cycles',
  counter: 1060,
  cycles_until_pm: 40,
  ...extra,
});
const page = (...items: ScheduleRow[]): Page<ScheduleRow> => ({ items, total: items.length });

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('patchSchedule', () => {
  it('writes what is left into the shown rows, and asks again for nothing else', () => {
    const shown = page(row(1, 10), row(2, 10));
    const { page: patched, refetch } = patchSchedule(shown, [item(2, 10, { remaining: 7 })]);
    expect(patched.items.map((entry) => entry.remaining)).toEqual([50, 7]);
    expect(patched.items[0]).toBe(shown.items[0]);
    expect(refetch).toBe(false);
  });

  it('asks again when a shown status changes or a link is not shown', () => {
    const shown = page(row(1, 10));
    const warned = patchSchedule(shown, [item(1, 10, { status: 'warning', remaining: 5 })]);
    expect(warned.page.items[0]).toMatchObject({ status: 'warning', remaining: 5 });
    expect(warned.refetch).toBe(true);
    const elsewhere = patchSchedule(shown, [item(3, 11)]);
    expect(elsewhere.page).toBe(shown);
    expect(elsewhere.refetch).toBe(true);
  });
});

describe('useLiveMaintenance', () => {
  const scheduleKey = [...MAINTENANCE_QUERY_KEY, 'schedule', { page: 1 }];
  const historyKey = [...MAINTENANCE_QUERY_KEY, 'history', { page: 1 }];

  it('patches the cached schedule at once and refetches the schedule and history after a record', async () => {
    vi.useFakeTimers();
    const schedule = vi.fn(async () => page(row(1, 10, { status: 'normal', remaining: 100 })));
    const history = vi.fn(async () => ({ items: [], total: 0 }));
    queryClient.setQueryData(scheduleKey, page(row(1, 10, { status: 'exceeded', remaining: -3 })));
    queryClient.setQueryData(historyKey, { items: [], total: 0 });
    // The pages on screen: observed queries, fresh until something invalidates them.
    const unobserve = [
      new QueryObserver(queryClient, { queryKey: scheduleKey, queryFn: schedule, staleTime: Infinity }),
      new QueryObserver(queryClient, { queryKey: historyKey, queryFn: history, staleTime: Infinity }),
    ].map((observer) => observer.subscribe(() => undefined));
    const { unmount } = renderHook(() => useLiveMaintenance());

    liveFeed.publish({
      type: 'maintenance',
      change: 'evaluated',
      data: [item(1, 10, { status: 'exceeded', remaining: -5 })],
    });
    expect(queryClient.getQueryData<Page<ScheduleRow>>(scheduleKey)?.items[0]).toMatchObject({ remaining: -5 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(schedule).not.toHaveBeenCalled();

    liveFeed.publish({ type: 'maintenance', change: 'recorded', data: [item(1, 10, { remaining: 100 })] });
    expect(queryClient.getQueryData<Page<ScheduleRow>>(scheduleKey)?.items[0]).toMatchObject({
      status: 'normal',
      remaining: 100,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(schedule).toHaveBeenCalledTimes(1);
    expect(history).toHaveBeenCalledTimes(1);

    unmount();
    liveFeed.publish({ type: 'maintenance', change: 'recorded', data: [item(1, 10)] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(history).toHaveBeenCalledTimes(1);
    unobserve.forEach((stop) => stop());
  });
});
