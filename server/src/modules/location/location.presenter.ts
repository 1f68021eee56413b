import type { AccessPointRecord, LocationHistoryPoint } from '@mouldwatch/shared';
import type { Selectable } from 'kysely';
import type { WifiAccessPointsTable } from '../../infra/db/schema.js';
import type { HistoryPointRow } from './location.repository.js';

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function presentHistoryPoint(row: HistoryPointRow & { label: string }): LocationHistoryPoint {
  return {
    lat: round(row.lat, 7),
    lng: round(row.lng, 7),
    source: row.source,
    accuracy_m: row.accuracy_m === null ? null : Math.round(row.accuracy_m),
    battery: row.battery,
    datetime: epoch(row.recorded_at),
    label: row.label,
  };
}

export function presentAccessPoint(row: Selectable<WifiAccessPointsTable>): AccessPointRecord {
  return {
    id: row.id,
    bssid: row.bssid,
    lat: round(row.lat, 7),
    lng: round(row.lng, 7),
    accuracy_m: Math.round(row.accuracy_m),
    label: row.label,
    learned: row.learned,
    samples: row.samples,
    update_datetime: epoch(row.updated_at),
  };
}
