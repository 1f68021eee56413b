/** What the console asks of the fetch worker, and what it answers (see fetch.worker.ts). */
export interface FetchAsk {
  id: number;
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
}
export interface FetchAbort {
  id: number;
  abort: true;
}

/** The answer: its status and body, an envelope's `data` list following in `chunks` parts of it. */
export interface FetchHead {
  id: number;
  status: number;
  ok: boolean;
  payload: unknown;
  /** Parts of `payload.data` still to come (0: the payload is whole). */
  chunks: number;
}
export interface FetchChunk {
  id: number;
  chunk: unknown[];
}
export interface FetchFailed {
  id: number;
  failed: true;
}
export type FetchAnswer = FetchHead | FetchChunk | FetchFailed;

/** Rows per part: a part's copy into the page takes a few milliseconds, not the whole list's tens. */
export const ROWS_PER_CHUNK = 1_000;

/** Either end of the conversation: the worker, the worker's own scope, a message port. */
export interface MessageEndpoint {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  /** A worker's: it could not load, or failed. */
  onerror?: ((event: ErrorEvent) => void) | null;
}
