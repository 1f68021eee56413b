import { describe, expect, it } from 'vitest';
import { movedRange, placeWithinSlots } from './reorder';

const items = (...ids: number[]) => ids.map((id) => ({ id }));
const ids = (list: ReadonlyArray<{ id: number }>) => list.map((item) => item.id);

describe('reordering', () => {
  it('sends only the moulds between the two places, in their new order', () => {
    expect(movedRange([1, 2, 3, 4, 5], 1, 3)).toEqual([3, 4, 2]);
    expect(movedRange([1, 2, 3, 4, 5], 4, 0)).toEqual([5, 1, 2, 3, 4]);
    expect(movedRange([1, 2, 3], 1, 1)).toEqual([2]);
  });

  it('puts moulds in the given order within the places they hold, like the server', () => {
    expect(ids(placeWithinSlots(items(1, 2, 3, 4, 5, 6), [5, 2]))).toEqual([1, 5, 3, 4, 2, 6]);
    expect(ids(placeWithinSlots(items(1, 2, 3), [3, 2, 1]))).toEqual([3, 2, 1]);
  });

  it('applies a move in a filtered part to the whole list', () => {
    const whole = items(1, 2, 3, 4, 5, 6);
    const shown = [2, 4, 6];
    expect(ids(placeWithinSlots(whole, movedRange(shown, 2, 0)))).toEqual([1, 6, 3, 2, 5, 4]);
  });

  it('answers the list itself when the moulds are in that order already', () => {
    const list = items(1, 2, 3, 4);
    expect(placeWithinSlots(list, [2, 3])).toBe(list);
    expect(placeWithinSlots(list, [3, 2])).not.toBe(list);
  });

  it('ignores ids the list does not hold', () => {
    expect(ids(placeWithinSlots(items(1, 2, 3), [3, 9, 1]))).toEqual([3, 2, 1]);
  });
});
