import { NOTICE_FREQUENCIES, type AlertChannels, type UserInfo } from '@mouldwatch/shared';
import type { ProfileRow } from './users.repository.js';

type Frequency = UserInfo['frequency'];
const isFrequency = (value: number): value is Frequency => (NOTICE_FREQUENCIES as readonly number[]).includes(value);

export function presentUserInfo(row: ProfileRow, alertChannels: AlertChannels): UserInfo {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    avatar: row.avatar,
    gender: row.gender,
    role: row.role_name ?? '',
    roleId: row.role_id ?? 0,
    subscribe: row.subscribe === 1 ? 1 : 0,
    frequency: isFrequency(row.frequency) ? row.frequency : 3,
    frequencyPeriod: row.frequency_period,
    timeZone: row.time_zone,
    utcOffset: row.utc_offset,
    unit: row.unit,
    jkType: row.jk_type,
    language: row.language,
    alertChannels,
  };
}
