import { describe, expect, it } from 'vitest';
import { InOrder } from './in-order.js';

describe('handing out batches in the order they started', () => {
  it('holds a batch that ended early until those before it have ended', () => {
    const passed: string[] = [];
    const order = new InOrder<string>((value) => passed.push(value), 100);
    const [first, second, third] = [order.start(), order.start(), order.start()];
    order.end(third, 'c');
    order.end(second, 'b');
    expect(passed).toEqual([]);
    order.end(first, 'a');
    expect(passed).toEqual(['a', 'b', 'c']);
    order.end(order.start(), 'd');
    expect(passed).toEqual(['a', 'b', 'c', 'd']);
  });

  it('passes over a batch that keeps too many waiting, and hands it out when it ends', () => {
    const passed: string[] = [];
    const order = new InOrder<string>((value) => passed.push(value), 2);
    const stuck = order.start();
    const later = [order.start(), order.start(), order.start()];
    order.end(later[0]!, 'b');
    order.end(later[1]!, 'c');
    expect(passed).toEqual([]);
    order.end(later[2]!, 'd'); // a third one waiting: the stuck batch is passed over
    expect(passed).toEqual(['b', 'c', 'd']);
    order.end(order.start(), 'e');
    order.end(stuck, 'a');
    expect(passed).toEqual(['b', 'c', 'd', 'e', 'a']);
  });
});
