import type { TemperatureUnit } from '@mouldwatch/shared';

/** °F = °C × 9/5 + 32, one decimal (spec §9). */
export function celsiusToFahrenheit(celsius: number): number {
  return Math.round(((celsius * 9) / 5) * 10 + 320) / 10;
}

/** A temperature stored in °C, shown in the chosen unit ("—" when missing). */
export function formatTemperature(celsius: number | null | undefined, unit: TemperatureUnit): string {
  if (celsius === null || celsius === undefined || Number.isNaN(celsius)) return '—';
  const value = unit === 'F' ? celsiusToFahrenheit(celsius) : Math.round(celsius * 10) / 10;
  return `${value.toFixed(1)} °${unit}`;
}
