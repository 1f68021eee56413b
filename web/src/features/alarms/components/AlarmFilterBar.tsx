import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { CompanyGroupPicker } from '../../mold-organisation';
import type { AlarmFilters } from '../api/listAlarms';
import { useAlarmsTranslation } from '../catalog';
import { dayWindow } from '../model/alarmValue';
// The picker's dates follow the interface language.
import '../../../i18n/dayjs';

const dayOf = (date: Dayjs) => ({ year: date.year(), month: date.month() + 1, day: date.date() });

export interface AlarmFilterBarProps {
  value: AlarmFilters;
  onChange(filters: AlarmFilters): void;
  /** The user's zone: the chosen days are whole days there. */
  timeZone: string;
}

/** Mould (name or number), company and group, the days opened, open or closed, acknowledged or not. */
export function AlarmFilterBar({ value, onChange, timeZone }: AlarmFilterBarProps) {
  const { t } = useAlarmsTranslation();
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  return (
    <div className="mw-alarms-filters" data-testid="alarms-filters">
      <Input.Search
        className="mw-alarms-keyword"
        allowClear
        maxLength={64}
        placeholder={t('filters.keyword')}
        aria-label={t('filters.keyword')}
        enterButton={t('filters.search')}
        onSearch={(keyword) => onChange({ ...value, keyword: keyword.trim() || undefined })}
        data-testid="alarms-keyword"
      />
      <CompanyGroupPicker
        allowClear
        choices="ownMoulds"
        value={{ companyId: value.companyId, groupId: value.groupId }}
        onChange={({ companyId, groupId }) => onChange({ ...value, companyId, groupId })}
        testId="alarms-org"
      />
      <DatePicker.RangePicker
        className="mw-alarms-dates"
        value={days}
        placeholder={[t('filters.startDate'), t('filters.endDate')]}
        aria-label={t('filters.dates')}
        onChange={(chosen) => {
          const [first, last] = chosen ?? [];
          if (first && last) {
            setDays([first, last]);
            onChange({ ...value, ...dayWindow(dayOf(first), dayOf(last), timeZone) });
          } else {
            setDays(null);
            onChange({ ...value, start: undefined, end: undefined });
          }
        }}
        data-testid="alarms-dates"
      />
      <Select
        className="mw-alarms-select"
        value={value.state ?? 'any'}
        aria-label={t('filters.state')}
        options={[
          { value: 'any', label: t('filters.anyState') },
          { value: 'open', label: t('filters.open') },
          { value: 'closed', label: t('filters.closed') },
        ]}
        onChange={(state: string) =>
          onChange({ ...value, state: state === 'open' || state === 'closed' ? state : undefined })
        }
        data-testid="alarms-state"
      />
      <Select
        className="mw-alarms-select"
        value={value.acknowledged === undefined ? 'any' : value.acknowledged ? 'yes' : 'no'}
        aria-label={t('filters.acknowledged')}
        options={[
          { value: 'any', label: t('filters.anyAcknowledged') },
          { value: 'no', label: t('filters.no') },
          { value: 'yes', label: t('filters.yes') },
        ]}
        onChange={(acknowledged: string) =>
          onChange({ ...value, acknowledged: acknowledged === 'any' ? undefined : acknowledged === 'yes' })
        }
        data-testid="alarms-acknowledged"
      />
    </div>
  );
}
