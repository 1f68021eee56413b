import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

/** A look-up that doubles the keys it is given, slowly, and records each call's keys. */
function doubling(delayMs = 30) {
  const calls: number[][] = [];
  const batcher = new Batcher<number, number>(async (keys) => {
    calls.push([...keys]);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return new Map(keys.filter((key) => key > 0).map((key) => [key, key * 2]));
  }, 10);
  return { batcher, calls };
}

describe('Batcher', () => {
  it('answers the keys asked for in the same moment with one look-up, each its own answer', async () => {
    const { batcher, calls } = doubling();
    const answers = await Promise.all([batcher.load(1), batcher.load(2), batcher.load(1), batcher.load(-1)]);
    expect(answers).toEqual([2, 4, 2, undefined]);
    expect(calls).toEqual([[1, 2, -1]]);
  });

  it('never answers a key from a look-up that started before it was asked for', async () => {
    const { batcher, calls } = doubling(60);
    const first = batcher.load(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The first look-up is on its way: these wait for the next one, and go in it together.
    const later = [batcher.load(1), batcher.load(3)];
    expect(await Promise.all([first, ...later])).toEqual([2, 2, 6]);
    expect(calls).toEqual([[1], [1, 3]]);
  });

  it('hands a failed look-up to every waiter, and looks up again for the next keys', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (keys) => {
      if (fail) throw new Error('database away');
      return new Map(keys.map((key) => [key, key]));
    }, 5);
    const failed = [batcher.load(1), batcher.load(2)];
    for (const answer of failed) await expect(answer).rejects.toThrow('database away');
    fail = false;
    expect(await batcher.load(3)).toBe(3);
  });
});
