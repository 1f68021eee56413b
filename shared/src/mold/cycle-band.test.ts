import { describe, expect, it } from 'vitest';
import { MOLD_STATES } from '../state/mold-state.js';
import { CYCLE_BAND_COLOURS, cycleBand, cycleTimeIsCurrent } from './cycle-band.js';

describe('cycleBand', () => {
  it('is good within 2 %, on either side of the target', () => {
    expect(cycleBand(30, 30)).toBe('good');
    expect(cycleBand(30.5, 30)).toBe('good');
    expect(cycleBand(29.5, 30)).toBe('good');
  });

  it('counts exactly 2 % as good and exactly 5 % as warn, decimal limits included', () => {
    expect(cycleBand(102, 100)).toBe('good');
    expect(cycleBand(98, 100)).toBe('good');
    expect(cycleBand(1.02, 1)).toBe('good');
    expect(cycleBand(105, 100)).toBe('warn');
    expect(cycleBand(95, 100)).toBe('warn');
    expect(cycleBand(1.05, 1)).toBe('warn');
  });

  it('is warn just past 2 % and bad just past 5 %', () => {
    expect(cycleBand(102.01, 100)).toBe('warn');
    expect(cycleBand(97.99, 100)).toBe('warn');
    expect(cycleBand(105.01, 100)).toBe('bad');
    expect(cycleBand(94.99, 100)).toBe('bad');
    expect(cycleBand(60, 30)).toBe('bad');
  });

  it('is none without a positive target and actual', () => {
    expect(cycleBand(30, null)).toBe('none');
    expect(cycleBand(30, undefined)).toBe('none');
    expect(cycleBand(null, 30)).toBe('none');
    expect(cycleBand(undefined, 30)).toBe('none');
    expect(cycleBand(30, 0)).toBe('none');
    expect(cycleBand(0, 30)).toBe('none');
    expect(cycleBand(Number.NaN, 30)).toBe('none');
  });
});

describe('CYCLE_BAND_COLOURS', () => {
  it('is green, yellow and red', () => {
    expect(CYCLE_BAND_COLOURS).toEqual({ good: '#52c41a', warn: '#faad14', bad: '#ff4d4f' });
  });
});

describe('cycleTimeIsCurrent', () => {
  it('holds while the mould runs, waits or alarms, not once it is stopped or off', () => {
    expect(MOLD_STATES.filter(cycleTimeIsCurrent)).toEqual(['run', 'stby', 'idle', 'alarm']);
  });
});
