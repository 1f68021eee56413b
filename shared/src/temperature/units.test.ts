import { describe, expect, it } from 'vitest';
import { displayTemperature, roundToTenth, temperatureUnitLabel, toFahrenheit } from './units.js';

describe('roundToTenth', () => {
  it('rounds halves away from zero on both sides of zero', () => {
    expect(roundToTenth(0.25)).toBe(0.3);
    expect(roundToTenth(-0.25)).toBe(-0.3);
    expect(roundToTenth(1.24)).toBe(1.2);
    expect(roundToTenth(-1.24)).toBe(-1.2);
    expect(roundToTenth(-1.26)).toBe(-1.3);
  });

  it('rounds decimal halves that binary floating point computes just below the half', () => {
    expect(roundToTenth(-41.349999999999994)).toBe(-41.4);
    expect(roundToTenth(21.549999999999997)).toBe(21.6);
  });

  it('never answers −0', () => {
    expect(Object.is(roundToTenth(-0.04), 0)).toBe(true);
  });
});

describe('toFahrenheit', () => {
  it('is °C × 9/5 + 32 at the fixed points', () => {
    expect(toFahrenheit(0)).toBe(32);
    expect(toFahrenheit(100)).toBe(212);
    expect(toFahrenheit(-40)).toBe(-40);
  });

  it('rounds to one decimal, halves away from zero, below 0 °F too', () => {
    expect(toFahrenheit(36.6)).toBe(97.9); // 97.88
    expect(toFahrenheit(20.25)).toBe(68.5); // 68.45
    expect(toFahrenheit(-40.25)).toBe(-40.5); // −40.45
    expect(toFahrenheit(-17.8)).toBe(0); // −0.04
  });

  it('rounds halves the decimal way even where binary arithmetic lands just short of them', () => {
    expect(toFahrenheit(-40.75)).toBe(-41.4); // computed as −41.349999999999994
    expect(toFahrenheit(-29.75)).toBe(-21.6); // computed as −21.549999999999997
  });
});

describe('displayTemperature', () => {
  it('shows °C to one decimal and converts for °F', () => {
    expect(displayTemperature(36.65, 'C')).toBe(36.7);
    expect(displayTemperature(-3.25, 'C')).toBe(-3.3);
    expect(displayTemperature(36.65, 'F')).toBe(98);
  });

  it('keeps a missing value missing', () => {
    expect(displayTemperature(null, 'C')).toBeNull();
    expect(displayTemperature(null, 'F')).toBeNull();
  });
});

describe('temperatureUnitLabel', () => {
  it('names each unit with its degree sign', () => {
    expect(temperatureUnitLabel('C')).toBe('°C');
    expect(temperatureUnitLabel('F')).toBe('°F');
  });
});
