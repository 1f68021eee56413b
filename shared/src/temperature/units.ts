import type { TemperatureUnit } from '../validation/profile.js';

/**
 * Rounds to one decimal, half away from zero (−0.25 → −0.3, as 0.25 → 0.3), the way a reading is
 * shown. The value first goes to 15 significant digits: it stands for a decimal, and binary floating
 * point would otherwise round some halves the wrong way (−40.75 °C in °F computes as
 * −41.349999999999994, which must show as −41.4).
 */
export function roundToTenth(value: number): number {
  const tenths = Math.round(Number((Math.abs(value) * 10).toPrecision(15)));
  if (tenths === 0) return 0;
  return (Math.sign(value) * tenths) / 10;
}

/** °F = °C × 9/5 + 32, one decimal (spec §9). */
export const toFahrenheit = (celsius: number) => roundToTenth((celsius * 9) / 5 + 32);

/**
 * A stored °C value as the user's unit shows it, one decimal either way so both units read alike;
 * a missing value stays missing (null) rather than becoming 0 °C or 32 °F.
 */
export function displayTemperature(celsius: number | null, unit: TemperatureUnit): number | null {
  if (celsius === null) return null;
  return unit === 'F' ? toFahrenheit(celsius) : roundToTenth(celsius);
}

const UNIT_LABELS: Record<TemperatureUnit, string> = { C: '°C', F: '°F' };

/** The symbol shown after a temperature in the user's unit. */
export const temperatureUnitLabel = (unit: TemperatureUnit) => UNIT_LABELS[unit];
