import { AsyncLocalStorage } from 'node:async_hooks';

const first = new AsyncLocalStorage<boolean>();
/**
 * Whether a session that queues its takers is open in this process (the embedded database's). A
 * store that is run once makes Node.js follow every promise created after (async hooks): on
 * PostgreSQL, 3 % of the ingest's CPU for nothing.
 */
let enabled = false;

/** Called by the embedded database's driver: from now on, takers of the connection can go first. */
export function enableConnectionPriority(): void {
  enabled = true;
}

/**
 * Takes a connection for `work` ahead of those queued for the embedded database's one session:
 * device acknowledgements wait for the commit of their readings, and should not wait behind a
 * queue of history reads. Only the taking goes first; what `work` does with the connection, and
 * whatever it starts, queues as usual. (A PostgreSQL pool has connections enough: nothing changes.)
 */
export function withConnectionFirst<X>(take: (then: <Y>(work: () => Y) => Y) => Promise<X>): Promise<X> {
  if (!enabled) return take((work) => work());
  return first.run(true, () => take((work) => first.run(false, work)));
}

/** Whether the connection being taken goes ahead of the queue. */
export const takesConnectionFirst = (): boolean => first.getStore() === true;
