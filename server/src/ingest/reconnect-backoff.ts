/**
 * Pauses before a reconnection to a broker: 250 ms, doubling up to 2 s while attempts fail. Short,
 * because after a broker restart a shared subscription drops what devices publish until it is made
 * again, and a queue's messages wait for a consumer.
 */
export class ReconnectBackoff {
  static readonly FIRST_MS = 250;
  static readonly MAX_MS = 2000;
  #nextMs = ReconnectBackoff.FIRST_MS;

  next(): number {
    const ms = this.#nextMs;
    this.#nextMs = Math.min(ms * 2, ReconnectBackoff.MAX_MS);
    return ms;
  }

  reset(): void {
    this.#nextMs = ReconnectBackoff.FIRST_MS;
  }
}
