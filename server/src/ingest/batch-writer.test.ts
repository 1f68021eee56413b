import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer.js';

/** A flush that takes its items at once (as with a connection always at hand) and writes them. */
const taking =
  <R>(write: (items: readonly number[]) => Promise<R[]>) =>
  (take: () => readonly number[]) =>
    write(take());

/** A flush that records its batches and doubles each item, or fails when told to. */
function recordingFlush(fail = false) {
  const batches: number[][] = [];
  const flush = taking(async (items) => {
    batches.push([...items]);
    if (fail) throw new Error('database gone');
    return items.map((item) => item * 2);
  });
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
      taking(async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await held;
        return [...items];
      }),
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
    const writer = new BatchWriter(
      taking(async () => [1]),
      { maxBatch: 100, maxDelayMs: 1 },
    );
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

/** A flush whose calls each wait until the test settles them, and that records how many overlap. */
function heldFlush() {
  const calls: Array<{ items: number[]; finish: () => void; fail: (error: Error) => void }> = [];
  let running = 0;
  let mostAtOnce = 0;
  const flush = taking(async (items) => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      await new Promise<void>((resolve, reject) => calls.push({ items: [...items], finish: resolve, fail: reject }));
      return items.map((item) => item * 2);
    } finally {
      running -= 1;
    }
  });
  return { calls, flush, mostAtOnce: () => mostAtOnce };
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the batch writer with several batches in flight', () => {
  it('starts the next batch while the first is still being written, up to maxInFlight at once', async () => {
    const { calls, flush, mostAtOnce } = heldFlush();
    const writer = new BatchWriter(flush, { maxBatch: 2, maxDelayMs: 1, maxInFlight: 2 });
    const first = writer.write([1, 2]);
    const second = writer.write([3, 4]);
    const third = writer.write([5]);
    await tick();
    expect(calls.map((call) => call.items)).toEqual([
      [1, 2],
      [3, 4],
    ]); // the third waits for a free slot
    calls[0]!.finish();
    await expect(first).resolves.toEqual([2, 4]);
    await tick();
    expect(calls.map((call) => call.items)).toEqual([[1, 2], [3, 4], [5]]);
    calls[1]!.finish();
    calls[2]!.finish();
    await expect(Promise.all([second, third])).resolves.toEqual([[6, 8], [10]]);
    expect(mostAtOnce()).toBe(2);
  });

  it('answers each batch when its own write ends, a later batch before an earlier one', async () => {
    const { calls, flush } = heldFlush();
    const writer = new BatchWriter(flush, { maxBatch: 1, maxDelayMs: 1, maxInFlight: 3 });
    const settled: number[] = [];
    const writes = [1, 2, 3].map((item) => writer.write([item]).then(() => settled.push(item)));
    await tick();
    expect(calls).toHaveLength(3);
    calls[2]!.finish();
    await tick();
    expect(settled).toEqual([3]);
    calls[0]!.finish();
    calls[1]!.finish();
    await Promise.all(writes);
    expect(settled).toEqual([3, 1, 2]);
  });

  it('rejects the callers of a failed batch only: a batch written beside it is acknowledged', async () => {
    const { calls, flush } = heldFlush();
    const writer = new BatchWriter(flush, { maxBatch: 2, maxDelayMs: 1, maxInFlight: 2 });
    const failing = [writer.write([1]), writer.write([2])];
    await tick();
    const succeeding = writer.write([3, 4]);
    await tick();
    expect(calls.map((call) => call.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    calls[0]!.fail(new Error('deadlock detected'));
    calls[1]!.finish();
    const results = await Promise.allSettled([...failing, succeeding]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseFulfilledResult<number[]>).value).toEqual([6, 8]);
    // The writer goes on: a later write is written and answered.
    const later = writer.write([5]);
    await tick();
    calls[2]!.finish();
    await expect(later).resolves.toEqual([10]);
  });

  it('never runs more than maxInFlight writes however many callers come', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const batches: number[][] = [];
    const writer = new BatchWriter(
      taking(async (items) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        batches.push([...items]);
        await tick(Math.random() * 4);
        running -= 1;
        return [...items];
      }),
      { maxBatch: 7, maxDelayMs: 1, maxInFlight: 3 },
    );
    const items = Array.from({ length: 500 }, (_, item) => item);
    const answers = await Promise.all(
      items.map(async (item) => {
        await tick(Math.random() * 20);
        return writer.write([item]);
      }),
    );
    expect(answers).toEqual(items.map((item) => [item]));
    expect(mostAtOnce).toBeLessThanOrEqual(3);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(items);
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(7);
  });

  it('waits, on close, for every write in flight and for what is queued', async () => {
    const { calls, flush } = heldFlush();
    const writer = new BatchWriter(flush, { maxBatch: 1, maxDelayMs: 1, maxInFlight: 2 });
    const writes = [writer.write([1]), writer.write([2]), writer.write([3])];
    await tick();
    let closed = false;
    const closing = writer.close().then(() => (closed = true));
    await expect(writer.write([4])).rejects.toThrow('closed');
    calls[0]!.finish();
    await tick();
    expect(closed).toBe(false);
    expect(calls).toHaveLength(3); // the queued one was started in the freed slot
    calls[1]!.finish();
    calls[2]!.finish();
    await closing;
    await expect(Promise.all(writes)).resolves.toEqual([[2], [4], [6]]);
  });

  it('starts a write beside a running one only once the first waiting item has waited overlapDelayMs', async () => {
    const { calls, flush } = heldFlush();
    const writer = new BatchWriter(flush, { maxBatch: 100, maxDelayMs: 1, maxInFlight: 2, overlapDelayMs: 300 });
    const first = writer.write([1]);
    await tick();
    const second = writer.write([2]);
    await tick(10);
    expect(calls).toHaveLength(1); // not yet: the running write may end first
    const third = writer.write([3]);
    await tick(400);
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3]]);
    calls.forEach((call) => call.finish());
    await expect(Promise.all([first, second, third])).resolves.toEqual([[2], [4], [6]]);
  });
});

/** One connection, as on the embedded database: a write holds it from before taking its items until it ends. */
function oneConnectionFlush() {
  let tail = Promise.resolve();
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const flush = async (take: () => readonly number[]) => {
    let release!: () => void;
    const previous = tail;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous; // the connection
    const items = take();
    batches.push([...items]);
    await new Promise<void>((resolve) => releases.push(resolve)); // written when the test says so
    release();
    return items.map((item) => item * 2);
  };
  return { batches, flush, releases };
}

describe('the batch writer taking its items when ready to write', () => {
  it('gathers, in a write waiting for the connection, everything that arrives until it gets it', async () => {
    const { batches, flush, releases } = oneConnectionFlush();
    const writer = new BatchWriter(flush, { maxBatch: 100, maxDelayMs: 1, maxInFlight: 2 });
    const first = writer.write([1]);
    await tick();
    const waiting = [writer.write([2]), writer.write([3])];
    await tick(); // the second write has started and waits for the connection
    waiting.push(writer.write([4]));
    await tick();
    releases[0]!();
    await first;
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]!();
    await expect(Promise.all(waiting)).resolves.toEqual([[4], [6], [8]]);
  });

  it('answers nothing for a write that found its items taken by the write before it', async () => {
    const { batches, flush, releases } = oneConnectionFlush();
    const writer = new BatchWriter(flush, { maxBatch: 100, maxDelayMs: 1, maxInFlight: 3 });
    const first = writer.write([1]);
    await tick();
    const second = writer.write([2]);
    await tick();
    const third = writer.write([3]); // a third write starts; the second takes 2 and 3
    await tick();
    releases[0]!();
    await first;
    await tick();
    releases[1]!();
    await expect(Promise.all([second, third])).resolves.toEqual([[4], [6]]);
    await tick();
    releases[2]?.();
    await writer.close();
    expect(batches).toEqual([[1], [2, 3], []]);
  });

  it('fails the batch a write was started for when the write fails before taking it (no connection)', async () => {
    let connected = false;
    const writer = new BatchWriter(
      async (take: () => readonly number[]) => {
        if (!connected) throw new Error('connection refused');
        return take().map((item) => item * 2);
      },
      { maxBatch: 100, maxDelayMs: 1, maxInFlight: 2 },
    );
    const results = await Promise.allSettled([writer.write([1]), writer.write([2])]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    connected = true;
    await expect(writer.write([3])).resolves.toEqual([6]);
  });
});
