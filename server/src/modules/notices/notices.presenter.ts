import type { AlarmType, Notice } from '@mouldwatch/shared';
import type { NoticeRow } from './notices.repository.js';

export function presentNotice(row: NoticeRow): Notice {
  return {
    id: Number(row.id),
    alarm_type: row.alarm_type as AlarmType,
    unique_str: row.unique_str,
    create_datetime: Math.floor(row.created_at.getTime() / 1000),
    mold_id: row.mold_id === null ? null : Number(row.mold_id),
    mold_name: row.mold_name,
    mold_number: row.mold_number,
    content: row.content,
    is_read: row.is_read,
  };
}
