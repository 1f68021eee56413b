import type { ShareMade, ShareReceived, SharedMold } from '@mouldwatch/shared';
import type { ShareMadeRow, ShareReceivedRow } from './sharing.repository.js';

const molds = (rows: ReadonlyArray<[number, string, string]>): SharedMold[] =>
  rows.map(([id, name, moldNumber]) => ({ id, name, mold_number: moldNumber }));

export function presentShareMade(row: ShareMadeRow): ShareMade {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    name: row.name,
    role: row.role_id === null ? null : { id: row.role_id, name: row.role_name ?? '' },
    molds: molds(row.molds),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentShareReceived(row: ShareReceivedRow): ShareReceived {
  return {
    id: row.id,
    sharer: row.sharer,
    sharer_email: row.sharer_email,
    organisation: row.organisation,
    molds: molds(row.molds),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
