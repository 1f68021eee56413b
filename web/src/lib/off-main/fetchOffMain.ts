import type { FetchAnswer, FetchAsk, MessageEndpoint } from './protocol';
import { serveFetches } from './serveFetches';

/** A JSON answer read off the page's thread: what the API client needs of it. */
export interface JsonAnswer {
  status: number;
  ok: boolean;
  payload: unknown;
}

export type FetchJson = (url: string, init: FetchAsk['init'], signal: AbortSignal) => Promise<JsonAnswer>;

interface Waiting {
  resolve(answer: JsonAnswer): void;
  reject(error: Error): void;
  answer?: JsonAnswer;
  chunksLeft: number;
}

/**
 * The page's side: `fetch` and `JSON.parse` done by `serveFetches` at the other end (a worker), for
 * answers of thousands of rows; the rows arrive a thousand at a time, each part a short task.
 * Rejects as `fetch` does (a network failure, an abort). Should the other end fail (a worker that
 * cannot load), the calls under way fail and the next ones are served by `fallback`.
 */
export function offMainFetcher(connect: () => MessageEndpoint, fallback = onThePage): FetchJson {
  let endpoint: MessageEndpoint | undefined;
  let failed = false;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const received = (message: FetchAnswer) => {
    const call = waiting.get(message.id);
    if (!call) return;
    if ('failed' in message) {
      waiting.delete(message.id);
      return call.reject(new TypeError('Failed to fetch'));
    }
    if ('chunk' in message) {
      (call.answer!.payload as { data: unknown[] }).data.push(...message.chunk);
      call.chunksLeft -= 1;
    } else {
      call.answer = { status: message.status, ok: message.ok, payload: message.payload };
      call.chunksLeft = message.chunks;
    }
    if (call.chunksLeft === 0) {
      waiting.delete(message.id);
      call.resolve(call.answer!);
    }
  };
  const broken = () => {
    failed = true;
    endpoint = undefined;
    for (const call of waiting.values()) call.reject(new TypeError('The fetch worker failed'));
    waiting.clear();
  };
  const opened = () => {
    if (!endpoint) {
      endpoint = failed ? fallback() : connect();
      endpoint.onmessage = ({ data }: MessageEvent<FetchAnswer>) => received(data);
      endpoint.onerror = broken;
    }
    return endpoint;
  };

  return (url, init, signal) => {
    const id = nextId++;
    return new Promise<JsonAnswer>((resolve, reject) => {
      if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      waiting.set(id, { resolve, reject, chunksLeft: 0 });
      signal.addEventListener(
        'abort',
        () => {
          if (!waiting.delete(id)) return;
          opened().postMessage({ id, abort: true });
          reject(new DOMException('Aborted', 'AbortError'));
        },
        { once: true },
      );
      opened().postMessage({ id, url, init } satisfies FetchAsk);
    });
  };
}

/** The same work on the page's thread, over a message channel. */
function onThePage(): MessageEndpoint {
  const channel = new MessageChannel();
  serveFetches(channel.port1);
  return channel.port2;
}

/** In this browser, a worker of its own; none where there are no workers (a test's DOM). */
export const fetchJsonOffMain: FetchJson | undefined =
  typeof Worker === 'undefined'
    ? undefined
    : offMainFetcher(() => new Worker(new URL('./fetch.worker.ts', import.meta.url), { type: 'module' }));
