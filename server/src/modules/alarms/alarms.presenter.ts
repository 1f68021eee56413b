import type { AlarmLevel, AlarmRecord } from '@mouldwatch/shared';
import type { AlarmsRepository } from './alarms.repository.js';

type AlarmRow = Awaited<ReturnType<AlarmsRepository['page']>>[number];

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const epochOrNull = (date: Date | null) => (date === null ? null : epoch(date));

/** A row of GET /api/yudata/alarm/: times in epoch seconds, values as stored (°C, seconds, %, cycles or days). */
export function presentAlarm(row: AlarmRow, now: Date): AlarmRecord {
  const end = row.closed_at ?? now;
  return {
    id: row.id,
    unique_str: row.unique_str,
    alarm_type: row.alarm_type,
    mold_id: row.mold_id,
    mold_name: row.mold_name,
    mold_number: row.mold_number,
    company_name: row.company_name ?? '',
    group_name: row.group_name ?? '',
    channel: row.channel,
    channel_name: row.channel_name,
    temp_type: row.temp_type,
    level: (row.level === 'early' ? 'early' : 'alert') satisfies AlarmLevel,
    value: row.value,
    bound: row.bound,
    set_value: row.set_value,
    unit: row.unit,
    open_datetime: epoch(row.opened_at),
    update_datetime: epoch(row.updated_at),
    close_datetime: epochOrNull(row.closed_at),
    duration_s: Math.max(0, epoch(end) - epoch(row.opened_at)),
    acknowledged: row.acknowledged_at !== null,
    ack_datetime: epochOrNull(row.acknowledged_at),
    ack_user_name: row.acknowledged_at === null ? '' : row.ack_name || row.ack_username || '',
    ack_comment: row.ack_comment,
    notified_count: row.notified_count,
  };
}
