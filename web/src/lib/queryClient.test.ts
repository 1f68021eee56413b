import { describe, expect, it } from 'vitest';
import { patchCached, queryClient } from './queryClient';

type Order = { finished: number; status: string };

/** A query function whose answers the test releases one at a time, each read at its call. */
function backendOf(figures: Order) {
  const waiting: Array<() => void> = [];
  let calls = 0;
  const queryFn = () => {
    calls += 1;
    const read = { ...figures };
    return new Promise<Order>((resolve) => waiting.push(() => resolve(read)));
  };
  return { queryFn, answer: () => waiting.shift()?.(), calls: () => calls };
}

const progress = (finished: number) => (order: Order) => ({ ...order, finished });

describe('patchCached', () => {
  it('writes a push again over an answer read before it, without asking again', async () => {
    const figures: Order = { finished: 0, status: 'working' };
    const queryKey = ['patch-test', 'in-flight'];
    const backend = backendOf(figures);
    queryClient.setQueryData(queryKey, { ...figures });
    const fetched = queryClient.fetchQuery({ queryKey, queryFn: backend.queryFn, staleTime: 0 });
    // The counter moves, commits and is pushed while the answer read before it is on its way.
    figures.finished = 21;
    patchCached({ queryKey }, progress(21));
    expect(queryClient.getQueryData(queryKey)).toEqual({ finished: 21, status: 'working' });
    backend.answer();
    await fetched;
    expect(queryClient.getQueryData(queryKey)).toEqual({ finished: 21, status: 'working' });
    expect(backend.calls()).toBe(1);
  });

  it('keeps what the answer brought that no push touched, and forgets the patches once written', async () => {
    const figures: Order = { finished: 0, status: 'working' };
    const queryKey = ['patch-test', 'answer-wins-elsewhere'];
    const backend = backendOf(figures);
    queryClient.setQueryData(queryKey, { ...figures });
    figures.status = 'stop';
    const first = queryClient.fetchQuery({ queryKey, queryFn: backend.queryFn, staleTime: 0 });
    patchCached({ queryKey }, progress(7));
    backend.answer();
    await first;
    expect(queryClient.getQueryData(queryKey)).toEqual({ finished: 7, status: 'stop' });
    // A later answer is the server's own: the old patch is not written over it.
    figures.finished = 3;
    const second = queryClient.fetchQuery({ queryKey, queryFn: backend.queryFn, staleTime: 0 });
    backend.answer();
    await second;
    expect(queryClient.getQueryData(queryKey)).toEqual({ finished: 3, status: 'stop' });
  });

  it('leaves an idle query asked nothing, and an unchanged answer as it is', async () => {
    const queryKey = ['patch-test', 'idle'];
    const backend = backendOf({ finished: 5, status: 'working' });
    queryClient.setQueryData(queryKey, { finished: 5, status: 'working' });
    const before = queryClient.getQueryData(queryKey);
    patchCached<Order>({ queryKey }, (order) => order);
    expect(queryClient.getQueryData(queryKey)).toBe(before);
    patchCached({ queryKey }, progress(6));
    expect(queryClient.getQueryData(queryKey)).toEqual({ finished: 6, status: 'working' });
    expect(queryClient.isFetching({ queryKey })).toBe(0);
    expect(backend.calls()).toBe(0);
  });
});
