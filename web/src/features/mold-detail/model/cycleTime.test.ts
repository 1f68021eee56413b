import { describe, expect, it } from 'vitest';
import { CYCLE_BAND_COLOURS, defaultMoldInfo } from '@mouldwatch/shared';
import { cycleTimeColour, targetCycleTime, toleranceBands } from './cycleTime';

describe('cycle time against its target', () => {
  it('takes the target setting, else the cycle threshold, else none', () => {
    const info = defaultMoldInfo();
    expect(targetCycleTime({ ...info, cycle_time: 30, cycle_time_setting: { time: 60, alert: 5, early: 2 } })).toBe(30);
    expect(targetCycleTime({ ...info, cycle_time_setting: { time: 60, alert: 5, early: 2 } })).toBe(60);
    expect(targetCycleTime(info)).toBeNull();
  });

  it('colours within 2 % green, to 5 % yellow, beyond red, and leaves it plain without a target', () => {
    expect(cycleTimeColour(30.6, 30)).toBe(CYCLE_BAND_COLOURS.good);
    expect(cycleTimeColour(28.6, 30)).toBe(CYCLE_BAND_COLOURS.warn);
    expect(cycleTimeColour(31.6, 30)).toBe(CYCLE_BAND_COLOURS.bad);
    expect(cycleTimeColour(31.6, null)).toBeUndefined();
  });

  it('draws the green band within 2 % and a yellow one either side to 5 %', () => {
    expect(toleranceBands(30)).toEqual([
      { from: 28.5, to: 29.4, colour: CYCLE_BAND_COLOURS.warn },
      { from: 29.4, to: 30.6, colour: CYCLE_BAND_COLOURS.good },
      { from: 30.6, to: 31.5, colour: CYCLE_BAND_COLOURS.warn },
    ]);
  });
});
