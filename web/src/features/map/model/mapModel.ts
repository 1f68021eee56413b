import {
  SOURCE_BY_CODE,
  wgs84ToGcj02,
  type LatLng,
  type LivePosition,
  type LocationSource,
  type MapMouldRow,
  type MoldState,
} from '@mouldwatch/shared';

/** A mould on the map (positions WGS-84, as the server keeps them). */
export interface MapMould {
  id: number;
  name: string;
  moldNumber: string;
  companyId: number | null;
  groupId: number | null;
  state: MoldState;
  online: boolean;
  lat: number;
  lng: number;
  source: LocationSource;
  accuracy: number | null;
  battery: number | null;
  located: number | null;
  /** The manual position's label ('' unless the shown position is manual and labelled). */
  label: string;
}

export function fromRow(row: MapMouldRow): MapMould {
  const [id, name, moldNumber, companyId, groupId, state, online, lat, lng, source, accuracy, battery, located, label] =
    row;
  return {
    id,
    name,
    moldNumber,
    companyId,
    groupId,
    state,
    online: online === 1,
    lat,
    lng,
    source: SOURCE_BY_CODE[source] ?? 'gps',
    accuracy,
    battery,
    located,
    label,
  };
}

/** Applies live positions to the moulds the map knows; answers whether any changed. */
export function applyPositions(moulds: Map<number, MapMould>, positions: readonly LivePosition[]): boolean {
  let changed = false;
  for (const [id, lat, lng, source, accuracy, located] of positions) {
    const mould = moulds.get(id);
    if (!mould) continue;
    moulds.set(id, {
      ...mould,
      lat,
      lng,
      source: SOURCE_BY_CODE[source] ?? 'gps',
      accuracy,
      // When the position was taken, not when the message came: a manual position cleared shows an older fix.
      located,
      // A position from a live fix is no manual one; a new manual one's label comes with the map's refetch.
      label: source === 2 ? mould.label : '',
    });
    changed = true;
  }
  return changed;
}

/** The map's filters: company, group, state class, connection, and the search text. */
export interface MapFilters {
  companyId?: number;
  groupId?: number;
  state?: 'run' | 'idle' | 'alarm' | 'stop' | 'off';
  online?: boolean;
}

const stateClass = (state: MoldState) => (state === 'stby' ? 'idle' : state);

export function passes(mould: MapMould, filters: MapFilters): boolean {
  if (filters.companyId !== undefined && mould.companyId !== filters.companyId) return false;
  if (filters.groupId !== undefined && mould.groupId !== filters.groupId) return false;
  if (filters.state !== undefined && stateClass(mould.state) !== filters.state) return false;
  if (filters.online !== undefined && mould.online !== filters.online) return false;
  return true;
}

/** Moulds whose name or mould no contains the text (any case), best first: exact, then prefix. */
export function searchMoulds(moulds: Iterable<MapMould>, text: string, limit = 20): MapMould[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const found: Array<[number, MapMould]> = [];
  for (const mould of moulds) {
    const name = mould.name.toLowerCase();
    const number = mould.moldNumber.toLowerCase();
    const rank =
      name === needle || number === needle
        ? 0
        : name.startsWith(needle) || number.startsWith(needle)
          ? 1
          : name.includes(needle) || number.includes(needle)
            ? 2
            : -1;
    if (rank >= 0) found.push([rank, mould]);
  }
  return found
    .sort((a, b) => a[0] - b[0] || a[1].name.localeCompare(b[1].name))
    .slice(0, limit)
    .map(([, mould]) => mould);
}

/** Provider 1 draws in GCJ-02: positions are shifted before they are drawn; provider 2 draws WGS-84. */
export const toDrawn = (variant: 1 | 2, point: LatLng): LatLng => (variant === 1 ? wgs84ToGcj02(point) : point);

/** The icon of a mould: running (state run) or offline, selected; GPS, WiFi or manual source. */
export type IconKind = 'running' | 'offline' | 'stopped' | 'selected';
export function iconKind(mould: MapMould, selected: boolean): IconKind {
  if (selected) return 'selected';
  if (!mould.online) return 'offline';
  return mould.state === 'run' ? 'running' : 'stopped';
}

/** The location history drawer's height: the map fits a track into the part the drawer leaves visible. */
export const HISTORY_DRAWER_HEIGHT = 360;
