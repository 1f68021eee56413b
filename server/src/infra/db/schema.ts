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
  /** Signed up and not yet activated with the mailed code (inactive until then). */
  awaiting_activation: Generated<boolean>;
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
  /** Readings received that were older than the raw retention: counted nowhere (migration 0035). */
  too_old_count: Generated<number>;
  /** When the last of them was received. */
  too_old_last_at: Date | null;
  /** The oldest reading time among them. */
  too_old_oldest_ts: Date | null;
  /** When the current burst of them began: its first one raised the notice. */
  too_old_burst_at: Date | null;
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
  /** The storing transaction's id (xid8 as text; set by the database): the alarm engine's cursor (migration 0016). */
  xid: ColumnType<string | null, never, never>;
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
/** The one live verification code of an account per purpose (migration 0031). */
export interface AccountCodesTable {
  user_id: number;
  purpose: 'activate' | 'reset';
  code_hash: string;
  expires_at: Date;
  wrong_tries: Generated<number>;
}

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
  /** Its device's sequence number (null before migration 0034's first reading). */
  last_seq: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** Time of the first reading that reported a cycle (before it the mould stands by). */
  first_cycle_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** An alarm was active when the time up to `accounted_until` was accounted. */
  alarm_active: Generated<boolean>;
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

/** An alarm's lifetime (DESIGN §8); values are °C after the mould's thermocouple correction, seconds or %. */
export interface AlarmsTable {
  id: Generated<number>;
  org_id: number;
  mold_id: number;
  /** 1 maintenance, 2 cycle time, 3 temperature, 4 offline, 5 power (spec §9). */
  alarm_type: number;
  unique_str: string;
  /** What was judged: 'mold_temp:1', 'hrs_temp:3', 'cycle_time', 'open_time', 'close_time', 'offline', 'battery', 'task:<id>'. */
  channel: string;
  channel_name: Generated<string>;
  /** 2 for hot-runner channels, 1 for mould channels, null otherwise. */
  temp_type: number | null;
  /** 'alert', or 'early' for the cycle time's early alert. */
  level: Generated<string>;
  /** The worst value seen while open. */
  value: number | null;
  bound: number | null;
  set_value: number | null;
  /** A maintenance alarm's unit of value: cycles or days left (negative: past due); null for other types. */
  unit: ColumnType<'cycles' | 'days' | null, 'cycles' | 'days' | null | undefined, 'cycles' | 'days' | null>;
  opened_at: Date;
  updated_at: Date;
  closed_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: number | null;
  ack_comment: Generated<string>;
  notified_count: Generated<number>;
  last_notified_at: Date;
}

export interface AlarmSettingsTable {
  org_id: number;
  /** An open, unacknowledged alarm is sent again after this many minutes; 0 turns escalation off. */
  escalation_minutes: Generated<number>;
  updated_at: Generated<Date>;
}

/** The alarm engine's cursor over the readings (migration 0016). */
export interface AlarmProgressTable {
  name: string;
  /** Readings of transactions below this id (xid8 as text) are judged. */
  judged_below: string;
}

/** What the alarm judge remembers of a mould (shared MouldTracks: gaps and streaks in `tracks`). */
export interface AlarmTracksTable {
  mold_id: number;
  last_ts: Date | null;
  powered_off: boolean;
  /** The learned silence (s) after which the mould's device is offline. */
  offline_after_s: number;
  tracks: ColumnType<unknown, string, string>;
}

export type WorkOrderStatus = 'created' | 'working' | 'finish' | 'stop';

export interface WorkOrdersTable {
  id: Generated<number>;
  org_id: number;
  mold_id: number;
  order_no: string;
  machine: Generated<string>;
  workshop: Generated<string>;
  project_name: Generated<string>;
  start_date: Date;
  quantity: number;
  starting_quantity: Generated<number>;
  revision: Generated<string>;
  remarks: Generated<string>;
  status: Generated<WorkOrderStatus>;
  start_counter: number | null;
  started_at: Date | null;
  ended_at: Date | null;
  finished: Generated<number>;
  /** The sum of the order's rejects (work_order_rejects), kept with them. */
  reject: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  /** Lower-cased text the list's search looks in, kept by triggers (migration 0026). */
  search_text: ColumnType<string, never, never>;
}

export interface WorkOrderRejectsTable {
  id: Generated<number>;
  order_id: number;
  mold_id: number;
  quantity: number;
  recorded_at: Date;
  recorded_by: number | null;
  remark: Generated<string>;
}

// alerts-delivery (migration 0017)
export type OutboxChannel = 'email' | 'sms';
export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed';

/** One outgoing e-mail or SMS (infra/mail, infra/sms): queued, sent once by the outbox job. */
export interface OutboxTable {
  id: Generated<number>;
  user_id: number | null;
  channel: OutboxChannel;
  to: string;
  subject: Generated<string>;
  text: string;
  html: string | null;
  /** The https unsubscribe link of an alert e-mail (List-Unsubscribe); null for other mail. */
  unsubscribe_url: string | null;
  state: Generated<OutboxState>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  /** While 'sending': until when the claiming sender owns it; past it, another sender retries. */
  lease_until: Date | null;
  last_error: Generated<string>;
  created_at: Date;
  sent_at: Date | null;
}

/** Per user and alarm type, whether alert messages go by e-mail and / or SMS (no row: the defaults). */
export interface UserAlertChannelsTable {
  user_id: number;
  alarm_type: number;
  email: boolean;
  sms: boolean;
}

/** Per user: the last notice turned into (or skipped for) a message, and the current period's budget. */
export interface AlertCursorsTable {
  user_id: number;
  last_notice_id: Generated<number>;
  period_start: Date | null;
  sent_in_period: Generated<number>;
  last_sent_at: Date | null;
}

/** A mould's last automatic fix and its manual position (migration 0022); the newer of the two is shown. */
export interface MoldLocationsTable {
  mold_id: number;
  org_id: number;
  fix_lat: number | null;
  fix_lng: number | null;
  fix_source: 'gps' | 'wifi' | null;
  fix_accuracy_m: number | null;
  /** Device time of the fix. */
  fix_at: Date | null;
  /** The GPS device's battery (%), from the last reading that reported it. */
  battery: number | null;
  manual_lat: number | null;
  manual_lng: number | null;
  manual_label: Generated<string>;
  manual_at: Date | null;
  manual_by: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One point of a mould's track, thinned (a point only on a real move or a change of source). */
export interface LocationHistoryTable {
  id: Generated<number>;
  mold_id: number;
  lat: number;
  lng: number;
  source: 'gps' | 'wifi' | 'manual';
  accuracy_m: number | null;
  battery: number | null;
  recorded_at: Date;
}

/** A WiFi access point whose position the organisation knows. */
export interface WifiAccessPointsTable {
  id: Generated<number>;
  org_id: number;
  /** Upper case, `AA:BB:CC:DD:EE:FF`. */
  bssid: string;
  lat: number;
  lng: number;
  accuracy_m: number;
  label: Generated<string>;
  learned: boolean;
  samples: Generated<number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Reports: a zone whose local days are kept in mold_day_rollups once filled (migration 0027). */
export interface ReportDayZonesTable {
  zone: string;
  filled_at: Date | null;
}

/**
 * Reports: one mould's roll-ups added up over one local day [lo, hi) of a zone (migrations 0027,
 * 0029), kept by triggers; seconds, kWh and cycle-time sums in whole millionths, each roll-up
 * rounded once; and the rejects the ledger records in the day (migration 0037).
 */
export interface MoldDayRollupsTable {
  zone: string;
  mold_id: number;
  lo: Date;
  hi: Date;
  run_us: number;
  idle_us: number;
  alarm_us: number;
  stop_us: number;
  off_us: number;
  shots: number;
  energy_ukwh: number;
  cycle_time_sum_us: number;
  cycle_time_n: number;
  /** The quantity of the rejects recorded in the day (work_order_rejects), and how many records. */
  rejects: Generated<number>;
  reject_records: Generated<number>;
}

/**
 * Reports: one mould's kept days of one local month [lo, hi) of a kept zone added up (migration
 * 0037), kept by triggers on mold_day_rollups: how many days, and the sums of their columns.
 */
export interface MoldDayMonthsTable extends Omit<MoldDayRollupsTable, 'rejects' | 'reject_records'> {
  days: number;
  rejects: number;
  reject_records: number;
}

/** Reports: one mould's cycle-time statistics over one ended local day [lo, hi) of a kept zone (migration 0030). */
export interface MoldCycleDaysTable {
  zone: string;
  mold_id: number;
  lo: Date;
  hi: Date;
  n: number;
  sum_us: number;
  min_s: number | null;
  max_s: number | null;
  median_s: number | null;
  target_s: number | null;
  within2: number;
  within5: number;
  tail: number[];
  bin_keys: number[];
  bin_counts: number[];
}

/**
 * Reports: one mould's kept cycle days of one local month [lo, hi) of a kept zone added up (migration
 * 0036), kept by triggers on mold_cycle_days: how many days, the sums, the day's median when there is
 * one day, the month's last ≤ 100 cycles newest first, its merged bins.
 */
export interface MoldCycleMonthsTable {
  zone: string;
  mold_id: number;
  lo: Date;
  hi: Date;
  days: number;
  n: number;
  sum_us: number;
  min_s: number | null;
  max_s: number | null;
  median_s: number | null;
  within2: number;
  within5: number;
  tail: number[];
  bin_keys: number[];
  bin_counts: number[];
}

/** Reports: a local day of a kept zone whose cycle statistics are to be computed (again) (migration 0030). */
export interface CycleDayPendingTable {
  zone: string;
  mold_id: number;
  lo: Date;
  hi: Date;
  /** Times the day was queued again while it was queued. */
  version: Generated<number>;
}

// maintenance
export interface MaintenanceTasksTable {
  id: Generated<number>;
  org_id: number;
  task_name: string;
  task_type: 'pm' | 'regular';
  mold_id: number | null;
  company_id: number | null;
  group_id: number | null;
  maint_interval: number | null;
  interval_days: number | null;
  schedule_type: Generated<number>;
  repeat: number | null;
  start_repeat: string | null;
  warning_type: 'percent' | 'count';
  warning_value: number;
  content: ColumnType<Array<{ content: string }>, string, string>;
  time_zone: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One task on one mould (a company's or group's task has one per mould), with its evaluated status. */
export interface MaintenanceTaskMoldsTable {
  task_id: number;
  mold_id: number;
  org_id: number;
  pm_interval: number | null;
  base_counter: Generated<number>;
  base_at: Generated<Date>;
  last_maint_at: Date | null;
  due_now_at: Date | null;
  status: Generated<'normal' | 'warning' | 'exceeded'>;
  /** 0 exceeded, 1 warning, 2 normal: the schedule's order. */
  urgency: Generated<number>;
  remaining: number | null;
  unit: Generated<'cycles' | 'days'>;
  due_date: string | null;
  alarm_at: Date | null;
  eval_counter: number | null;
}

export interface MaintenanceRecordsTable {
  id: Generated<number>;
  org_id: number;
  task_id: number | null;
  mold_id: number;
  task_name: string;
  task_type: 'pm' | 'regular';
  content: ColumnType<Array<{ content: string; checked: boolean }>, string, string>;
  remarks: string;
  counter: number | null;
  previous_at: Date | null;
  used: number | null;
  used_unit: 'cycles' | 'days';
  confirmer_id: number | null;
  confirmer_name: string;
  confirmed_at: Date;
  alarm_at: Date | null;
  /** Lower-cased text the list's search looks in, kept by triggers (migration 0026). */
  search_text: ColumnType<string, never, never>;
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
  account_codes: AccountCodesTable;
  login_known_addresses: LoginKnownAddressesTable;
  user_messages: UserMessagesTable;
  mold_status: MoldStatusTable;
  mold_list_status: MoldListStatusTable;
  time_state_slots: TimeStateSlotsTable;
  mold_rollups: MoldRollupsTable;
  rollup_progress: RollupProgressTable;
  mold_channel_choices: MoldChannelChoicesTable;
  mold_tags: MoldTagsTable;
  alarms: AlarmsTable;
  alarm_settings: AlarmSettingsTable;
  alarm_progress: AlarmProgressTable;
  alarm_tracks: AlarmTracksTable;
  work_orders: WorkOrdersTable;
  work_order_rejects: WorkOrderRejectsTable;
  outbox: OutboxTable;
  user_alert_channels: UserAlertChannelsTable;
  alert_cursors: AlertCursorsTable;
  mold_locations: MoldLocationsTable;
  location_history: LocationHistoryTable;
  wifi_access_points: WifiAccessPointsTable;
  report_day_zones: ReportDayZonesTable;
  mold_day_rollups: MoldDayRollupsTable;
  mold_day_months: MoldDayMonthsTable;
  mold_cycle_days: MoldCycleDaysTable;
  mold_cycle_months: MoldCycleMonthsTable;
  cycle_day_pending: CycleDayPendingTable;
  maintenance_tasks: MaintenanceTasksTable;
  maintenance_task_molds: MaintenanceTaskMoldsTable;
  maintenance_records: MaintenanceRecordsTable;
  shares: SharesTable;
  share_links: ShareLinksTable;
  renewal_prices: RenewalPricesTable;
  renewals: RenewalsTable;
  renewal_molds: RenewalMoldsTable;
  renewal_reminders: RenewalRemindersTable;
  renewal_flag_dismissals: RenewalFlagDismissalsTable;
  installation: InstallationTable;
}

/** The installation's identity, one row (migration 0032). */
export interface InstallationTable {
  id: string;
  created_at: Date;
}

/** One sharer's sharing with one recipient (migration 0024); the moulds are the grants with shared_by. */
export interface SharesTable {
  id: Generated<number>;
  sharer_id: number;
  recipient_id: number;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A share link: only the SHA-256 of its token is kept (migration 0024). */
export interface ShareLinksTable {
  id: Generated<number>;
  token_hash: string;
  sharer_id: number;
  recipient_id: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type MenuItemRow = Selectable<MenuItemsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type NewReading = Insertable<ReadingsTable>;
export type MoldStatusRow = Selectable<MoldStatusTable>;

/** Renewal (migration 0025): per-country yearly price per device and the receiving bank. */
export interface RenewalPricesTable {
  country: string;
  currency: string;
  /** Minor units of the currency. */
  unit_amount: number;
  bank_of_deposit: string;
  account_name: string;
  account_number: string;
  swift: Generated<string>;
}

export interface RenewalsTable {
  id: Generated<number>;
  org_id: number;
  order_no: string;
  status: Generated<'unpaid' | 'cancelled' | 'finished'>;
  years: number;
  country: string;
  currency: string;
  unit_amount: number;
  amount: number;
  bank_of_deposit: string;
  account_name: string;
  account_number: string;
  swift: Generated<string>;
  remitter: Generated<string>;
  remitter_account_number: Generated<string>;
  remitter_country: Generated<string>;
  transaction_serial_number: Generated<string>;
  renewal_type: string | null;
  remark: Generated<string>;
  renewal_start_date: Date | null;
  expiration_date: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  remitted_at: Date | null;
  confirmed_at: Date | null;
  cancelled_at: Date | null;
}

export interface RenewalMoldsTable {
  renewal_id: number;
  mold_id: number;
  previous_expires_at: Date | null;
  starts_at: Date | null;
  expires_at: Date | null;
}

/** A reminder sent for a mould's expiry at a stage (30 or 15 days): sent once. */
export interface RenewalRemindersTable {
  mold_id: number;
  expires_at: Date;
  stage: number;
  sent_at: Date;
}

export interface RenewalFlagDismissalsTable {
  user_id: number;
  dismissed_at: Date;
}
