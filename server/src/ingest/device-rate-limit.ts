/** Per device: a request or publish costs one token whatever it holds, up to `burst` at once. */
export interface RateLimitOptions {
  /** Tokens a device gets back per second. */
  perSecond: number;
  /** Tokens a device may hold, so may spend at once after a quiet time. */
  burst: number;
}

/** A device may spend this many seconds' worth of tokens at once (docs/device-protocol.md, "Limits"). */
const BURST_SECONDS = 10;

export const rateLimitOf = (perSecond: number): RateLimitOptions => ({ perSecond, burst: perSecond * BURST_SECONDS });

/** Answer of `take`: go on after `waitMs` (0 at once), or refused with the time a token needs to come back. */
export type Admission = { admitted: true; waitMs: number } | { admitted: false; retryAfterMs: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** How often buckets that have filled up again (so hold nothing a new one would not) are let go. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A token bucket per device. `take` spends a token at once when there is one; otherwise, when the
 * caller can wait up to `maxWaitMs`, it reserves the next one (the bucket goes below zero and later
 * callers wait longer), else it refuses without spending.
 */
export class DeviceRateLimit {
  readonly #buckets = new Map<number, Bucket>();
  #sweptAt: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.#sweptAt = now();
  }

  take(deviceId: number, maxWaitMs = 0): Admission {
    const now = this.now();
    this.#sweep(now);
    const bucket = this.#refilled(deviceId, now);
    const waitMs = bucket.tokens >= 1 ? 0 : ((1 - bucket.tokens) / this.options.perSecond) * 1000;
    if (waitMs > maxWaitMs) return { admitted: false, retryAfterMs: waitMs };
    bucket.tokens -= 1;
    return { admitted: true, waitMs };
  }

  #refilled(deviceId: number, now: number): Bucket {
    const bucket = this.#buckets.get(deviceId) ?? { tokens: this.options.burst, at: now };
    bucket.tokens = Math.min(this.options.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.options.perSecond);
    bucket.at = now;
    this.#buckets.set(deviceId, bucket);
    return bucket;
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    for (const [deviceId, bucket] of this.#buckets) {
      const tokens = bucket.tokens + ((now - bucket.at) / 1000) * this.options.perSecond;
      if (tokens >= this.options.burst) this.#buckets.delete(deviceId);
    }
  }
}
