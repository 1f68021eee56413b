import { describe, expect, it } from 'vitest';
import { SeenTracker } from './seen-tracker.js';

const ids = (...deviceIds: number[]) => new Set(deviceIds);
const marks = (...entries: Array<[number, number]>) => new Map(entries);

describe('the seen tracker', () => {
  it('marks a device at its first batch, then gathers sightings for the first batch a second later', () => {
    const seen = new SeenTracker(1000);
    const first = seen.take(ids(1, 2), 0);
    expect(first).toEqual(marks([1, 0], [2, 0]));
    seen.settle(ids(1, 2), 0, first, true);

    expect(seen.take(ids(1), 300)).toBeUndefined();
    seen.settle(ids(1), 300, undefined, true);
    expect(seen.take(ids(2), 700)).toBeUndefined();
    seen.settle(ids(2), 700, undefined, true);
    expect(seen.take(ids(1), 800)).toBeUndefined();
    seen.settle(ids(1), 800, undefined, true);

    // A new device is marked at once, and brings the others' sightings along.
    expect(seen.take(ids(3), 900)).toEqual(marks([1, 800], [2, 700], [3, 900]));
    seen.settle(ids(3), 900, marks([1, 800], [2, 700], [3, 900]), true);
    expect(seen.take(ids(1), 1500)).toBeUndefined();
    seen.settle(ids(1), 1500, undefined, true);
    expect(seen.take(ids(2), 1900)).toEqual(marks([1, 1500], [2, 1900]));
  });

  it('counts a sighting only once its batch is committed', () => {
    const seen = new SeenTracker(1000);
    seen.settle(ids(1), 0, seen.take(ids(1), 0), true);
    expect(seen.take(ids(1), 100)).toBeUndefined();
    seen.settle(ids(1), 100, undefined, false);
    expect(seen.take(ids(1), 1000)).toEqual(marks([1, 1000]));
  });

  it('hands the marks of a failed batch to the next, without the failed batch’s own devices', () => {
    const seen = new SeenTracker(1000);
    const first = seen.take(ids(1, 2), 0);
    seen.settle(ids(1, 2), 0, first, true);
    seen.settle(ids(1), 400, seen.take(ids(1), 400), true);
    const carried = seen.take(ids(2), 1000);
    expect(carried).toEqual(marks([1, 400], [2, 1000]));
    seen.settle(ids(2), 1000, carried, false);
    // Due again at once, whatever the time.
    expect(seen.take(ids(2), 1001)).toEqual(marks([1, 400], [2, 1001]));
  });

  it('leaves sightings of a batch written beside the carrying one for the next carrier', () => {
    const seen = new SeenTracker(1000);
    seen.settle(ids(1, 2), 0, seen.take(ids(1, 2), 0), true);
    const carried = seen.take(ids(1), 1000);
    expect(seen.take(ids(2), 1010)).toBeUndefined(); // written beside it
    seen.settle(ids(2), 1010, undefined, true);
    seen.settle(ids(1), 1000, carried, true);
    expect(seen.take(ids(1), 2000)).toEqual(marks([2, 1010], [1, 2000]));
  });

  it('takes a clock moved back as due', () => {
    const seen = new SeenTracker(1000);
    seen.settle(ids(1), 5000, seen.take(ids(1), 5000), true);
    expect(seen.take(ids(1), 1000)).toEqual(marks([1, 1000]));
  });
});
