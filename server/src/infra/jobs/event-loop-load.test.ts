import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EventLoopLoad } from './event-loop-load.js';

/** Keeps the event loop running (not waiting) for `ms`. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning is the point
  }
}

describe('EventLoopLoad', () => {
  it('counts a loop that ran through the last second as saturated, and a waiting one as not', async () => {
    const load = new EventLoopLoad();
    busyFor(1_050);
    expect(load.utilization()).toBeGreaterThan(0.9);
    expect(load.saturated()).toBe(true);
    // The answer stands until the next window has ended.
    expect(load.gatherMs(100, 3, { moulds: 200, readings: 400 })).toBe(300);

    await delay(1_050);
    expect(load.utilization()).toBeLessThan(0.2);
    expect(load.saturated()).toBe(false);
    expect(load.gatherMs(100, 3, { moulds: 200, readings: 400 })).toBe(100);
  });

  it('lets a run of a few moulds, or of a reading or so a mould, gather as usual even when saturated', () => {
    const load = new EventLoopLoad();
    busyFor(1_050);
    expect(load.saturated()).toBe(true);
    expect(load.gatherMs(100, 3, { moulds: 49, readings: 5_000 })).toBe(100);
    expect(load.gatherMs(100, 3, { moulds: 200, readings: 399 })).toBe(100);
    expect(load.gatherMs(100, 3, { moulds: 50, readings: 100 })).toBe(300);
  });
});
