import { describe, expect, it } from 'vitest';
import { defaultMoldInfo, type MoldInfo } from '@mouldwatch/shared';
import { effectiveChoice, enabledChannels } from './channel-choice.rules.js';

const channel = (name: string) => ({ name, set: 60, alert: 10 });
const info = (mould: number, hotRunner: number, switches: Partial<MoldInfo['temp_switch']> = {}): MoldInfo => ({
  ...defaultMoldInfo(),
  mold_temp_setting: Array.from({ length: mould }, (_, index) => channel(`T${index + 1}`)),
  hot_temp_setting: Array.from({ length: hotRunner }, (_, index) => channel(`H${index + 1}`)),
  temp_switch: { mold_switch: 1, hrs_switch: 1, ...switches },
});

describe('enabled channels', () => {
  it('are the configured channels, numbered from 1', () => {
    expect(enabledChannels(info(3, 6))).toEqual({ mold: [1, 2, 3], hrs: [1, 2, 3, 4, 5, 6] });
  });

  it('are the two empty channels of a default mould', () => {
    expect(enabledChannels(defaultMoldInfo())).toEqual({ mold: [1, 2], hrs: [1, 2] });
  });

  it('are none in a section whose switch is off', () => {
    expect(enabledChannels(info(4, 2, { hrs_switch: 0 }))).toEqual({ mold: [1, 2, 3, 4], hrs: [] });
  });
});

describe('effective choice', () => {
  const enabled = { mold: [1, 2, 3], hrs: [1, 2] };

  it('is every enabled channel while nothing is stored', () => {
    expect(effectiveChoice(enabled, undefined)).toEqual({ mold: [1, 2, 3], hrs: [1, 2], enabled });
  });

  it('is the stored choice less the channels disabled since', () => {
    expect(effectiveChoice(enabled, { mold: [2, 4], hrs: [] })).toEqual({ mold: [2], hrs: [], enabled });
  });
});
