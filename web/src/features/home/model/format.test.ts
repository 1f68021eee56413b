import { describe, expect, it } from 'vitest';
import { deviationPercent, pmDue, temperaturesShown } from './format';

describe('home list figures', () => {
  it('shows the reporting temperature channels in the user unit', () => {
    expect(temperaturesShown([60.04, null, 61.25], 'C')).toEqual([60, 61.3]);
    expect(temperaturesShown([100, null], 'F')).toEqual([212]);
    expect(temperaturesShown(null, 'C')).toEqual([]);
  });

  it('tells the cycle time deviation from the target in percent', () => {
    expect(deviationPercent(31.2, 30)).toBe(4);
    expect(deviationPercent(29.4, 30)).toBe(-2);
    expect(deviationPercent(null, 30)).toBeNull();
    expect(deviationPercent(30, 0)).toBeNull();
  });

  it('says PM is due at no cycles left', () => {
    expect([pmDue(1), pmDue(0), pmDue(-5), pmDue(null)]).toEqual([false, true, true, false]);
  });
});
