import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MenuAction } from '@mouldwatch/shared';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface RolesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  /** Viewer roles are the only ones offered in the share dialog. */
  is_viewer: Generated<boolean>;
  created_at: CreatedAt;
}

export interface MenuItemsTable {
  id: number;
  parent: number | null;
  path: string;
  sort: number;
  /** JSON array of the actions the item can grant. */
  actions: ColumnType<MenuAction[], string, string>;
  api: boolean;
  name_en: string;
  name_zh: string;
  name_kor: string;
  name_por: string;
}

export interface RolePermissionsTable {
  role_id: number;
  menu_id: number;
  /** JSON array: the subset of the item's actions this role may take. */
  actions: ColumnType<MenuAction[], string, string>;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  role_id: number | null;
  username: string;
  password_hash: string;
  name: Generated<string>;
  email: Generated<string>;
  mobile: Generated<string>;
  avatar: Generated<string>;
  gender: Generated<'male' | 'female' | 'unknown'>;
  is_staff: Generated<boolean>;
  is_active: Generated<boolean>;
  subscribe: Generated<number>;
  frequency: Generated<number>;
  frequency_period: Generated<'daily' | 'weekly'>;
  time_zone: Generated<string>;
  utc_offset: Generated<number>;
  unit: Generated<'C' | 'F'>;
  jk_type: Generated<'J' | 'K'>;
  language: Generated<string>;
  /** Raised on logout, password change and disable: tokens carrying a lower version stop working. */
  token_version: Generated<number>;
  last_login: Date | null;
  date_joined: CreatedAt;
}

export interface MoldsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  mold_number: string;
  created_at: CreatedAt;
}

export interface UserMoldGrantsTable {
  user_id: number;
  mold_id: number;
  /** Set when the grant came from another user's share: the mould is read-only for this user. */
  shared_by: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  address: string;
  failed_at: ColumnType<Date, Date | undefined, never>;
}

export interface UserMessagesTable {
  id: Generated<number>;
  user_id: number;
  alarm_type: number;
  unique_str: string;
  mold_id: number | null;
  mold_name: Generated<string>;
  mold_number: Generated<string>;
  content: Generated<string>;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
}

export interface Database {
  organizations: OrganizationsTable;
  roles: RolesTable;
  menu_items: MenuItemsTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  molds: MoldsTable;
  user_mold_grants: UserMoldGrantsTable;
  login_failures: LoginFailuresTable;
  user_messages: UserMessagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type MenuItemRow = Selectable<MenuItemsTable>;
