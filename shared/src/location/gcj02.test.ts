import { describe, expect, it } from 'vitest';
import { distanceM } from './geometry.js';
import { gcj02ToWgs84, outOfChina, wgs84ToGcj02 } from './gcj02.js';

/** The published test vectors of eviltransform (github.com/googollee/eviltransform, its test suites). */
const REFERENCES = [
  { wgs: { lat: 31.1774276, lng: 121.5272106 }, gcj: { lat: 31.17530398364597, lng: 121.531541859215 } }, // Shanghai
  { wgs: { lat: 22.543847, lng: 113.912316 }, gcj: { lat: 22.540796131694766, lng: 113.9171764808363 } }, // Shenzhen
  { wgs: { lat: 39.911954, lng: 116.377817 }, gcj: { lat: 39.91334545536069, lng: 116.38404722455657 } }, // Beijing
];

describe('WGS-84 → GCJ-02', () => {
  it.each(REFERENCES)('matches the published pair near $wgs.lat,$wgs.lng', ({ wgs, gcj }) => {
    const shifted = wgs84ToGcj02(wgs);
    expect(shifted.lat).toBeCloseTo(gcj.lat, 9);
    expect(shifted.lng).toBeCloseTo(gcj.lng, 9);
    // The shift itself is some hundreds of metres: the test would notice a missing one.
    expect(distanceM(wgs, gcj)).toBeGreaterThan(300);
  });

  it.each([
    { lat: 48.1351, lng: 11.582 }, // Munich
    { lat: -23.5505, lng: -46.6333 }, // São Paulo
    { lat: 39.7392, lng: -104.9903 }, // Denver (eviltransform's edge cases)
    { lat: -27.4698, lng: 153.0251 }, // Brisbane
    { lat: -22.9068, lng: -43.1729 }, // Rio de Janeiro
  ])('does not shift outside China ($lat,$lng)', (point) => {
    expect(outOfChina(point)).toBe(true);
    expect(wgs84ToGcj02(point)).toEqual(point);
    expect(gcj02ToWgs84(point)).toEqual(point);
  });

  it('inverts to within a centimetre (iterative)', () => {
    for (const { wgs } of REFERENCES) {
      const back = gcj02ToWgs84(wgs84ToGcj02(wgs));
      expect(distanceM(back, wgs)).toBeLessThan(0.01);
    }
    // The demo factory in Shenzhen.
    const shenzhen = { lat: 22.5431, lng: 114.0579 };
    expect(distanceM(gcj02ToWgs84(wgs84ToGcj02(shenzhen)), shenzhen)).toBeLessThan(0.01);
  });
});
