import type { RolePermission, RoleRecord } from '@mouldwatch/shared';
import type { RoleListRow } from './roles.repository.js';

export function presentRole(row: RoleListRow, permissions: RolePermission[]): RoleRecord {
  return {
    id: row.id,
    name: row.name,
    is_viewer: row.is_viewer,
    permissions,
    user_count: row.user_count,
  };
}
