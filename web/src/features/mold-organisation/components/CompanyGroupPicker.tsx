import { Select } from 'antd';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useFilterOptions } from '../../home';
import { useCompanyOptions } from '../api/getCompanyOptions';
import { useGroupOptions } from '../api/getGroupOptions';
import { CompanyOptionsSelect } from './CompanySelect';
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
  /**
   * Where the choices come from: every company and group of the organisation (the mould form, which
   * only its administrators open), or those of the caller's own moulds (filters: any role may ask).
   */
  choices?: 'organisation' | 'ownMoulds';
}

/** The companies and, once one is chosen, its groups, from the calls the chosen source allows. */
function usePickerChoices(choices: 'organisation' | 'ownMoulds', companyId: number | undefined) {
  const own = choices === 'ownMoulds';
  const organisationCompanies = useCompanyOptions(!own);
  const organisationGroups = useGroupOptions(companyId, !own);
  const ownMoulds = useFilterOptions(own);
  if (!own) {
    return {
      companies: organisationCompanies.data,
      companiesLoading: organisationCompanies.isFetching,
      groups: organisationGroups.data,
      groupsLoading: organisationGroups.isFetching,
    };
  }
  return {
    companies: ownMoulds.data?.companies,
    companiesLoading: ownMoulds.isFetching,
    groups: ownMoulds.data?.groups.filter((group) => group.company_id === companyId),
    groupsLoading: ownMoulds.isFetching,
  };
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
  choices = 'organisation',
}: CompanyGroupPickerProps) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const { companies, companiesLoading, groups, groupsLoading } = usePickerChoices(choices, value.companyId);
  const noCompany = value.companyId === undefined;
  return (
    <div className="mw-org-picker">
      <CompanyOptionsSelect
        companies={companies}
        loading={companiesLoading}
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
        options={groups?.map((group) => ({ value: group.id, label: group.name }))}
        loading={groupsLoading}
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
