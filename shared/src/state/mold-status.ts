import type { TooOldReadings } from '../device/registry.js';
import type { MaintenanceStatus } from '../maintenance/maintenance.js';
import type { MoldInfo } from '../mold/mold-info.js';
import type { MoldState, SlotState } from './mold-state.js';

/** A mould's live status: what a `list` live update carries, and the status part of a mould list row. */
export interface MoldLiveStatus {
  id: number;
  state: MoldState;
  /** The connection label: true is Online, false Offline (the console shows the localised label). */
  online: boolean;
  /** Epoch seconds of the last reading, null before the first. */
  last_connect_time: number | null;
  counter: number | null;
  last_cycle_time: number | null;
  mold_temp: Array<number | null> | null;
  hrs_temp: Array<number | null> | null;
}

/** One row of `GET /api/yudata/mold/more/`: the mould and its live status. */
export interface MoldListItem extends MoldLiveStatus {
  name: string;
  mold_number: string;
  group: string | null;
  device_no: string | null;
}

/** The spec's time-state record: the slot start (epoch seconds) and its fractions, summing to 1. */
export interface TimeStateRecord {
  create_datetime: number;
  c_run_time: number;
  c_idle_time: number;
  c_alarm_time: number;
  c_stop_time: number;
  c_off_time: number;
}

/** One row of `GET /api/yudata/mold/more/`: the mould, its live status and what the home list shows. */
export interface HomeMoldItem extends MoldListItem {
  group_id: number | null;
  company_id: number | null;
  company: string | null;
  customer: string;
  country: string;
  mold_image: string;
  /** The caller's favourite mark. */
  favourite: boolean;
  /** The mould's place in the caller's order; null until the caller orders their moulds. */
  sort: number | null;
  /** Target cycle time (s) of the mould's settings. */
  target_cycle_time: number | null;
  /** Cycles left before preventive maintenance; negative when overdue; null without an interval. */
  cycles_until_pm: number | null;
}

/** Moulds per state class (stby counted as idle) and per connection, and all of them. */
export type StateCounts = Record<SlotState | 'online' | 'offline' | 'total', number>;

/** What the home screen's filters offer, from the caller's moulds. */
export interface FilterOptions {
  companies: Array<{ id: number; name: string }>;
  groups: Array<{ id: number; name: string; company_id: number }>;
  customers: string[];
  countries: string[];
  states: SlotState[];
}

/** The spec's displayed mould facts (§3), for the home screen's mould detail. */
export interface MoldFacts {
  id: number;
  name: string;
  mold_number: string;
  group: string | null;
  company: string | null;
  customer: string;
  country: string;
  state: MoldState;
  online: boolean;
  project_name: string;
  part_id: string;
  start_count: number;
  /** Epoch seconds of the first reading: when the mould went live; null before it reported. */
  activation_time: number | null;
  created_time: number;
  modified_time: number;
  last_connect_time: number | null;
  /** The last cycle count reported. */
  counter: number | null;
  maint_interval: number | null;
  cycles_until_pm: number | null;
  /** The most urgent status of the mould's maintenance tasks; null without a task. */
  maint_status: MaintenanceStatus | null;
  target_cycle_time: number | null;
  /** Average cycle time (s) of the last cycles, at most 100 of them; null before the first. */
  average_cycle_time: number | null;
  averaged_cycles: number;
  stop_seconds_today: number;
  location: { lat: number; lng: number; source: 'gps' } | null;
  mold_image: string;
  favourite: boolean;
  /** Serial number: the bound device's. */
  device_no: string | null;
  /** What the bound device sent that is older than the raw retention, counted nowhere; null when none. */
  too_old: TooOldReadings | null;
  /** Equipment no. */
  oem_id: string;
  /** GPS battery level (%). */
  battery: number | null;
  /** The thermocouple of the mould's sensors: 0 J, 1 K (later readings are read as it). */
  thermocouple_type: number;
  /** The mould's settings, defaults filled in (the detail views read their channels and limits). */
  info: MoldInfo;
}
