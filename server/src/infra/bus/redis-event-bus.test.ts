import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisEventBus } from './redis-event-bus.js';

const url = process.env.REDIS_URL;
if (!url) console.warn('skipped: the Redis bus tests need REDIS_URL (CI sets it when a Redis answers)');

describe.skipIf(!url)('event bus across instances over Redis', () => {
  const namespace = `mw-test-${randomUUID()}`;
  let first: RedisEventBus;
  let second: RedisEventBus;

  beforeAll(async () => {
    [first, second] = await Promise.all([
      RedisEventBus.connect(url as string, { namespace }),
      RedisEventBus.connect(url as string, { namespace }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('delivers an event once on the publishing instance and once on every other', async () => {
    const seenHere: number[] = [];
    const seenThere: number[] = [];
    first.subscribe('sessionsRevoked', ({ userId }) => seenHere.push(userId));
    second.subscribe('sessionsRevoked', ({ userId }) => seenThere.push(userId));
    first.publish('sessionsRevoked', { userId: 7 });
    expect(seenHere).toEqual([7]);
    await expect.poll(() => seenThere).toEqual([7]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenHere).toEqual([7]);
  });

  it('keeps installations with other namespaces apart', async () => {
    const other = await RedisEventBus.connect(url as string, { namespace: `${namespace}-other` });
    const seen: number[] = [];
    other.subscribe('notice', ({ noticeId }) => seen.push(noticeId));
    second.publish('notice', { userId: 1, noticeId: 99 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
    await other.close();
  });
});
