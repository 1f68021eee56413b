import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { toast } from '../../../lib/feedback';
import { queryClient } from '../../../lib/queryClient';
import {
  channelChoiceQueryKey,
  getChannelChoice,
  type ChannelChoice,
  type ChannelChoiceAnswer,
} from './getChannelChoice';
import { useSaveChannelChoice } from './saveChannelChoice';

const MOLD_ID = 7;
const key = channelChoiceQueryKey(MOLD_ID);
const ENABLED: ChannelChoice = { mold: [1, 2, 3], hrs: [1, 2, 3] };

/** A request that has reached the server: it reads or stores when `answer` is called, as the server would in its turn. */
interface Arrived {
  method: string;
  body?: ChannelChoice;
  answer(status?: number): void;
}

/** The server's side of the channel choice, each request answered when the test says. */
function channelChoiceServer() {
  let stored: ChannelChoice = { ...ENABLED };
  const arrived: Arrived[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    (_url, init) =>
      new Promise<Response>((resolve, reject) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? (JSON.parse(String(init.body)) as ChannelChoice) : undefined;
        // The read happens on arrival: its answer may come after a save stored something newer.
        const read = { ...stored };
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        arrived.push({
          method,
          body,
          answer: (status = 200) => {
            if (status !== 200) return resolve(new Response('fail', { status }));
            if (body) stored = body;
            const data: ChannelChoiceAnswer = { ...(body ?? read), enabled: ENABLED };
            resolve(Response.json({ code: 200, msg: '', data }));
          },
        });
      }),
  );
  return { arrived, stored: () => stored };
}

/** The choice as the screen shows it: the cached answer a mounted screen observes. */
function watchChoice() {
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: ({ signal }) => getChannelChoice(MOLD_ID, signal),
  });
  const stop = observer.subscribe(() => undefined);
  return { shown: () => queryClient.getQueryData<ChannelChoiceAnswer>(key)?.hrs, stop };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const renderSave = () => renderHook(() => useSaveChannelChoice(MOLD_ID), { wrapper });
const choose = (hrs: number[]): ChannelChoice => ({ mold: ENABLED.mold, hrs });

let server: ReturnType<typeof channelChoiceServer>;
let screen: ReturnType<typeof watchChoice>;

beforeEach(async () => {
  server = channelChoiceServer();
  screen = watchChoice();
  await waitFor(() => expect(server.arrived).toHaveLength(1));
  server.arrived.shift()?.answer();
  await waitFor(() => expect(screen.shown()).toEqual([1, 2, 3]));
});

afterEach(() => {
  // Unmounted first: a render still scheduled would otherwise run once the page's window is gone.
  cleanup();
  screen.stop();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('saving the channel choice', () => {
  it('sends two quick choices one after the other and shows the later one throughout', async () => {
    const { result } = renderSave();
    result.current.mutate(choose([1, 3]));
    await waitFor(() => expect(server.arrived).toHaveLength(1));
    result.current.mutate(choose([1]));
    await waitFor(() => expect(screen.shown()).toEqual([1]));

    // The second waits for the first's answer: the server stores them in the order chosen.
    expect(server.arrived.map((request) => request.body?.hrs)).toEqual([[1, 3]]);
    server.arrived.shift()?.answer();
    await waitFor(() => expect(server.arrived).toHaveLength(1));
    expect(screen.shown()).toEqual([1]);
    server.arrived.shift()?.answer();

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(server.stored().hrs).toEqual([1]);
    expect(screen.shown()).toEqual([1]);
  });

  it('drops a read that was on its way when the user chose', async () => {
    void queryClient.invalidateQueries({ queryKey: key });
    await waitFor(() => expect(server.arrived.map((request) => request.method)).toEqual(['GET']));
    const { result } = renderSave();
    result.current.mutate(choose([2]));
    await waitFor(() => expect(server.arrived.map((request) => request.method)).toEqual(['GET', 'PUT']));
    const [read, save] = server.arrived.splice(0);
    save?.answer();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    read?.answer();

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.shown()).toEqual([2]);
  });

  it('shows the stored choice again when a save fails', async () => {
    // The user is told; the toast itself (antd, in a root of its own that closes on a timer) is
    // not drawn here: its late render would outlive this file's page.
    const told = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const { result } = renderSave();
    result.current.mutate(choose([3]));
    await waitFor(() => expect(screen.shown()).toEqual([3]));
    await waitFor(() => expect(server.arrived).toHaveLength(1));
    server.arrived.shift()?.answer(500);

    await waitFor(() => expect(screen.shown()).toEqual([1, 2, 3]));
    expect(told).toHaveBeenCalledTimes(1);
    // And reads it again: the choice before might have been one that failed too.
    await waitFor(() => expect(server.arrived.map((request) => request.method)).toEqual(['GET']));
    server.arrived.shift()?.answer();
    await waitFor(() => expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle'));
    expect(screen.shown()).toEqual([1, 2, 3]);
  });
});
