import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { queryClient } from '../../../lib/queryClient';
import { NO_FILTERS } from '../model/filters';
import { mouldsQueryKey, type HomeMould } from './getMoulds';
import { useSaveMouldOrder } from './saveMouldOrder';
import { useSetFavourite } from './setFavourite';

const listKey = mouldsQueryKey(NO_FILTERS);
const mould = (id: number, favourite = false) => ({ id, favourite }) as HomeMould;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/**
 * The home list on screen, cached as `shown`, with a read of it on its way that the test answers:
 * a read sent before the save reached the server, so it answers what was stored before.
 */
async function listWithReadOnItsWay(shown: HomeMould[]) {
  let answer: (moulds: HomeMould[]) => void = () => undefined;
  const read = vi.fn(() => new Promise<HomeMould[]>((resolve) => (answer = resolve)));
  queryClient.setQueryData(listKey, shown);
  const stop = new QueryObserver(queryClient, { queryKey: listKey, queryFn: read, staleTime: Infinity }).subscribe(
    () => undefined,
  );
  void queryClient.refetchQueries({ queryKey: listKey });
  await waitFor(() => expect(read).toHaveBeenCalled());
  return { answer: (moulds: HomeMould[]) => answer(moulds), stop };
}

const shown = () => queryClient.getQueryData<HomeMould[]>(listKey);
const readAnswered = () => waitFor(() => expect(queryClient.getQueryState(listKey)?.fetchStatus).toBe('idle'));

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ code: 200, msg: '', data: null }));
});

afterEach(() => {
  // Unmounted first: a render still scheduled would otherwise run once the page's window is gone.
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('a save made while the home list is being read', () => {
  it('keeps the new favourite mark over the read’s older answer', async () => {
    const list = await listWithReadOnItsWay([mould(1), mould(2)]);
    const { result } = renderHook(() => useSetFavourite(), { wrapper });
    result.current.mutate({ moldId: 1, favourite: true });
    await waitFor(() => expect(shown()?.[0]?.favourite).toBe(true));

    list.answer([mould(1), mould(2)]);
    await readAnswered();
    expect(shown()?.[0]?.favourite).toBe(true);
    list.stop();
  });

  it('keeps the new order over the read’s older answer', async () => {
    const list = await listWithReadOnItsWay([mould(1), mould(2), mould(3)]);
    const { result } = renderHook(() => useSaveMouldOrder(NO_FILTERS), { wrapper });
    result.current.mutate([3, 1]);
    await waitFor(() => expect(shown()?.map(({ id }) => id)).toEqual([3, 2, 1]));

    list.answer([mould(1), mould(2), mould(3)]);
    await readAnswered();
    expect(shown()?.map(({ id }) => id)).toEqual([3, 2, 1]);
    list.stop();
  });
});
