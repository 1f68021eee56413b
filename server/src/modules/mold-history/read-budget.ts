import { throttled } from '../../infra/http/errors.js';

/**
 * How many history reads one user may have under way (running or waiting) at once on this
 * instance: a detail screen makes at most two at a time (chart and table), and one more leaves
 * room for a second screen. More are refused with 429, so one viewer cannot queue up work.
 */
export const HISTORY_READS_PER_USER = 3;
/**
 * How many history reads of all users run at once on this instance; the others wait their turn.
 * Two keep one of two cores (or the embedded database's one session between reads) for the rest.
 */
export const HISTORY_READS_RUNNING = 2;
/** A refused read may be asked again once one of the user's reads is done: about a second. */
const RETRY_AFTER_SECONDS = 1;

/** Each user's history reads under way, refused beyond the user's cap, run a few at a time. */
export class ReadBudget {
  readonly #perUser = new Map<number, number>();
  readonly #waiting: Array<() => void> = [];
  #running = 0;

  constructor(
    private readonly perUser = HISTORY_READS_PER_USER,
    private readonly running = HISTORY_READS_RUNNING,
  ) {}

  async run<T>(userId: number, read: () => Promise<T>): Promise<T> {
    const underWay = this.#perUser.get(userId) ?? 0;
    if (underWay >= this.perUser) throw throttled('historyReadsBusy', {}, RETRY_AFTER_SECONDS);
    this.#perUser.set(userId, underWay + 1);
    try {
      await this.#turn();
      try {
        return await read();
      } finally {
        this.#next();
      }
    } finally {
      const left = this.#perUser.get(userId)! - 1;
      if (left === 0) this.#perUser.delete(userId);
      else this.#perUser.set(userId, left);
    }
  }

  async #turn(): Promise<void> {
    // A read that ends hands its place straight to the next one waiting.
    if (this.#running < this.running) this.#running += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #next(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running -= 1;
  }
}
