import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer.js';

/** A flush that records its batches and doubles each item, or fails when told to. */
function recordingFlush(fail = false) {
  const batches: number[][] = [];
  const flush = async (items: readonly number[]) => {
    batches.push([...items]);
    if (fail) throw new Error('database gone');
    return items.map((item) => item * 2);
  };
  return { batches, flush };
}

describe('the batch writer', () => {
  it('writes what several callers send in one batch and answers each caller its own results', async () => {
    const { batches, flush } = recordingFlush();
    const writer = new BatchWriter(flush, { maxBatch: 100, maxDelayMs: 5 });
    const answers = await Promise.all([writer.write([1, 2]), writer.write([3]), writer.write([4, 5, 6])]);
    expect(answers).toEqual([[2, 4], [6], [8, 10, 12]]);
    expect(batches).toEqual([[1, 2, 3, 4, 5, 6]]);
  });

  it('writes at once when a batch is full, without waiting for the delay', async () => {
    const { batches, flush } = recordingFlush();
    const writer = new BatchWriter(flush, { maxBatch: 3, maxDelayMs: 60_000 });
    const answers = await Promise.all([writer.write([1, 2]), writer.write([3])]);
    expect(answers).toEqual([[2, 4], [6]]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("never splits one caller's items, and batches what arrives during a write", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const batches: number[][] = [];
    const writer = new BatchWriter(
      async (items: readonly number[]) => {
        batches.push([...items]);
        if (batches.length === 1) await held;
        return [...items];
      },
      { maxBatch: 2, maxDelayMs: 1 },
    );
    const first = writer.write([1]);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the first write is running and held
    const later = [writer.write([2, 3, 4]), writer.write([5]), writer.write([6])];
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('rejects every caller of a failed batch, so nothing unwritten is acknowledged', async () => {
    const { flush } = recordingFlush(true);
    const writer = new BatchWriter(flush, { maxBatch: 100, maxDelayMs: 1 });
    const results = await Promise.allSettled([writer.write([1]), writer.write([2, 3])]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database gone'));
  });

  it('rejects the batch when the flush answers the wrong number of results', async () => {
    const writer = new BatchWriter(async () => [1], { maxBatch: 100, maxDelayMs: 1 });
    await expect(writer.write([1, 2])).rejects.toThrow('A batch of 2 answered 1');
  });

  it('writes what is queued on close and refuses later writes', async () => {
    const { batches, flush } = recordingFlush();
    const writer = new BatchWriter(flush, { maxBatch: 100, maxDelayMs: 60_000 });
    const pending = writer.write([7]);
    await writer.close();
    await expect(pending).resolves.toEqual([14]);
    expect(batches).toEqual([[7]]);
    await expect(writer.write([8])).rejects.toThrow('closed');
  });
});
