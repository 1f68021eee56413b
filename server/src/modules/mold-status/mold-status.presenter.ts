import { withUncoveredAsOff, type MoldListItem, type SlotFractions, type TimeStateRecord } from '@mouldwatch/shared';
import { presentLiveStatus } from '../../state/status.presenter.js';
import type { MoldListRow } from './mold-status.repository.js';

export function presentMoldListItem(row: MoldListRow): MoldListItem {
  return {
    ...presentLiveStatus(row.id, row),
    name: row.name,
    mold_number: row.mold_number,
    group: row.group,
    device_no: row.device_no,
  };
}

/** A stored slot as the spec's record; time not yet accounted (the slot under way) shows as off. */
export function presentTimeState({ slot_start, ...fractions }: SlotFractions & { slot_start: Date }): TimeStateRecord {
  return { create_datetime: Math.floor(slot_start.getTime() / 1000), ...withUncoveredAsOff(fractions) };
}
