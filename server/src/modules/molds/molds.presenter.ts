import { moldInfoSchema } from '@mouldwatch/shared';
import { isFileKey } from '../../infra/files/file-store.js';
import type { MoldsRepository } from './molds.repository.js';

type ListRow = Awaited<ReturnType<MoldsRepository['page']>>['rows'][number];
type DetailRow = NonNullable<Awaited<ReturnType<MoldsRepository['find']>>>;

/** Where the browser loads an uploaded image from (a public route: names are unguessable). */
export const FILES_PATH = '/api/files/';
/** The image's URL: an uploaded file's route, or what was stored (a URL, or '' for none). */
export const imageUrl = (stored: string) => (isFileKey(stored) ? `${FILES_PATH}${stored}` : stored);

const named = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const deviceOf = (id: number | null, deviceNo: string | null) =>
  id === null ? null : { id, device_no: deviceNo ?? '' };
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** A row of GET /api/yudata/mold_setting/. */
export function presentListItem(row: ListRow) {
  return {
    id: row.id,
    name: row.name,
    mold_number: row.mold_number,
    company: named(row.company_id, row.company_name),
    group: named(row.group_id, row.group_name),
    device: deviceOf(row.device_id, row.device_no),
    online: row.online ?? false,
    subscription_expires_at: iso(row.subscription_expires_at),
    mold_image: imageUrl(row.mold_image),
    read_only: row.shared_by !== null,
    updated_at: row.updated_at.toISOString(),
  };
}
export type MoldListItem = ReturnType<typeof presentListItem>;

/** GET /api/yudata/mold_setting/{id}/: the spec's Mould record (its `group` is the group's id), info with defaults. */
export function presentMold(row: DetailRow) {
  return {
    id: row.id,
    name: row.name,
    group: row.group_id,
    group_id: row.group_id,
    company_id: row.company_id,
    device_no: row.device_no ?? '',
    device: deviceOf(row.device_id, row.device_no),
    owner: row.owner,
    type: row.type,
    cavitation: row.cavitation,
    oem_id: row.oem_id,
    customer: row.customer,
    country: row.country,
    workshop: row.workshop,
    mold_image: imageUrl(row.mold_image),
    mold_number: row.mold_number,
    launch_listen: row.launch_listen,
    time_zone: row.time_zone,
    time_zone_city: row.time_zone_city,
    thermocouple_type: row.thermocouple_type,
    info: moldInfoSchema.parse(row.info ?? {}),
    subscription_expires_at: iso(row.subscription_expires_at),
    read_only: row.shared_by !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type MoldRecord = ReturnType<typeof presentMold>;
