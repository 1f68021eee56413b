import { describe, expect, it } from 'vitest';
import {
  K_TABLE_FIRST_READING,
  K_TABLE_SIZE,
  THERMOCOUPLE_CODES,
  correctKReading,
  correctReading,
  kCorrectionTable,
  thermocoupleOfCode,
  typeJEmf,
  typeKEmf,
  typeKTemperature,
  withCorrectedTemperatures,
} from './thermocouple.js';

/*
 * Published ITS-90 table values (mV, reference junction 0 °C), NIST Monograph 175 / IEC 60584-1,
 * as in the NIST ITS-90 Thermocouple Database tables (srdata.nist.gov/its90). The tables round to
 * 1 µV, so the functions must agree within half of it.
 */
const TABLE_ROUNDING = 0.0005;
const NIST_J: [number, number][] = [
  [-210, -8.095],
  [-100, -4.633],
  [-40, -1.961],
  [0, 0],
  [100, 5.269],
  [200, 10.779],
  [300, 16.327],
  [500, 27.393],
  [760, 42.919],
  [1000, 57.953],
  [1200, 69.553],
];
const NIST_K: [number, number][] = [
  [-270, -6.458],
  [-200, -5.891],
  [-100, -3.554],
  [-40, -1.527],
  [0, 0],
  [100, 4.096],
  [200, 8.138],
  [300, 12.209],
  [500, 20.644],
  [1000, 41.276],
  [1372, 54.886],
];

describe('typeJEmf', () => {
  it.each(NIST_J)('matches the NIST table at %d °C (%d mV)', (t, emf) => {
    expect(Math.abs(typeJEmf(t) - emf)).toBeLessThanOrEqual(TABLE_ROUNDING);
  });

  it('is continuous where its two ranges meet at 760 °C', () => {
    expect(typeJEmf(760 + 1e-9) - typeJEmf(760 - 1e-9)).toBeCloseTo(0, 3);
  });

  it('refuses temperatures outside −210 … 1200 °C', () => {
    expect(() => typeJEmf(-210.1)).toThrow(RangeError);
    expect(() => typeJEmf(1200.1)).toThrow(RangeError);
  });
});

describe('typeKEmf', () => {
  it.each(NIST_K)('matches the NIST table at %d °C (%d mV)', (t, emf) => {
    expect(Math.abs(typeKEmf(t) - emf)).toBeLessThanOrEqual(TABLE_ROUNDING);
  });

  it('is continuous at 0 °C, where the exponential term starts', () => {
    expect(typeKEmf(1e-9)).toBeCloseTo(0, 6);
    expect(typeKEmf(-1e-9)).toBeCloseTo(0, 6);
  });

  it('refuses temperatures outside −270 … 1372 °C', () => {
    expect(() => typeKEmf(-270.1)).toThrow(RangeError);
    expect(() => typeKEmf(1372.1)).toThrow(RangeError);
  });
});

describe('typeKTemperature', () => {
  /*
   * Tolerance: NIST's inverse is within 0.04 °C below 500 °C, plus the table's rounding to 1 µV;
   * at −200 °C a K gives only 16 µV/°C, so that rounding alone is worth 0.03 °C there.
   */
  it.each([
    [-5.891, -200, 0.08],
    [-1.527, -40, 0.05],
    [0, 0, 0.05],
    [4.096, 100, 0.05],
    [8.138, 200, 0.05],
    [20.644, 500, 0.05],
    [41.276, 1000, 0.05],
  ])('inverts the NIST table: %d mV is %d °C', (emf, t, tolerance) => {
    expect(Math.abs(typeKTemperature(emf) - t)).toBeLessThanOrEqual(tolerance);
  });

  it('inverts typeKEmf within NIST’s stated error of the inverse (0.06 °C), −199 … 1370 °C', () => {
    for (let tenths = -1990; tenths <= 13700; tenths += 5) {
      const t = tenths / 10;
      expect(Math.abs(typeKTemperature(typeKEmf(t)) - t)).toBeLessThanOrEqual(0.06);
    }
  });

  it('refuses emf outside −5.891 … 54.886 mV', () => {
    expect(() => typeKTemperature(-5.9)).toThrow(RangeError);
    expect(() => typeKTemperature(54.9)).toThrow(RangeError);
  });
});

/** The K temperature of an emf found by bisection on the forward K function, independent of the inverse. */
function kTemperatureByBisection(emf: number): number {
  let [low, high] = [-200, 1372];
  while (high - low > 1e-6) {
    const middle = (low + high) / 2;
    if (typeKEmf(middle) < emf) low = middle;
    else high = middle;
  }
  return low;
}

describe('kCorrectionTable', () => {
  const table = kCorrectionTable();

  it('holds 2400 readings, −40.0 … 199.9 °C', () => {
    expect(table).toHaveLength(2400);
    expect(K_TABLE_SIZE).toBe(2400);
    expect(K_TABLE_FIRST_READING).toBe(-40);
  });

  it('rises strictly: a K thermocouple gives less emf per degree than a J', () => {
    for (let index = 1; index < table.length; index += 1) expect(table[index]!).toBeGreaterThan(table[index - 1]!);
  });

  it('is the K temperature of the reading’s J emf minus 6, at one decimal', () => {
    for (let index = 0; index < table.length; index += 37) {
      const reading = K_TABLE_FIRST_READING + index / 10;
      const expected = kTemperatureByBisection(typeJEmf(reading)) - 6;
      expect(Math.abs(table[index]! - expected)).toBeLessThanOrEqual(0.06 + 0.05);
    }
  });

  it('is built once', () => {
    expect(kCorrectionTable()).toBe(table);
  });
});

describe('correctKReading', () => {
  it('corrects readings from the table', () => {
    expect(correctKReading(-40)).toBe(-58);
    expect(correctKReading(0)).toBe(-6);
    expect(correctKReading(100)).toBe(122.5); // J 5.269 mV is K 128.5 °C
    expect(correctKReading(199.9)).toBe(259.2);
  });

  it('rounds the reading to 0.1 °C first', () => {
    expect(correctKReading(99.96)).toBe(correctKReading(100));
    expect(correctKReading(100.04)).toBe(correctKReading(100));
  });

  it('computes the same formula beyond the table, joining it smoothly', () => {
    expect(correctKReading(200)).toBe(259.3);
    expect(correctKReading(-40.1)).toBe(-58.1);
    const expected = kTemperatureByBisection(typeJEmf(300)) - 6;
    expect(Math.abs(correctKReading(300)! - expected)).toBeLessThanOrEqual(0.11);
  });

  it('has no answer where the emf leaves the NIST functions’ ranges', () => {
    expect(correctKReading(-150)).toBeNull(); // J −6.500 mV is below K’s −5.891 mV
    expect(correctKReading(1000)).toBeNull(); // J 57.953 mV is above K’s 54.886 mV
    expect(correctKReading(1300)).toBeNull(); // beyond the J function itself
  });
});

describe('correctReading', () => {
  it('keeps J readings and corrects K readings', () => {
    expect(correctReading(100, 'J')).toBe(100);
    expect(correctReading(100, 'K')).toBe(122.5);
  });

  it('keeps a missing reading missing', () => {
    expect(correctReading(null, 'J')).toBeNull();
    expect(correctReading(null, 'K')).toBeNull();
  });
});

describe('thermocouple codes', () => {
  it('maps the column’s smallint: 0 J, 1 K, anything else J', () => {
    expect(THERMOCOUPLE_CODES).toEqual({ J: 0, K: 1 });
    expect(thermocoupleOfCode(0)).toBe('J');
    expect(thermocoupleOfCode(1)).toBe('K');
    expect(thermocoupleOfCode(7)).toBe('J');
  });
});

describe('withCorrectedTemperatures', () => {
  const message = { seq: 1, ts: 1_800_000_000, mold_temp: [100, null, -40, 199.9], hrs_temp: null, counter: 5 };

  it('leaves a J mould’s message as it is', () => {
    expect(withCorrectedTemperatures(message, 'J')).toBe(message);
  });

  it('corrects every temperature of a K mould and keeps nulls and the other fields', () => {
    const corrected = withCorrectedTemperatures(message, 'K');
    expect(corrected.mold_temp).toEqual([correctKReading(100), null, correctKReading(-40), correctKReading(199.9)]);
    expect(corrected.hrs_temp).toBeNull();
    expect(corrected).toMatchObject({ seq: 1, counter: 5 });
  });
});
