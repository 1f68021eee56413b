import { Select } from 'antd';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useCompanyOptions } from '../api/getCompanyOptions';
import '../catalog';

export interface CompanySelectProps {
  value?: number;
  onChange?: (companyId: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/** Every company of the organisation, searchable by name. */
export function CompanySelect({
  value,
  onChange,
  placeholder,
  allowClear,
  disabled,
  className,
  testId,
}: CompanySelectProps) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const companies = useCompanyOptions();
  return (
    <Select<number>
      className={className}
      value={value}
      onChange={(companyId) => onChange?.(companyId ?? undefined)}
      options={companies.data?.map((company) => ({ value: company.id, label: company.name }))}
      loading={companies.isFetching}
      placeholder={placeholder ?? t('picker.companyPlaceholder')}
      notFoundContent={t('picker.noCompanies')}
      aria-label={t('picker.company')}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
