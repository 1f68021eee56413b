import { AsyncLocalStorage } from 'node:async_hooks';

const first = new AsyncLocalStorage<boolean>();

/**
 * Takes a connection for `work` ahead of those queued for the embedded database's one session:
 * device acknowledgements wait for the commit of their readings, and should not wait behind a
 * queue of history reads. Only the taking goes first; what `work` does with the connection, and
 * whatever it starts, queues as usual. (A PostgreSQL pool has connections enough: nothing changes.)
 */
export function withConnectionFirst<X>(take: (then: <Y>(work: () => Y) => Y) => Promise<X>): Promise<X> {
  return first.run(true, () => take((work) => first.run(false, work)));
}

/** Whether the connection being taken goes ahead of the queue. */
export const takesConnectionFirst = (): boolean => first.getStore() === true;
