import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { AlarmType, RENEWAL_NOTICE_TYPE } from '@mouldwatch/shared';
import { noticeDetail, noticeTitle } from './noticeText';

/** Answers the key and its values, so the test reads which text was chosen with what. */
const t = ((key: string, values?: Record<string, string>) => `${key} ${JSON.stringify(values ?? {})}`) as TFunction;
const detail = (alarmType: number, content: Record<string, unknown>) =>
  noticeDetail({ alarm_type: alarmType as AlarmType, content: JSON.stringify(content) }, t);

describe('noticeDetail', () => {
  it('says what a maintenance alarm from the engine means: due soon with what is left, or due', () => {
    expect(detail(AlarmType.maintenance, { temp_name: 'PM', value: 120, level: 'early' })).toBe(
      'notices.maintenanceSoon {"name":"PM","num":"120"}',
    );
    expect(detail(AlarmType.maintenance, { temp_name: 'PM', value: -25, level: 'alert' })).toBe(
      'notices.maintenanceDue {"name":"PM"}',
    );
  });

  it('gives a cycle time alarm its value, and an open or close time alarm its own text', () => {
    expect(detail(AlarmType.cycleTime, { value: 31.5, channel: 'cycle_time' })).toBe(
      'notices.cycleTime {"num":"31.5"}',
    );
    expect(detail(AlarmType.cycleTime, { value: 4.2, channel: 'open_time' })).toBe(
      'notices.openCloseTime {"num":"4.2"}',
    );
  });

  it('falls back to the number of content without the engine fields, and to raw text that does not parse', () => {
    expect(detail(AlarmType.maintenance, { number: 'M-7' })).toBe('M-7');
    expect(noticeDetail({ alarm_type: AlarmType.cycleTime, content: 'plain' }, t)).toBe('plain');
  });

  it('words a renewal reminder by its stage, titled as one', () => {
    expect(detail(RENEWAL_NOTICE_TYPE, { number: 'M-7', stage: 15, expires_at: 1 })).toBe(
      'notices.renewalDue {"num":"15"}',
    );
    expect(noticeTitle({ alarm_type: RENEWAL_NOTICE_TYPE as AlarmType }, t)).toBe('notices.types.renewal {}');
  });
});
