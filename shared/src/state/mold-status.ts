import type { MoldState } from './mold-state.js';

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
