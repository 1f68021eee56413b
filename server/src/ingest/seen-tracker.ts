/** A device's last sighting to write: device id → epoch ms. */
export type SeenMarks = ReadonlyMap<number, number>;

/**
 * Which devices' `last_seen_at` a batch writes, so that marking devices seen costs one small update
 * a second rather than one per batch. A device's first message since the server started is marked
 * with it, so a new device shows as seen at once; later sightings wait, in memory, for the next
 * batch written SEEN_EVERY_MS or more after the last batch that carried marks, which carries them
 * all. `last_seen_at` is therefore at most about that much behind, and a crash loses at most that
 * much of it — never a reading: it is not a reading, only when the device was last heard from.
 *
 * A sighting counts once its batch is committed; the marks a failed batch carried are carried by
 * the next one.
 */
export class SeenTracker {
  /** Committed sightings not yet written: device id → epoch ms. */
  readonly #pending = new Map<number, number>();
  /** Devices marked by this server since it started. */
  readonly #marked = new Set<number>();
  #carriedAt = -Infinity;

  constructor(private readonly everyMs: number) {}

  /** The marks a batch of these devices, written at nowMs, carries; undefined when none is due. */
  take(deviceIds: ReadonlySet<number>, nowMs: number): SeenMarks | undefined {
    const due =
      nowMs - this.#carriedAt >= this.everyMs ||
      nowMs < this.#carriedAt || // the clock went back (tests move it)
      [...deviceIds].some((deviceId) => !this.#marked.has(deviceId));
    if (!due) return undefined;
    const marks = new Map(this.#pending);
    this.#pending.clear();
    for (const deviceId of deviceIds) marks.set(deviceId, nowMs);
    this.#carriedAt = nowMs;
    return marks;
  }

  /** The batch of `take` ended: committed (`stored`) or not. */
  settle(deviceIds: ReadonlySet<number>, nowMs: number, marks: SeenMarks | undefined, stored: boolean): void {
    if (stored) {
      if (marks) for (const deviceId of marks.keys()) this.#marked.add(deviceId);
      else for (const deviceId of deviceIds) this.#pend(deviceId, nowMs);
    } else if (marks) {
      // The batch's own devices were not stored, so not seen; the others' sightings still stand.
      for (const [deviceId, at] of marks) if (!deviceIds.has(deviceId)) this.#pend(deviceId, at);
      this.#carriedAt = -Infinity;
    }
  }

  #pend(deviceId: number, at: number): void {
    this.#pending.set(deviceId, Math.max(at, this.#pending.get(deviceId) ?? at));
  }
}
