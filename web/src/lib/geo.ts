/** Map providers of the header radio (spec §2): 1 inside the China box, 2 elsewhere. */
export type MapVariant = 1 | 2;
export const MAP_VARIANTS: readonly MapVariant[] = [2, 1];

/** Latitude 3.86 to 53.55 and longitude 73.66 to 135.05 give map 1, anything else map 2. */
export function mapForCoordinates(latitude: number, longitude: number): MapVariant {
  const inside = latitude >= 3.86 && latitude <= 53.55 && longitude >= 73.66 && longitude <= 135.05;
  return inside ? 1 : 2;
}

/** The default map from the browser's position; map 2 when the position is unknown or refused. */
export function detectDefaultMap(timeoutMs = 8000): Promise<MapVariant> {
  return new Promise((resolve) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      resolve(2);
      return;
    }
    const timer = setTimeout(() => resolve(2), timeoutMs + 500);
    geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve(mapForCoordinates(position.coords.latitude, position.coords.longitude));
      },
      () => {
        clearTimeout(timer);
        resolve(2);
      },
      { timeout: timeoutMs, maximumAge: 3_600_000 },
    );
  });
}
