import { describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, listTotal, pastCountCap } from './list-total.js';

describe('a list page’s total', () => {
  it('is the count while it is under the cap, and the cap with `more` past it', () => {
    expect(listTotal(0, 20, 21, 57)).toEqual({ total: 57, more: false });
    expect(listTotal(0, 20, 21, LIST_COUNT_CAP)).toEqual({ total: LIST_COUNT_CAP, more: false });
    expect(listTotal(0, 20, 21, LIST_COUNT_CAP + 1)).toEqual({ total: LIST_COUNT_CAP, more: true });
  });

  it('comes from a deep page itself: its end, one more while more rows follow', () => {
    expect(pastCountCap(LIST_COUNT_CAP - 20, 20)).toBe(false);
    expect(pastCountCap(LIST_COUNT_CAP, 20)).toBe(true);
    expect(listTotal(LIST_COUNT_CAP, 20, 21, undefined)).toEqual({ total: LIST_COUNT_CAP + 21, more: true });
    expect(listTotal(LIST_COUNT_CAP, 20, 7, undefined)).toEqual({ total: LIST_COUNT_CAP + 7, more: false });
  });
});
