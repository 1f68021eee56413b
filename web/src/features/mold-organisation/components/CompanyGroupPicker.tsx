import { Select } from 'antd';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useGroupOptions } from '../api/getGroupOptions';
import { CompanySelect } from './CompanySelect';
import '../catalog';
import './organisation.css';

/** A mould group and the company it is in; either may be unset. */
export interface CompanyGroupValue {
  companyId?: number;
  groupId?: number;
}

export interface CompanyGroupPickerProps {
  value?: CompanyGroupValue;
  /** Called with the new pair; choosing another company clears the group. */
  onChange?: (value: CompanyGroupValue) => void;
  /** Both selects offer a clear button (filters); the mould form leaves it out. */
  allowClear?: boolean;
  disabled?: boolean;
  /** Prefix of the test ids: `<testId>-company`, `<testId>-group`. */
  testId?: string;
}

/**
 * Company, then one of its mould groups: the mould form's group field and the mould filters.
 * Works as an antd form control (value / onChange).
 */
export function CompanyGroupPicker({
  value = {},
  onChange,
  allowClear,
  disabled,
  testId = 'org-picker',
}: CompanyGroupPickerProps) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const groups = useGroupOptions(value.companyId);
  const noCompany = value.companyId === undefined;
  return (
    <div className="mw-org-picker">
      <CompanySelect
        className="mw-org-picker-select"
        value={value.companyId}
        onChange={(companyId) => onChange?.({ companyId, groupId: undefined })}
        allowClear={allowClear}
        disabled={disabled}
        testId={`${testId}-company`}
      />
      <Select<number>
        className="mw-org-picker-select"
        value={value.groupId}
        onChange={(groupId) => onChange?.({ companyId: value.companyId, groupId: groupId ?? undefined })}
        options={groups.data?.map((group) => ({ value: group.id, label: group.name }))}
        loading={groups.isFetching}
        placeholder={t(noCompany ? 'picker.chooseCompanyFirst' : 'picker.groupPlaceholder')}
        notFoundContent={t('picker.noGroups')}
        aria-label={t('picker.group')}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear={allowClear}
        disabled={disabled || noCompany}
        data-testid={`${testId}-group`}
      />
    </div>
  );
}
