/**
 * WGS-84 ↔ GCJ-02 (the "Mars" datum China's map providers draw in). The forward transform is the
 * published one (Krasovsky 1940 ellipsoid, the obfuscation polynomials); the inverse has no closed
 * form and is found by iterating the forward transform until it lands within a millimetre.
 * Outside China the two coincide: nothing is shifted.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

const A = 6378245.0;
const EE = 0.006693421622965943;

/** The rough bounding box the providers shift (the usual test; Taiwan and the sea edges included). */
export function outOfChina({ lat, lng }: LatLng): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let ret = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return ret;
}

function transformLng(x: number, y: number): number {
  let ret = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return ret;
}

/** A WGS-84 position as the China providers draw it. */
export function wgs84ToGcj02(point: LatLng): LatLng {
  if (outOfChina(point)) return { lat: point.lat, lng: point.lng };
  const { lat, lng } = point;
  let dLat = transformLat(lng - 105.0, lat - 35.0);
  let dLng = transformLng(lng - 105.0, lat - 35.0);
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lat: lat + dLat, lng: lng + dLng };
}

/** About a millimetre in degrees: the inverse stops when the forward transform lands this close. */
const INVERSE_TOLERANCE_DEG = 1e-8;
const INVERSE_MAX_STEPS = 30;

/** A position picked on a China map, back in WGS-84 (fixed-point iteration on the forward transform). */
export function gcj02ToWgs84(point: LatLng): LatLng {
  if (outOfChina(point)) return { lat: point.lat, lng: point.lng };
  let guess = { lat: point.lat, lng: point.lng };
  for (let step = 0; step < INVERSE_MAX_STEPS; step += 1) {
    const shifted = wgs84ToGcj02(guess);
    const dLat = shifted.lat - point.lat;
    const dLng = shifted.lng - point.lng;
    if (Math.abs(dLat) < INVERSE_TOLERANCE_DEG && Math.abs(dLng) < INVERSE_TOLERANCE_DEG) break;
    guess = { lat: guess.lat - dLat, lng: guess.lng - dLng };
  }
  return guess;
}
