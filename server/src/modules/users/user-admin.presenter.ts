import type { UserRecord } from '@mouldwatch/shared';
import type { AdminUserRow } from './user-admin.repository.js';

export function presentUser(row: AdminUserRow, ownMoldIds?: readonly number[]): UserRecord {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    role: row.role_id === null ? null : { id: row.role_id, name: row.role_name ?? '' },
    is_active: row.is_active,
    is_staff: row.is_staff ? 1 : 0,
    subscribe: row.subscribe === 1 ? 1 : 0,
    last_login: row.last_login?.toISOString() ?? null,
    date_joined: row.date_joined.toISOString(),
    ...(ownMoldIds ? { moldIds: ownMoldIds.join(',') } : {}),
  };
}
