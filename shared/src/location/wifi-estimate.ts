import { distanceM } from './geometry.js';
import type { LatLng } from './gcj02.js';

/** An access point whose position is known (entered by an administrator or learned). */
export interface KnownAccessPoint extends LatLng {
  bssid: string;
  /** How far off the access point's own position may be, in metres. */
  accuracy_m: number;
}

export interface WifiSighting {
  bssid: string;
  /** dBm, -120 … 0. */
  rssi: number;
}

export interface WifiEstimate extends LatLng {
  /** Radius (m) the device is most likely within. */
  accuracy_m: number;
  /** How many known access points went into it. */
  used: number;
}

/** Log-distance path loss: signal at 1 m and the indoor exponent (a factory hall). */
const RSSI_AT_1M = -40;
const PATH_LOSS_EXPONENT = 3;
/** No estimate claims to be better than this. */
export const MIN_WIFI_ACCURACY_M = 15;

/** The distance (m) a signal this strong suggests. */
export function rangeFromRssi(rssi: number): number {
  return 10 ** ((RSSI_AT_1M - Math.min(rssi, RSSI_AT_1M)) / (10 * PATH_LOSS_EXPONENT));
}

/**
 * A position from a WiFi scan: the centroid of the known access points heard, each weighted by its
 * received power (mW, so a 10 dB stronger one counts ten times). The accuracy radius covers the spread
 * of the points around the centroid, the range the strongest signal suggests and the points' own accuracy.
 * Null when none of the access points heard is known.
 */
export function estimateFromWifi(
  scan: readonly WifiSighting[],
  known: ReadonlyMap<string, KnownAccessPoint>,
): WifiEstimate | null {
  const heard = scan
    .map((sighting) => ({ sighting, point: known.get(sighting.bssid.toUpperCase()) }))
    .filter((entry): entry is { sighting: WifiSighting; point: KnownAccessPoint } => entry.point !== undefined);
  if (heard.length === 0) return null;
  const strongest = Math.max(...heard.map(({ sighting }) => sighting.rssi));
  // Relative to the strongest, so the weights stay in range whatever the absolute levels.
  const weighted = heard.map(({ sighting, point }) => ({ point, weight: 10 ** ((sighting.rssi - strongest) / 10) }));
  const total = weighted.reduce((sum, { weight }) => sum + weight, 0);
  const centre = {
    lat: weighted.reduce((sum, { point, weight }) => sum + point.lat * weight, 0) / total,
    lng: weighted.reduce((sum, { point, weight }) => sum + point.lng * weight, 0) / total,
  };
  const spread = Math.sqrt(
    weighted.reduce((sum, { point, weight }) => sum + weight * distanceM(centre, point) ** 2, 0) / total,
  );
  const pointAccuracy = weighted.reduce((sum, { point, weight }) => sum + weight * point.accuracy_m, 0) / total;
  const accuracy = Math.max(MIN_WIFI_ACCURACY_M, spread + rangeFromRssi(strongest) + pointAccuracy);
  return { lat: centre.lat, lng: centre.lng, accuracy_m: Math.round(accuracy), used: heard.length };
}

/**
 * An access point's position learned from readings that carry GPS and WiFi together: the running mean
 * of the GPS fixes it was heard at; its accuracy is the range its signal suggested, at least.
 */
export function learnAccessPoint(
  previous: { lat: number; lng: number; samples: number } | undefined,
  fix: LatLng,
  rssi: number,
): { lat: number; lng: number; samples: number; accuracy_m: number } {
  const samples = (previous?.samples ?? 0) + 1;
  const lat = previous ? previous.lat + (fix.lat - previous.lat) / samples : fix.lat;
  const lng = previous ? previous.lng + (fix.lng - previous.lng) / samples : fix.lng;
  return { lat, lng, samples, accuracy_m: Math.round(Math.max(MIN_WIFI_ACCURACY_M, rangeFromRssi(rssi))) };
}
