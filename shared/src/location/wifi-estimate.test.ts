import { describe, expect, it } from 'vitest';
import { distanceM } from './geometry.js';
import { estimateFromWifi, learnAccessPoint, MIN_WIFI_ACCURACY_M, type KnownAccessPoint } from './wifi-estimate.js';

const ap = (bssid: string, lat: number, lng: number, accuracy_m = 5): KnownAccessPoint => ({
  bssid,
  lat,
  lng,
  accuracy_m,
});
const known = new Map(
  [
    ap('AA:00:00:00:00:01', 31.0, 121.0),
    ap('AA:00:00:00:00:02', 31.001, 121.0),
    ap('AA:00:00:00:00:03', 31.0, 121.001),
  ].map((point) => [point.bssid, point]),
);

describe('WiFi estimate', () => {
  it('is null when no access point heard is known', () => {
    expect(estimateFromWifi([{ bssid: 'BB:00:00:00:00:01', rssi: -50 }], known)).toBeNull();
    expect(estimateFromWifi([], known)).toBeNull();
  });

  it('sits on the only known access point, with at least the minimum radius', () => {
    const estimate = estimateFromWifi([{ bssid: 'aa:00:00:00:00:01', rssi: -45 }], known);
    expect(estimate).toMatchObject({ lat: 31.0, lng: 121.0, used: 1 });
    expect(estimate!.accuracy_m).toBeGreaterThanOrEqual(MIN_WIFI_ACCURACY_M);
  });

  it('equal signals give the centroid', () => {
    const estimate = estimateFromWifi(
      [
        { bssid: 'AA:00:00:00:00:01', rssi: -60 },
        { bssid: 'AA:00:00:00:00:02', rssi: -60 },
      ],
      known,
    )!;
    expect(estimate.lat).toBeCloseTo(31.0005, 6);
    expect(estimate.lng).toBeCloseTo(121.0, 6);
  });

  it('leans towards the stronger signal (10 dB = ten times the weight)', () => {
    const estimate = estimateFromWifi(
      [
        { bssid: 'AA:00:00:00:00:01', rssi: -50 },
        { bssid: 'AA:00:00:00:00:02', rssi: -60 },
      ],
      known,
    )!;
    expect(estimate.lat).toBeCloseTo(31.0 + 0.001 / 11, 7);
    // The radius covers the spread: further than the stronger point's distance from the estimate.
    expect(estimate.accuracy_m).toBeGreaterThan(distanceM(estimate, known.get('AA:00:00:00:00:01')!));
  });

  it('a weak signal widens the radius', () => {
    const near = estimateFromWifi([{ bssid: 'AA:00:00:00:00:01', rssi: -45 }], known)!;
    const far = estimateFromWifi([{ bssid: 'AA:00:00:00:00:01', rssi: -90 }], known)!;
    expect(far.accuracy_m).toBeGreaterThan(near.accuracy_m + 20);
  });

  it('learns an access point as the running mean of the GPS fixes', () => {
    const first = learnAccessPoint(undefined, { lat: 10, lng: 20 }, -50);
    expect(first).toMatchObject({ lat: 10, lng: 20, samples: 1 });
    const second = learnAccessPoint(first, { lat: 12, lng: 22 }, -50);
    expect(second).toMatchObject({ lat: 11, lng: 21, samples: 2 });
  });
});
