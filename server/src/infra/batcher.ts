interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Answers many single look-ups with one call for all: the keys asked for within `gatherMs` of the
 * first are looked up together. A key never joins a call that started before it was asked for, so
 * its answer is never older than its question. Calls are not queued behind one another: on a busy
 * embedded database that would add a whole wait in its queue to every answer.
 */
export class Batcher<K, V> {
  #waiting = new Map<K, Waiter<V>[]>();
  #scheduled = false;

  /** `lookUp` answers the keys it knows; a key it leaves out is answered undefined. */
  constructor(
    private readonly lookUp: (keys: K[]) => Promise<Map<K, V>>,
    private readonly gatherMs: number,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#waiting.get(key) ?? [];
      waiters.push({ resolve, reject });
      this.#waiting.set(key, waiters);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setTimeout(() => void this.#lookUpWaiting(), this.gatherMs).unref();
  }

  async #lookUpWaiting(): Promise<void> {
    this.#scheduled = false;
    const waiting = this.#waiting;
    this.#waiting = new Map();
    try {
      const answers = await this.lookUp([...waiting.keys()]);
      for (const [key, waiters] of waiting) for (const waiter of waiters) waiter.resolve(answers.get(key));
    } catch (error) {
      for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}
