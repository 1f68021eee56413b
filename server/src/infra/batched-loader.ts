/** Looks up many keys in one go: the map holds those found. */
export type LoadMany<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

interface Pending<V> {
  promise: Promise<V | undefined>;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Loads keys in batches, one query at a time: the keys asked for in one turn of the event loop, or
 * while a query is under way, go together in the next. Many callers that each need one row at the
 * same moment (devices that connected together, moulds after a restart) cost one query or two, not
 * one each; on the embedded database, whose one session those queries take in turn with the
 * readings' inserts, one each kept the engines waiting for seconds.
 */
export class BatchedLoader<K, V> {
  #waiting = new Map<K, Pending<V>>();
  #running = false;

  constructor(private readonly loadMany: LoadMany<K, V>) {}

  /** The key's value, undefined if there is none; rejects if its batch's query failed. */
  load(key: K): Promise<V | undefined> {
    const waiting = this.#waiting.get(key);
    if (waiting) return waiting.promise;
    let settle!: Pick<Pending<V>, 'resolve' | 'reject'>;
    const promise = new Promise<V | undefined>((resolve, reject) => (settle = { resolve, reject }));
    this.#waiting.set(key, { promise, ...settle });
    if (!this.#running) {
      this.#running = true;
      setImmediate(() => void this.#run());
    }
    return promise;
  }

  async #run(): Promise<void> {
    while (this.#waiting.size > 0) {
      const batch = this.#waiting;
      this.#waiting = new Map();
      try {
        const found = await this.loadMany([...batch.keys()]);
        for (const [key, { resolve }] of batch) resolve(found.get(key));
      } catch (error) {
        for (const { reject } of batch.values()) reject(error);
      }
    }
    this.#running = false;
  }
}
