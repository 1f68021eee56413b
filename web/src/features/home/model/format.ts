import { displayTemperature, type TemperatureUnit } from '@mouldwatch/shared';

/** The channels that report, as the user's unit shows them: a channel reporting nothing is not connected. */
export function temperaturesShown(values: ReadonlyArray<number | null> | null, unit: TemperatureUnit): number[] {
  return (values ?? [])
    .map((value) => displayTemperature(value, unit))
    .filter((value): value is number => value !== null);
}

/** How far a cycle time lies from its target, in percent with its sign (+4.0 %); null without both. */
export function deviationPercent(actual: number | null, target: number | null): number | null {
  if (actual === null || target === null || target <= 0) return null;
  return Math.round(((actual - target) / target) * 1000) / 10;
}

/** Whether preventive maintenance is due: no cycles left before it. */
export const pmDue = (cyclesUntilPm: number | null) => cyclesUntilPm !== null && cyclesUntilPm <= 0;
