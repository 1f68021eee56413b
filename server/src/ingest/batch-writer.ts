export interface BatchWriterOptions {
  /** A batch is written as soon as it holds this many items. */
  maxBatch: number;
  /** …or this long after its first item arrived. */
  maxDelayMs: number;
}

/** Writes a batch in one transaction and answers one result per item, in order; throws if nothing was written. */
export type FlushBatch<T, R> = (items: readonly T[]) => Promise<R[]>;

interface Waiter<T, R> {
  items: readonly T[];
  resolve: (results: R[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects items from every caller and writes them together: one write of many items costs
 * little more than a write of one. A caller's promise settles only when the write of its items
 * has finished — resolved after the commit, rejected if the write failed — so nothing is
 * acknowledged that is not stored. One caller's items are never split across two writes. One
 * write runs at a time; what arrives meanwhile forms the next batch.
 */
export class BatchWriter<T, R> {
  #queue: Array<Waiter<T, R>> = [];
  #queuedItems = 0;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #closed = false;

  constructor(
    private readonly flushBatch: FlushBatch<T, R>,
    private readonly options: BatchWriterOptions,
  ) {}

  write(items: readonly T[]): Promise<R[]> {
    if (this.#closed) return Promise.reject(new Error('The batch writer is closed'));
    if (items.length === 0) return Promise.resolve([]);
    return new Promise<R[]>((resolve, reject) => {
      this.#queue.push({ items, resolve, reject });
      this.#queuedItems += items.length;
      this.#schedule();
    });
  }

  /** Writes what is queued, then refuses new items. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#flushing || this.#queue.length > 0) {
      if (!this.#flushing) this.#startFlush();
      await this.#flushing;
    }
  }

  #schedule(): void {
    if (this.#flushing) return; // the running write starts the next one when it ends
    if (this.#queuedItems >= this.options.maxBatch) this.#startFlush();
    else this.#timer ??= setTimeout(() => this.#startFlush(), this.options.maxDelayMs);
  }

  #startFlush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#takeBatch();
    this.#flushing = this.#flush(batch).finally(() => {
      this.#flushing = undefined;
      // What queued up during the write has waited long enough already.
      if (this.#queue.length > 0) this.#startFlush();
    });
  }

  /** Whole callers from the front of the queue, up to maxBatch items (at least one caller). */
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

  async #flush(batch: Array<Waiter<T, R>>): Promise<void> {
    try {
      const items = batch.flatMap((waiter) => waiter.items);
      const results = await this.flushBatch(items);
      if (results.length !== items.length) throw new Error(`A batch of ${items.length} answered ${results.length}`);
      let offset = 0;
      for (const waiter of batch) {
        waiter.resolve(results.slice(offset, offset + waiter.items.length));
        offset += waiter.items.length;
      }
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
  }
}
