import type { TemperatureUnit } from '../validation/profile.js';

/**
 * Rounds to one decimal, half away from zero (−0.25 → −0.3, as 0.25 → 0.3), the way a reading is
 * shown. The value first goes to 15 significant digits: it stands for a decimal, and binary floating
 * point would otherwise round some halves the wrong way (−40.75 °C in °F computes as
 * −41.349999999999994, which must show as −41.4).
 */
export const roundToTenth = (value: number) => roundTo(value, 1);

/** Rounds to `places` decimals the way `roundToTenth` rounds to one. */
function roundTo(value: number, places: 1 | 2): number {
  const scale = 10 ** places;
  const steps = Math.round(Number((Math.abs(value) * scale).toPrecision(15)));
  if (steps === 0) return 0;
  return (Math.sign(value) * steps) / scale;
}

/** °F = °C × 9/5 + 32, one decimal (spec §9). */
export const toFahrenheit = (celsius: number) => roundToTenth((celsius * 9) / 5 + 32);

/**
 * What a temperature figure is: a temperature (a set value, a reading), or a difference of two (an
 * alert band ± around a set value), which converts × 9/5 without the + 32.
 */
export type TemperatureMeasure = 'absolute' | 'difference';

const fahrenheitOf = (celsius: number, measure: TemperatureMeasure) =>
  measure === 'absolute' ? toFahrenheit(celsius) : roundToTenth((celsius * 9) / 5);

/**
 * A °C setting as a form shows it in the user's unit: in °F to one decimal, as every °F figure;
 * in °C as stored (a setting may have two decimals).
 */
export function settingInUnit(celsius: number, unit: TemperatureUnit, measure: TemperatureMeasure): number {
  return unit === 'F' ? fahrenheitOf(celsius, measure) : celsius;
}

/**
 * The °C setting a value typed in the user's unit stands for. From °F: the °C value with the fewest
 * decimals (one, else two: what a setting may have) that shows again as the typed °F, so 392.5 °F
 * is 200.3 °C and 392.6 °F is 200.33 °C — whatever °F the user types (one decimal) is what the
 * form shows next time, and a one-decimal °C setting comes back unchanged when its °F is saved again.
 */
export function settingFromUnit(value: number, unit: TemperatureUnit, measure: TemperatureMeasure): number {
  if (unit === 'C') return value;
  const exact = ((measure === 'absolute' ? value - 32 : value) * 5) / 9;
  const tenth = roundToTenth(exact);
  return fahrenheitOf(tenth, measure) === roundToTenth(value) ? tenth : roundTo(exact, 2);
}

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
