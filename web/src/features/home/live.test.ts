import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoldLiveStatus } from '@mouldwatch/shared';
import { queryClient } from '../../lib/queryClient';
import { mouldsQueryKey, type HomeMould } from './api/getMoulds';
import { mouldFactsKey, type MouldFacts } from './api/getMouldFacts';
import { NO_FILTERS } from './model/filters';
import { applyMaintenance, applyMouldStatus } from './live';

const mould = (id: number): HomeMould =>
  ({ id, name: `Mould ${id}`, state: 'run', online: true, counter: 100, cycles_until_pm: 50 }) as HomeMould;
const status = (id: number, extra: Partial<MoldLiveStatus> = {}): MoldLiveStatus => ({
  id,
  state: 'stop',
  online: true,
  last_connect_time: 2000,
  counter: 110,
  last_cycle_time: 30,
  mold_temp: null,
  hrs_temp: null,
  ...extra,
});

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('live list messages', () => {
  it('reach every cached list and the facts of their mould, gathered into one update', () => {
    vi.useFakeTimers();
    const favourites = { ...NO_FILTERS, favourite: true };
    queryClient.setQueryData(mouldsQueryKey(NO_FILTERS), [mould(1), mould(2)]);
    queryClient.setQueryData(mouldsQueryKey(favourites), [mould(2)]);
    queryClient.setQueryData(mouldFactsKey(2), {
      id: 2,
      state: 'run',
      counter: 100,
      cycles_until_pm: 50,
    } as MouldFacts);
    const lists = vi.fn();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[1] === 'moulds') lists();
    });

    applyMouldStatus(status(2, { state: 'idle' }));
    applyMouldStatus(status(1));
    applyMouldStatus(status(2));
    applyMouldStatus({ id: 'nonsense' });
    expect(queryClient.getQueryData<HomeMould[]>(mouldsQueryKey(NO_FILTERS))?.[1]?.state).toBe('run');
    vi.advanceTimersByTime(250);
    unsubscribe();

    expect(queryClient.getQueryData<HomeMould[]>(mouldsQueryKey(NO_FILTERS))?.map((item) => item.state)).toEqual([
      'stop',
      'stop',
    ]);
    expect(queryClient.getQueryData<HomeMould[]>(mouldsQueryKey(favourites))?.[0]).toMatchObject({
      state: 'stop',
      counter: 110,
      cycles_until_pm: 40,
    });
    expect(queryClient.getQueryData<MouldFacts>(mouldFactsKey(2))).toMatchObject({
      state: 'stop',
      cycles_until_pm: 40,
    });
    expect(lists).toHaveBeenCalledTimes(2);
  });
});

describe('live maintenance messages', () => {
  it("set the moulds' cycles until PM in the lists and facts, counted to the counter they show", () => {
    queryClient.setQueryData(mouldsQueryKey(NO_FILTERS), [mould(1), mould(2)]);
    queryClient.setQueryData(mouldFactsKey(2), { id: 2, counter: 100, cycles_until_pm: -5 } as MouldFacts);
    // Recorded at counter 98: 100 left from there, so 98 at the counter shown (100).
    const item = {
      mold_id: 2,
      task_id: 7,
      status: 'normal' as const,
      remaining: 100,
      unit: 'cycles' as const,
      counter: 98,
      cycles_until_pm: 100,
    };
    applyMaintenance([item]);
    expect(queryClient.getQueryData<HomeMould[]>(mouldsQueryKey(NO_FILTERS))?.map((m) => m.cycles_until_pm)).toEqual([
      50, 98,
    ]);
    expect(queryClient.getQueryData<MouldFacts>(mouldFactsKey(2))?.cycles_until_pm).toBe(98);
    // A deleted last task: no PM by tasks, none by the mould either.
    applyMaintenance([{ ...item, remaining: null, cycles_until_pm: null }]);
    expect(queryClient.getQueryData<MouldFacts>(mouldFactsKey(2))?.cycles_until_pm).toBeNull();
  });
});
