import { describe, expect, it } from 'vitest';
import { BatchedLoader } from './batched-loader.js';

/** A loader over a fixed table that records each batch it is asked for and answers when told. */
function recordingLoader(table: ReadonlyMap<string, number>) {
  const batches: string[][] = [];
  const answers: Array<(error?: Error) => void> = [];
  const loader = new BatchedLoader<string, number>(
    (keys) =>
      new Promise((resolve, reject) => {
        batches.push([...keys]);
        answers.push((error) =>
          error
            ? reject(error)
            : resolve(new Map(keys.flatMap((key) => (table.has(key) ? [[key, table.get(key)!]] : [])))),
        );
      }),
  );
  return { loader, batches, answer: (error?: Error) => answers.shift()!(error) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const table = new Map([
  ['a', 1],
  ['b', 2],
  ['c', 3],
]);

describe('the batched loader', () => {
  it('asks once for the keys of one turn, and for those asked meanwhile in the next query', async () => {
    const { loader, batches, answer } = recordingLoader(table);
    const first = [loader.load('a'), loader.load('b'), loader.load('a'), loader.load('nobody')];
    await nextTurn();
    expect(batches).toEqual([['a', 'b', 'nobody']]);
    const meanwhile = [loader.load('c'), loader.load('b')];
    await nextTurn();
    expect(batches).toHaveLength(1);
    answer();
    expect(await Promise.all(first)).toEqual([1, 2, 1, undefined]);
    await nextTurn();
    expect(batches).toEqual([
      ['a', 'b', 'nobody'],
      ['c', 'b'],
    ]);
    answer();
    expect(await Promise.all(meanwhile)).toEqual([3, 2]);
  });

  it('rejects only the batch whose query failed, and asks again for the next', async () => {
    const { loader, batches, answer } = recordingLoader(table);
    const failing = loader.load('a');
    await nextTurn();
    const later = loader.load('a');
    answer(new Error('the database went away'));
    await expect(failing).rejects.toThrow('the database went away');
    await nextTurn();
    answer();
    expect(await later).toBe(1);
    expect(batches).toEqual([['a'], ['a']]);
  });
});
