import * as z from 'zod/mini';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';
import type { MoldState } from '../state/mold-state.js';
import type { LocationSource } from './thinning.js';

const message = (key: ValidationMessageKey) => ({ message: key });

export const latitudeRule = z
  .number(message('latitudeRange'))
  .check(z.gte(-90, message('latitudeRange')), z.lte(90, message('latitudeRange')));
export const longitudeRule = z
  .number(message('longitudeRange'))
  .check(z.gte(-180, message('longitudeRange')), z.lte(180, message('longitudeRange')));
export const LOCATION_LABEL_MAX = 64;
const labelRule = z.optional(
  z.pipe(z.string().check(z.trim()), z.string().check(z.maxLength(LOCATION_LABEL_MAX, message('locationLabelLength')))),
);

/** `PUT /api/yudata/map/position/{mold_id}/`: a manual position (WGS-84) and an optional label. */
export const manualPositionSchema = z.object({ lat: latitudeRule, lng: longitudeRule, label: labelRule });
export type ManualPosition = z.infer<typeof manualPositionSchema>;

/** `POST` / `PUT /api/yudata/map/access_points/`: an access point whose position is known. */
export const accessPointFormSchema = z.object({
  bssid: z
    .string(message('bssidFormat'))
    .check(z.regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, message('bssidFormat'))),
  lat: latitudeRule,
  lng: longitudeRule,
  accuracy_m: z.optional(z.number().check(z.gte(1, message('accuracyRange')), z.lte(5000, message('accuracyRange')))),
  label: labelRule,
});
export type AccessPointForm = z.infer<typeof accessPointFormSchema>;

export interface AccessPointRecord {
  id: number;
  bssid: string;
  lat: number;
  lng: number;
  accuracy_m: number;
  label: string;
  /** Learned from readings with GPS and WiFi together (false: entered by an administrator). */
  learned: boolean;
  samples: number;
  update_datetime: number;
}

/** The source as the map call encodes it. */
export const SOURCE_CODES: Record<LocationSource, number> = { gps: 0, wifi: 1, manual: 2 };
export const SOURCE_BY_CODE: readonly LocationSource[] = ['gps', 'wifi', 'manual'];

/**
 * `GET /api/yudata/map/`: one compact row per readable mould with a position (10,000 moulds stay
 * under a megabyte): [id, name, mold_number, company_id, group_id, state, online (0/1), lat, lng,
 * source code, accuracy m, GPS battery %, located (epoch s), manual position's label ('' unless shown)].
 */
export type MapMouldRow = [
  id: number,
  name: string,
  mold_number: string,
  company_id: number | null,
  group_id: number | null,
  state: MoldState,
  online: 0 | 1,
  lat: number,
  lng: number,
  source: number,
  accuracy_m: number | null,
  battery: number | null,
  located: number | null,
  label: string,
];
export const MAP_ROW_FIELDS = [
  'id',
  'name',
  'mold_number',
  'company_id',
  'group_id',
  'state',
  'online',
  'lat',
  'lng',
  'source',
  'accuracy_m',
  'battery',
  'located',
  'label',
] as const;

/** `GET /api/yudata/map/`'s data. */
export interface MapAnswer {
  fields: typeof MAP_ROW_FIELDS;
  companies: Array<[id: number, name: string]>;
  groups: Array<[id: number, name: string, company_id: number]>;
  rows: MapMouldRow[];
}

/**
 * A live position change: [mold id, lat, lng, source code, accuracy m, located]. `located` is when
 * the position shown was taken (epoch seconds): the fix's time, or the manual position's.
 */
export type LivePosition = [
  id: number,
  lat: number,
  lng: number,
  source: number,
  accuracy_m: number | null,
  located: number,
];

/** `GET /api/yudata/location_history/`: one point of a mould's track. */
export interface LocationHistoryPoint {
  lat: number;
  lng: number;
  source: LocationSource;
  accuracy_m: number | null;
  battery: number | null;
  /** Epoch seconds. */
  datetime: number;
  /** The administrator's label of the mould's present manual position, on that point only; else ''. */
  label: string;
}

/** The spec's location history limit. */
export const LOCATION_HISTORY_LIMIT = 9999;

/** A tile layer: Leaflet URL template (`{z}/{x}/{y}`, optional `{s}`) and its attribution; empty url: none. */
export interface TileLayerConfig {
  url: string;
  attribution: string;
  subdomains: string;
}
export interface MapConfig {
  /** Provider 2. */
  global: TileLayerConfig;
  /** Provider 1: draws in GCJ-02. */
  china: TileLayerConfig;
}
