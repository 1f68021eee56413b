import type { MoldInfo } from '@mouldwatch/shared';

/** Channel numbers from 1: mould temperatures 1–4 (`mold_temperatureN`), hot runner 1–6 (`hrs_temperatureN`). */
export interface ChannelChoice {
  mold: number[];
  hrs: number[];
}

/** The effective choice and the channels that could be chosen. */
export interface ChannelChoiceAnswer extends ChannelChoice {
  enabled: ChannelChoice;
}

const firstNumbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** The channels the mould's settings enable: each configured channel, while its section's switch is on. */
export function enabledChannels(info: MoldInfo): ChannelChoice {
  return {
    mold: info.temp_switch.mold_switch ? firstNumbers(info.mold_temp_setting.length) : [],
    hrs: info.temp_switch.hrs_switch ? firstNumbers(info.hot_temp_setting.length) : [],
  };
}

/**
 * What a user sees: their stored choice, less channels disabled since (they come back if enabled
 * again); without a stored choice, every enabled channel.
 */
export function effectiveChoice(enabled: ChannelChoice, stored: ChannelChoice | undefined): ChannelChoiceAnswer {
  if (!stored) return { ...enabled, enabled };
  const keep = (chosen: number[], allowed: number[]) => chosen.filter((channel) => allowed.includes(channel));
  return { mold: keep(stored.mold, enabled.mold), hrs: keep(stored.hrs, enabled.hrs), enabled };
}
