import { describe, expect, it } from 'vitest';
import { nextDrawn } from './useDrawnLines';

describe('nextDrawn', () => {
  it('draws at most the budget of new lines a frame, top to bottom', () => {
    expect([...nextDrawn(new Set(), [10, 16], 2)]).toEqual([10, 11]);
    expect([...nextDrawn(new Set([10, 11]), [10, 16], 2)]).toEqual([10, 11, 12, 13]);
  });

  it('keeps the drawn lines still in view and forgets those scrolled away', () => {
    expect([...nextDrawn(new Set([10, 11, 12]), [12, 18], 1)]).toEqual([12, 13]);
  });

  it('has nothing more to draw once the view is drawn', () => {
    expect([...nextDrawn(new Set([3, 4, 5]), [3, 5], 2)]).toEqual([3, 4, 5]);
  });
});
