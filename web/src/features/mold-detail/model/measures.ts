import type { Point } from './points';

/** One value a view charts and tabulates: a temperature channel, the counter, a state's share … */
export interface Measure {
  key: string;
  /** The legend and column name, without the unit. */
  label: string;
  /** °C, s, kW·h, %; none for counts. */
  unit?: string;
  /** Decimals shown, so that a column's numbers line up (61.0 beside 61.5). */
  decimals: number;
  /** The value as shown (unit applied, rounded); null when the point has none. */
  read(point: Point): number | null;
  colour?: string;
  /** A single value's own colour (a cycle time against its target); undefined keeps the measure's. */
  colourOf?(value: number): string | undefined;
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A measure read straight from its key, rounded to `decimals` and scaled by `factor` (fractions as percent). */
export function plainMeasure(
  key: string,
  label: string,
  options: Pick<Measure, 'unit' | 'colour' | 'colourOf'> & { decimals: number; factor?: number },
): Measure {
  const { decimals, factor = 1, ...rest } = options;
  return {
    key,
    label,
    decimals,
    ...rest,
    read: (point) => {
      const value = point.values[key];
      return typeof value === 'number' ? roundTo(value * factor, decimals) : null;
    },
  };
}

/** The value with its unit, for tables and tooltips; a dash when missing. */
export function formatMeasure(measure: Measure, value: number | null): string {
  if (value === null) return '–';
  const number = value.toFixed(measure.decimals);
  return measure.unit ? `${number} ${measure.unit}` : number;
}

/** A column title: the name and, in brackets, the unit. */
export const measureTitle = (measure: Measure) => (measure.unit ? `${measure.label} (${measure.unit})` : measure.label);
