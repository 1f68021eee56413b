import type { DeviceMessage } from '../device/protocol.js';
import type { ThermocoupleType } from '../validation/profile.js';
import { roundToTenth } from './units.js';

/** The codes of the mould column `thermocouple_type` (smallint, default 0). */
export const THERMOCOUPLE_CODES = { J: 0, K: 1 } as const satisfies Record<ThermocoupleType, number>;

/**
 * The thermocouple a mould's `thermocouple_type` code names. Any code but K's reads as J, the
 * column's default: an unknown code then shows the device's reading as it is, never a correction
 * made for a sensor that may not be fitted.
 */
export const thermocoupleOfCode = (code: number): ThermocoupleType => (code === THERMOCOUPLE_CODES.K ? 'K' : 'J');

/**
 * One range of a NIST ITS-90 function: its input bounds, coefficients (constant term first) and
 * any term the range adds to the polynomial.
 */
interface Segment {
  from: number;
  to: number;
  coefficients: readonly number[];
  extraTerm?: (x: number) => number;
}

/*
 * Coefficients of NIST Monograph 175 / NIST ITS-90 Thermocouple Database (SRD 60), in °C and mV as
 * the database lists them (https://srdata.nist.gov/its90/download/allcoeff.tab).
 */

/** Type J reference function E(t), −210 … 760 °C and 760 … 1200 °C. */
const J_EMF: readonly Segment[] = [
  {
    from: -210,
    to: 760,
    coefficients: [
      0, 0.50381187815e-1, 0.3047583693e-4, -0.8568106572e-7, 0.13228195295e-9, -0.17052958337e-12, 0.20948090697e-15,
      -0.12538395336e-18, 0.15631725697e-22,
    ],
  },
  {
    from: 760,
    to: 1200,
    coefficients: [
      0.29645625681e3, -0.14976127786e1, 0.31787103924e-2, -0.31847686701e-5, 0.15720819004e-8, -0.30691369056e-12,
    ],
  },
];

/** The term a0·exp(a1·(t − a2)²) that the type K function adds from 0 °C up (magnetic ordering of alumel). */
const kExponentialTerm = (t: number) => 0.1185976 * Math.exp(-0.1183432e-3 * (t - 0.1269686e3) ** 2);

/** Type K reference function E(t), −270 … 0 °C and 0 … 1372 °C (the latter with kExponentialTerm). */
const K_EMF: readonly Segment[] = [
  {
    from: -270,
    to: 0,
    coefficients: [
      0, 0.39450128025e-1, 0.23622373598e-4, -0.32858906784e-6, -0.49904828777e-8, -0.67509059173e-10,
      -0.57410327428e-12, -0.31088872894e-14, -0.10451609365e-16, -0.19889266878e-19, -0.16322697486e-22,
    ],
  },
  {
    from: 0,
    to: 1372,
    coefficients: [
      -0.17600413686e-1, 0.38921204975e-1, 0.18558770032e-4, -0.99457592874e-7, 0.31840945719e-9, -0.56072844889e-12,
      0.56075059059e-15, -0.32020720003e-18, 0.97151147152e-22, -0.12104721275e-25,
    ],
    extraTerm: kExponentialTerm,
  },
];

/** Type K inverse function t(E), −5.891 … 0 mV, 0 … 20.644 mV and 20.644 … 54.886 mV. */
const K_TEMPERATURE: readonly Segment[] = [
  {
    from: -5.891,
    to: 0,
    coefficients: [
      0, 2.5173462e1, -1.1662878, -1.0833638, -8.977354e-1, -3.7342377e-1, -8.6632643e-2, -1.0450598e-2, -5.1920577e-4,
    ],
  },
  {
    from: 0,
    to: 20.644,
    coefficients: [
      0, 2.508355e1, 7.860106e-2, -2.503131e-1, 8.31527e-2, -1.228034e-2, 9.804036e-4, -4.41303e-5, 1.057734e-6,
      -1.052755e-8,
    ],
  },
  {
    from: 20.644,
    to: 54.886,
    coefficients: [-1.318058e2, 4.830222e1, -1.646031, 5.464731e-2, -9.650715e-4, 8.802193e-6, -3.11081e-8],
  },
];

const segmentFor = (segments: readonly Segment[], x: number) => segments.find(({ from, to }) => x >= from && x <= to);

/** Horner's scheme over coefficients given constant term first. */
const polynomial = (coefficients: readonly number[], x: number) =>
  coefficients.reduceRight((sum, coefficient) => sum * x + coefficient, 0);

/**
 * A NIST function evaluated in the range that holds x. Outside every range it throws: the
 * polynomials are fits valid only there, and an extrapolated value would look exact but be wrong.
 */
function evaluate(segments: readonly Segment[], x: number, what: string): number {
  const segment = segmentFor(segments, x);
  if (!segment) throw new RangeError(`${what} ${x} is outside the NIST reference function's range`);
  return polynomial(segment.coefficients, x) + (segment.extraTerm?.(x) ?? 0);
}

/** The emf (mV, reference junction at 0 °C) of a type J thermocouple at t °C, −210 … 1200 °C. */
export const typeJEmf = (t: number) => evaluate(J_EMF, t, 'Type J temperature (°C)');

/** The emf (mV, reference junction at 0 °C) of a type K thermocouple at t °C, −270 … 1372 °C. */
export const typeKEmf = (t: number) => evaluate(K_EMF, t, 'Type K temperature (°C)');

/**
 * The temperature (°C) of a type K thermocouple giving `emf` mV, −5.891 … 54.886 mV (−200 …
 * 1372 °C). NIST's approximate inverse: within 0.06 °C of the reference function.
 */
export const typeKTemperature = (emf: number) => evaluate(K_TEMPERATURE, emf, 'Type K emf (mV)');

/** The spec's fixed offset of a K reading (spec §9: "calibration table minus 6"). */
const K_OFFSET = 6;

/**
 * The device's amplifier assumes a J thermocouple, so with a K fitted it reports the temperature a
 * J would have at the measured emf. The true temperature is the K temperature of that emf (then
 * minus the spec's offset). Null when the reading or its emf lies outside the NIST functions'
 * ranges (a reading below about −130 °C or above about 950 °C): there is no temperature to show.
 */
function correctedByFormula(reading: number): number | null {
  if (!segmentFor(J_EMF, reading)) return null;
  const emf = typeJEmf(reading);
  if (!segmentFor(K_TEMPERATURE, emf)) return null;
  return roundToTenth(typeKTemperature(emf) - K_OFFSET);
}

/** The table's first reading and its length: −40.0 … 199.9 °C in 0.1 °C steps (spec §9). */
export const K_TABLE_FIRST_READING = -40;
export const K_TABLE_SIZE = 2400;
const FIRST_TENTHS = K_TABLE_FIRST_READING * 10;

let kTable: readonly number[] | undefined;

/**
 * The K correction for each reading of the table's range, index i for reading −40.0 + i/10. Built
 * from the NIST functions on first use and kept: the spec's "calibration table", generated rather
 * than pasted, so it can be checked against its definition.
 */
export function kCorrectionTable(): readonly number[] {
  kTable ??= Object.freeze(
    Array.from({ length: K_TABLE_SIZE }, (_, index) => correctedByFormula((FIRST_TENTHS + index) / 10)!),
  );
  return kTable;
}

/**
 * A type K reading corrected: the reading is rounded to 0.1 °C and looked up in the table. Outside
 * the table's range the same formula is computed for the rounded reading, so the table is only a
 * precomputed part of the formula and values outside it still make sense; null where the formula
 * has no answer (see correctedByFormula).
 */
export function correctKReading(reading: number): number | null {
  const tenths = Math.round(roundToTenth(reading) * 10);
  const index = tenths - FIRST_TENTHS;
  if (index >= 0 && index < K_TABLE_SIZE) return kCorrectionTable()[index]!;
  return correctedByFormula(tenths / 10);
}

/** A reading (°C as the device reports it) as the mould's thermocouple makes it: J as is, K corrected; null stays null. */
export function correctReading(reading: number | null, thermocouple: ThermocoupleType): number | null {
  if (reading === null || thermocouple === 'J') return reading;
  return correctKReading(reading);
}

/** A device message's temperatures as the mould's thermocouple makes them; other fields untouched. */
export function withCorrectedTemperatures<M extends Pick<DeviceMessage, 'mold_temp' | 'hrs_temp'>>(
  message: M,
  thermocouple: ThermocoupleType,
): M {
  if (thermocouple === 'J') return message;
  const correct = (values: Array<number | null> | null | undefined) =>
    values ? values.map((value) => correctReading(value, thermocouple)) : values;
  return { ...message, mold_temp: correct(message.mold_temp), hrs_temp: correct(message.hrs_temp) };
}
