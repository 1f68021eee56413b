import type { TFunction } from 'i18next';
import {
  AlarmType,
  RENEWAL_NOTICE_TYPE,
  TOO_OLD_READINGS_NOTICE_TYPE,
  parseNoticeContent,
  type Notice,
} from '@mouldwatch/shared';

type NoticeFields = Pick<Notice, 'alarm_type' | 'content'>;

const TYPE_KEYS = {
  [AlarmType.maintenance]: 'maintenance',
  [AlarmType.cycleTime]: 'cycleTime',
  [AlarmType.temperature]: 'temperature',
  [AlarmType.offline]: 'offline',
  [AlarmType.power]: 'power',
  [RENEWAL_NOTICE_TYPE]: 'renewal',
  [TOO_OLD_READINGS_NOTICE_TYPE]: 'tooOld',
} as const;

export function noticeTitle(notice: Pick<Notice, 'alarm_type'>, t: TFunction): string {
  const key = TYPE_KEYS[notice.alarm_type as keyof typeof TYPE_KEYS] ?? 'other';
  return t(`notices.types.${key}`);
}

/** What happened, from the notice's JSON content; the raw content when it does not parse (spec §3). */
export function noticeDetail(notice: NoticeFields, t: TFunction): string {
  const content = parseNoticeContent(notice.content);
  if (!content) return notice.content;
  if ((notice.alarm_type as number) === RENEWAL_NOTICE_TYPE && typeof content.stage === 'number') {
    return t('notices.renewalDue', { num: String(content.stage) });
  }
  if ((notice.alarm_type as number) === TOO_OLD_READINGS_NOTICE_TYPE) {
    return t('notices.tooOld', { device: content.device_no ?? '', days: String(content.retention_days ?? '') });
  }
  switch (notice.alarm_type) {
    case AlarmType.temperature:
      return content.temp_type === 2
        ? t('notices.hotRunnerTemperature', { name: content.temp_name ?? '' })
        : t('notices.moldTemperature', { name: content.temp_name ?? '' });
    case AlarmType.offline:
      return t('notices.offline');
    case AlarmType.power:
      return t('notices.battery', { num: String(content.power ?? '') });
    case AlarmType.maintenance:
      if (content.level === undefined) break;
      return content.level === 'early'
        ? t('notices.maintenanceSoon', { name: content.temp_name ?? '', num: String(content.value ?? '') })
        : t('notices.maintenanceDue', { name: content.temp_name ?? '' });
    case AlarmType.cycleTime:
      if (content.value === undefined || content.value === null) break;
      return content.channel === 'cycle_time' || content.channel === undefined
        ? t('notices.cycleTime', { num: String(content.value) })
        : t('notices.openCloseTime', { num: String(content.value) });
  }
  return content.number === undefined ? '' : String(content.number);
}
