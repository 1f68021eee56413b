/**
 * Hands out what batches produce in the order the batches started, whatever order they end in:
 * `start()` numbers a batch, `end(ticket, value)` passes on its value once every batch started
 * before it has ended. A batch that would keep too many waiting — `maxHeld` later ones ended
 * meanwhile (a statement stuck on a lock another session holds) — is passed over, so that memory
 * stays bounded; its value is passed on whenever it ends.
 */
export class InOrder<V> {
  #started = 0;
  #next = 0;
  readonly #held = new Map<number, V>();

  constructor(
    private readonly passOn: (value: V) => void,
    private readonly maxHeld: number,
  ) {}

  start(): number {
    return this.#started++;
  }

  end(ticket: number, value: V): void {
    if (ticket < this.#next) {
      this.passOn(value); // passed over earlier
      return;
    }
    this.#held.set(ticket, value);
    if (this.#held.size > this.maxHeld) this.#next = Math.min(...this.#held.keys());
    for (let ready = this.#held.get(this.#next); ready !== undefined; ready = this.#held.get(this.#next)) {
      this.#held.delete(this.#next);
      this.#next += 1;
      this.passOn(ready);
    }
  }
}
