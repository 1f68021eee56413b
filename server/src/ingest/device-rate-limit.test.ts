import { describe, expect, it } from 'vitest';
import { DeviceRateLimit, rateLimitOf } from './device-rate-limit.js';

function limitAt(perSecond: number) {
  const clock = { now: 0 };
  return { clock, limit: new DeviceRateLimit(rateLimitOf(perSecond), () => clock.now) };
}

describe('DeviceRateLimit', () => {
  it('lets a device spend ten seconds’ worth at once, then refuses with the time until the next token', () => {
    const { clock, limit } = limitAt(2);
    for (let request = 0; request < 20; request += 1) expect(limit.take(1)).toEqual({ admitted: true, waitMs: 0 });
    expect(limit.take(1)).toEqual({ admitted: false, retryAfterMs: 500 });
    expect(limit.take(2)).toEqual({ admitted: true, waitMs: 0 });
    clock.now = 500;
    expect(limit.take(1)).toEqual({ admitted: true, waitMs: 0 });
    expect(limit.take(1).admitted).toBe(false);
  });

  it('refills at the sustained rate, never beyond the burst', () => {
    const { clock, limit } = limitAt(2);
    for (let request = 0; request < 20; request += 1) limit.take(1);
    clock.now = 3_600_000;
    const admitted = Array.from({ length: 25 }, () => limit.take(1).admitted);
    expect(admitted.filter(Boolean)).toHaveLength(20);
  });

  it('reserves the next tokens for a caller that may wait, each waiting longer, up to its limit', () => {
    const { limit } = limitAt(2);
    for (let request = 0; request < 20; request += 1) limit.take(1, 1000);
    expect(limit.take(1, 1000)).toEqual({ admitted: true, waitMs: 500 });
    expect(limit.take(1, 1000)).toEqual({ admitted: true, waitMs: 1000 });
    expect(limit.take(1, 1000)).toEqual({ admitted: false, retryAfterMs: 1500 });
    expect(limit.take(1)).toEqual({ admitted: false, retryAfterMs: 1500 });
  });
});
