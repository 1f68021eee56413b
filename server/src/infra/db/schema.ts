import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DeviceEvent, DeviceMessage, MenuAction, MoldState, TagKind } from '@mouldwatch/shared';

type WifiScan = NonNullable<DeviceMessage['wifi']>[number];

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

export interface CompaniesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  created_at: CreatedAt;
  /** Its members of a home list item, as JSON text: kept by a trigger (migration 0008), like the others. */
  list_json: ColumnType<string, never, never>;
}

export interface MoldGroupsTable {
  id: Generated<number>;
  org_id: number;
  company_id: number;
  name: string;
  created_at: CreatedAt;
  list_json: ColumnType<string, never, never>;
}

/** The spec's mould record. Its `device_no` is the bound device's (devices.mold_id), not a column. */
export interface MoldsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  mold_number: string;
  group_id: number | null;
  owner: Generated<string>;
  type: Generated<string>;
  cavitation: number | null;
  oem_id: Generated<string>;
  customer: Generated<string>;
  country: Generated<string>;
  workshop: Generated<string>;
  mold_image: Generated<string>;
  launch_listen: Generated<number>;
  time_zone: Generated<string>;
  time_zone_city: Generated<string>;
  /** 0 = J, 1 = K. */
  thermocouple_type: Generated<number>;
  /** JSON read through `moldInfoSchema` (shared), which fills in the defaults. */
  info: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  list_json: ColumnType<string, never, never>;
  /** `info.maint_interval` (null when 0) and `info.start_count`, for cycles until PM; kept by the trigger too. */
  pm_interval: ColumnType<number | null, never, never>;
  pm_base: ColumnType<number, never, never>;
  /** When the device subscription runs out; null until a renewal sets it (migration 0011). */
  subscription_expires_at: Generated<Date | null>;
  /** lower(name, chr(31), mold_number), kept by the database: what the mould list's search looks in. */
  search_text: ColumnType<string, never, never>;
}

export interface DevicesTable {
  id: Generated<number>;
  org_id: number;
  device_no: string;
  /** SHA-256 (hex) of the device's token. */
  token_hash: string;
  mold_id: number | null;
  created_at: CreatedAt;
  last_seen_at: Date | null;
}

export interface ReadingsTable {
  device_id: number;
  seq: number;
  ts: Date;
  mold_id: number | null;
  counter: number | null;
  cycle_time: number | null;
  open_time: number | null;
  close_time: number | null;
  mold_temp: Array<number | null> | null;
  hrs_temp: Array<number | null> | null;
  current: number | null;
  battery: number | null;
  lat: number | null;
  lng: number | null;
  wifi: ColumnType<WifiScan[] | null, string | null, string | null>;
  event: DeviceEvent | null;
  received_at: ColumnType<Date, Date | undefined, never>;
}

export interface UserMoldGrantsTable {
  user_id: number;
  mold_id: number;
  /** Set when the grant came from another user's share: the mould is read-only for this user. */
  shared_by: number | null;
  /** The user's favourite mark (home screen). */
  favourite: Generated<boolean>;
  /** The mould's place in the user's own order (home screen); null until the user orders. */
  sort: number | null;
}

/** A login throttling counter; `''` as account or address means "any" (migration 0009). */
export interface LoginCountersTable {
  account: string;
  address: string;
  failures: number;
  last_attempt_at: Date;
}

/** An address the user logged in from: the per-account ceiling does not apply there. */
export interface LoginKnownAddressesTable {
  user_id: number;
  address: string;
  last_login_at: Date;
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

/** A mould's live status as the state engine keeps it (one row once its device has reported). */
export interface MoldStatusTable {
  mold_id: number;
  state: MoldState;
  online: boolean;
  /** The last reading was a power_off event. */
  powered_off: Generated<boolean>;
  /** Time (device clock) of the last reading. */
  last_connect_at: Date | null;
  /** Time of the last reading that reported a cycle. */
  last_cycle_at: Date | null;
  counter: number | null;
  last_cycle_time: number | null;
  mold_temp: Array<number | null> | null;
  hrs_temp: Array<number | null> | null;
  battery: number | null;
  /** The last reported current (A): energy is counted at it until the next reading. */
  current: number | null;
  lat: number | null;
  lng: number | null;
  state_since: Date;
  /** Time-state slots are written up to this moment. */
  accounted_until: Date;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A status's members of its mould's home list item, and its counter: kept by a trigger on `mold_status`. */
export interface MoldListStatusTable {
  mold_id: ColumnType<number, never, never>;
  counter: ColumnType<number | null, never, never>;
  list_json: ColumnType<string, never, never>;
}

/** The spec's time-state record of one mould and 5-minute slot: fractions of the slot per state. */
export interface TimeStateSlotsTable {
  mold_id: number;
  slot_start: Date;
  c_run_time: Generated<number>;
  c_idle_time: Generated<number>;
  c_alarm_time: Generated<number>;
  c_stop_time: Generated<number>;
  c_off_time: Generated<number>;
  /** Energy drawn in the slot: voltage setting × last reported current × time online. */
  energy_kwh: Generated<number>;
  /** When the slot last changed: the roll-up reads the slots changed since its last run. */
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** What a roll-up bucket adds up: mould (mt) and hot runner (hr) channels, cycle, open and close times. */
export type RollupMeasure =
  `mt${1 | 2 | 3 | 4}` | `hr${1 | 2 | 3 | 4 | 5 | 6}` | 'cycle_time' | 'open_time' | 'close_time';

/** One mould's 15-minute history bucket: sums and counts of its readings, seconds per state, energy. */
export type MoldRollupsTable = {
  mold_id: number;
  bucket: Date;
  shots: Generated<number>;
  /** The highest counter reported in the bucket. */
  counter_last: number | null;
  run_s: Generated<number>;
  idle_s: Generated<number>;
  alarm_s: Generated<number>;
  stop_s: Generated<number>;
  off_s: Generated<number>;
  energy_kwh: Generated<number>;
} & { [K in `${RollupMeasure}_sum` | `${RollupMeasure}_n`]: Generated<number> };

export interface RollupProgressTable {
  name: string;
  watermark: Date;
}

/** A user's shown temperature channels of a mould (numbers from 1); no row: every enabled channel. */
export interface MoldChannelChoicesTable {
  user_id: number;
  mold_id: number;
  mold_channels: number[];
  hrs_channels: number[];
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A reusable value of the mould form's country (`country`) or workshop (`factory`) field. */
export interface MoldTagsTable {
  id: Generated<number>;
  org_id: number;
  kind: TagKind;
  name: string;
  created_at: CreatedAt;
}

export interface Database {
  organizations: OrganizationsTable;
  roles: RolesTable;
  menu_items: MenuItemsTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  companies: CompaniesTable;
  mold_groups: MoldGroupsTable;
  molds: MoldsTable;
  devices: DevicesTable;
  readings: ReadingsTable;
  user_mold_grants: UserMoldGrantsTable;
  login_counters: LoginCountersTable;
  login_known_addresses: LoginKnownAddressesTable;
  user_messages: UserMessagesTable;
  mold_status: MoldStatusTable;
  mold_list_status: MoldListStatusTable;
  time_state_slots: TimeStateSlotsTable;
  mold_rollups: MoldRollupsTable;
  rollup_progress: RollupProgressTable;
  mold_channel_choices: MoldChannelChoicesTable;
  mold_tags: MoldTagsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type MenuItemRow = Selectable<MenuItemsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type NewReading = Insertable<ReadingsTable>;
export type MoldStatusRow = Selectable<MoldStatusTable>;
