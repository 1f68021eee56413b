import type { MoldLiveStatus, MoldState } from '@mouldwatch/shared';

/** The status columns of a mould; all null for a mould whose device never reported. */
export interface StatusColumns {
  state: MoldState | null;
  online: boolean | null;
  last_connect_at: Date | null;
  counter: number | null;
  last_cycle_time: number | null;
  mold_temp: Array<number | null> | null;
  hrs_temp: Array<number | null> | null;
}

/** A mould that never reported is off and offline. */
export function presentLiveStatus(moldId: number, row: StatusColumns): MoldLiveStatus {
  return {
    id: moldId,
    state: row.state ?? 'off',
    online: row.online ?? false,
    last_connect_time: row.last_connect_at ? Math.floor(row.last_connect_at.getTime() / 1000) : null,
    counter: row.counter,
    last_cycle_time: row.last_cycle_time,
    mold_temp: row.mold_temp,
    hrs_temp: row.hrs_temp,
  };
}
