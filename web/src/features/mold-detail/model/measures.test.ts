import { describe, expect, it } from 'vitest';
import { formatMeasure, measureTitle, plainMeasure } from './measures';

describe('measures', () => {
  const share = plainMeasure('c_run_time', 'Run', { unit: '%', decimals: 1, factor: 100 });
  const shots = plainMeasure('shots', 'Shots', { decimals: 0 });

  it('read a key, scaled and rounded, and nothing from a point without it', () => {
    expect(share.read({ t: 0, values: { c_run_time: 0.12345 } })).toBe(12.3);
    expect(share.read({ t: 0, values: { c_run_time: null } })).toBeNull();
    expect(shots.read({ t: 0, values: {} })).toBeNull();
  });

  it('show their decimals and unit, a dash when missing', () => {
    expect(formatMeasure(share, 0)).toBe('0.0 %');
    expect(formatMeasure(shots, 110)).toBe('110');
    expect(formatMeasure(share, null)).toBe('–');
    expect([measureTitle(share), measureTitle(shots)]).toEqual(['Run (%)', 'Shots']);
  });
});
