import { Select } from 'antd';
import type { MaintenanceTaskType } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';

/** The filter by task type (PM or regular) of the schedule and history screens; cleared = all types. */
export function TaskTypeSelect({
  value,
  onChange,
}: {
  value: MaintenanceTaskType | undefined;
  onChange(value: MaintenanceTaskType | undefined): void;
}) {
  const { t } = useFeatureTranslation('maintenance');
  return (
    <Select<MaintenanceTaskType>
      className="mw-maint-filter"
      allowClear
      placeholder={t('allTypes')}
      value={value}
      onChange={onChange}
      options={(['pm', 'regular'] as const).map((type) => ({ value: type, label: t(`type_${type}`) }))}
    />
  );
}
