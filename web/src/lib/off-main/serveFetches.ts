import { parseJson } from './parseJson';
import { ROWS_PER_CHUNK, type FetchAbort, type FetchAnswer, type FetchAsk, type MessageEndpoint } from './protocol';

/**
 * The worker's side: fetches and parses each asked-for JSON answer and posts it back, an
 * envelope's long `data` list in parts of `ROWS_PER_CHUNK` rows.
 */
export function serveFetches(endpoint: MessageEndpoint): void {
  const running = new Map<number, AbortController>();
  const answer = (message: FetchAnswer) => endpoint.postMessage(message);

  async function fetchOne({ id, url, init }: FetchAsk): Promise<void> {
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const response = await fetch(url, { ...init, signal: controller.signal });
      const payload = parseJson(await response.text());
      const rows = listOf(payload);
      const chunks = rows && rows.length > ROWS_PER_CHUNK ? Math.ceil(rows.length / ROWS_PER_CHUNK) : 0;
      const head = chunks > 0 ? { ...(payload as object), data: [] } : payload;
      answer({ id, status: response.status, ok: response.ok, payload: head, chunks });
      for (let part = 0; part < chunks; part += 1) {
        answer({ id, chunk: rows!.slice(part * ROWS_PER_CHUNK, (part + 1) * ROWS_PER_CHUNK) });
      }
    } catch {
      answer({ id, failed: true });
    } finally {
      running.delete(id);
    }
  }

  endpoint.onmessage = ({ data }: MessageEvent<FetchAsk | FetchAbort>) => {
    if ('abort' in data) running.get(data.id)?.abort();
    else void fetchOne(data);
  };
}

const listOf = (payload: unknown): unknown[] | undefined => {
  const data = (payload as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data : undefined;
};
