export interface BatchWriterOptions {
  /** A batch is written as soon as it holds this many items… */
  maxBatch: number;
  /** …or once its first item has waited this long (when no other write is under way). */
  maxDelayMs: number;
  /**
   * How many writes may be under way at once, each on its own (its own connection and
   * transaction). Default 1: one at a time. More lets a batch start while earlier ones are still
   * being written, so that what arrives just after a slow write started need not wait for all of
   * it. A write takes its items only once it is ready to write them (see FlushBatch): where
   * writes cannot run side by side (one connection), a second one waiting for the first gathers
   * everything that arrives meanwhile, as one write at a time would.
   */
  maxInFlight?: number;
  /**
   * While a write is under way, a further one starts only once the first queued item has waited
   * this long (or the batch is full); until then the items wait for a write to end, which makes
   * for fewer, larger writes. Default maxDelayMs.
   */
  overlapDelayMs?: number;
}

/**
 * Writes one batch in one transaction and answers one result per item, in order; throws if
 * nothing was written. It calls `take` once, when it is ready to write (a connection in hand),
 * for the items — possibly none, when writes beside it have taken them all — and throws for the
 * whole batch if it fails before or after taking them. With maxInFlight > 1 it is called again
 * before earlier calls have settled, and calls may settle in any order.
 */
export type FlushBatch<T, R> = (take: () => readonly T[]) => Promise<R[]>;

interface Waiter<T, R> {
  items: readonly T[];
  /** performance.now() when the items were queued. */
  queuedAt: number;
  resolve: (results: R[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects items from every caller and writes them together: one write of many items costs
 * little more than a write of one. A caller's promise settles only when the write of its items
 * has finished — resolved after the commit, rejected if the write failed — so nothing is
 * acknowledged that is not stored. One caller's items are never split across two writes, and each
 * batch settles on its own: a failed batch rejects its callers only, not those of a batch written
 * beside it. What arrives while the writes are under way forms the next batch, written as soon as
 * one of them ends.
 */
export class BatchWriter<T, R> {
  #queue: Array<Waiter<T, R>> = [];
  #queuedItems = 0;
  #timer: NodeJS.Timeout | undefined;
  /** performance.now() when the timer fires. */
  #timerAt = 0;
  readonly #flushing = new Set<Promise<void>>();
  #closed = false;
  readonly #maxInFlight: number;
  readonly #overlapDelayMs: number;

  constructor(
    private readonly flushBatch: FlushBatch<T, R>,
    private readonly options: BatchWriterOptions,
  ) {
    this.#maxInFlight = Math.max(1, options.maxInFlight ?? 1);
    this.#overlapDelayMs = options.overlapDelayMs ?? options.maxDelayMs;
  }

  write(items: readonly T[]): Promise<R[]> {
    if (this.#closed) return Promise.reject(new Error('The batch writer is closed'));
    if (items.length === 0) return Promise.resolve([]);
    return new Promise<R[]>((resolve, reject) => {
      this.#queue.push({ items, queuedAt: performance.now(), resolve, reject });
      this.#queuedItems += items.length;
      this.#schedule();
    });
  }

  /** Writes what is queued, then refuses new items. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#flushing.size > 0 || this.#queue.length > 0) {
      while (this.#queue.length > 0 && this.#flushing.size < this.#maxInFlight) this.#startFlush();
      await Promise.race(this.#flushing);
    }
  }

  /**
   * Starts writes while a slot is free and a batch is due: full, or its first item has waited
   * maxDelayMs — overlapDelayMs while another write is under way. (What queued up during a write
   * and is left when it ends has usually waited long enough already.) Otherwise the timer comes
   * back when the first item is due.
   */
  #schedule(): void {
    while (this.#queue.length > 0 && this.#flushing.size < this.#maxInFlight) {
      const waited = performance.now() - this.#queue[0]!.queuedAt;
      const delay = this.#flushing.size === 0 ? this.options.maxDelayMs : this.#overlapDelayMs;
      if (this.#queuedItems < this.options.maxBatch && waited < delay) {
        this.#wakeUpIn(delay - waited);
        return;
      }
      this.#startFlush();
    }
  }

  /** Sets the timer to come back in `ms`, unless it comes back sooner already. */
  #wakeUpIn(ms: number): void {
    const at = performance.now() + ms;
    if (this.#timer && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#schedule();
    }, ms);
  }

  #startFlush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const flushing: Promise<void> = this.#flush().finally(() => {
      this.#flushing.delete(flushing);
      if (!this.#closed) this.#schedule();
    });
    this.#flushing.add(flushing);
  }

  /** Whole callers from the front of the queue, up to maxBatch items (at least one caller, if any). */
  #takeBatch(): Array<Waiter<T, R>> {
    let count = 0;
    let taken = 0;
    while (taken < this.#queue.length) {
      const size = this.#queue[taken]!.items.length;
      if (taken > 0 && count + size > this.options.maxBatch) break;
      count += size;
      taken += 1;
    }
    this.#queuedItems -= count;
    return this.#queue.splice(0, taken);
  }

  async #flush(): Promise<void> {
    let batch: Array<Waiter<T, R>> | undefined;
    let items: T[] = [];
    try {
      const results = await this.flushBatch(() => {
        if (batch) throw new Error('A batch is taken once');
        batch = this.#takeBatch();
        items = batch.flatMap((waiter) => waiter.items);
        return items;
      });
      if (!batch) throw new Error('The write did not take its batch');
      if (results.length !== items.length) throw new Error(`A batch of ${items.length} answered ${results.length}`);
      let offset = 0;
      for (const waiter of batch) {
        waiter.resolve(results.slice(offset, offset + waiter.items.length));
        offset += waiter.items.length;
      }
    } catch (error) {
      // A write that failed before taking its batch (no connection) fails the batch it was
      // started for, so that its callers hear of it rather than wait for the database to return.
      for (const waiter of batch ?? this.#takeBatch()) waiter.reject(error);
    }
  }
}
