import { TimeStateStatus, moldInfoSchema, type MoldFacts, type SlotState, type StateCounts } from '@mouldwatch/shared';
import { presentLiveStatus } from '../../state/status.presenter.js';
import { presentTooOld } from '../devices/devices.presenter.js';
import { imageUrl } from '../molds/molds.presenter.js';
import type { MoldFactsRow } from './mold-facts.repository.js';
import type { StateCountRow } from './mold-status.repository.js';

/** The figures of the mould facts worked out of its readings and slots. */
export interface MoldFigures {
  firstReadingAt: Date | undefined;
  average: number | null;
  cycles: number;
  stopSecondsToday: number;
}

export const STATE_CLASSES = Object.keys(TimeStateStatus) as [SlotState, ...SlotState[]];

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function presentStateCounts(rows: readonly StateCountRow[]): StateCounts {
  const counts: StateCounts = { run: 0, idle: 0, alarm: 0, stop: 0, off: 0, online: 0, offline: 0, total: 0 };
  for (const { state, online, moulds } of rows) {
    counts[state] += moulds;
    counts[online ? 'online' : 'offline'] += moulds;
    counts.total += moulds;
  }
  return counts;
}

export function presentMoldFacts(row: MoldFactsRow, figures: MoldFigures): MoldFacts {
  const info = moldInfoSchema.parse(row.info);
  const status = presentLiveStatus(row.id, row);
  return {
    id: row.id,
    name: row.name,
    mold_number: row.mold_number,
    group: row.group,
    company: row.company,
    customer: row.customer,
    country: row.country,
    state: status.state,
    online: status.online,
    project_name: info.project_name,
    part_id: info.part_id,
    start_count: info.start_count,
    activation_time: figures.firstReadingAt ? epochSeconds(figures.firstReadingAt) : null,
    created_time: epochSeconds(row.created_at),
    modified_time: epochSeconds(row.updated_at),
    last_connect_time: status.last_connect_time,
    counter: row.counter,
    maint_interval: info.maint_interval,
    cycles_until_pm: row.cycles_until_pm,
    maint_status: row.maint_status,
    target_cycle_time: info.cycle_time,
    average_cycle_time: figures.average,
    averaged_cycles: figures.cycles,
    stop_seconds_today: figures.stopSecondsToday,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng, source: 'gps' } : null,
    mold_image: imageUrl(row.mold_image),
    favourite: row.favourite,
    device_no: row.device_no,
    too_old: presentTooOld(row),
    oem_id: row.oem_id,
    battery: row.battery,
    thermocouple_type: row.thermocouple_type,
    info,
  };
}
