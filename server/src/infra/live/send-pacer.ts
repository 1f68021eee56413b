/**
 * Paces a socket's sends at one a period on average, with one period of credit (the generic cell
 * rate algorithm). A send that left late — a busy event loop, a slow permission check — does not
 * push every later one back. "A period after the last send" did: with figures that change exactly
 * once a period, each delay stayed in every later figure until one was skipped.
 */
export class SendPacer {
  /** When the next send would be due at the steady rate. */
  #dueAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly periodMs: number) {}

  /** How long a send wanted at `now` waits. */
  waitMs(now: number): number {
    return Math.max(0, this.#dueAt - this.periodMs - now);
  }

  /** A send left at `now`. */
  sent(now: number): void {
    this.#dueAt = Math.max(this.#dueAt, now) + this.periodMs;
  }
}
