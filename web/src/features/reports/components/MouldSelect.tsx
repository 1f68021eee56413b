import { Select } from 'antd';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useReportMoulds } from '../api/getReportMoulds';

/**
 * The moulds of a selection, searched by name or number. Loaded (with antd's Select) only when the
 * selection is chosen: the report screens draw without it.
 */
export default function MouldSelect({ value, onChange }: { value: number[]; onChange(value: number[]): void }) {
  const { t } = useFeatureTranslation('reports');
  const moulds = useReportMoulds({});
  return (
    <Select<number[]>
      className="mw-report-moulds"
      mode="multiple"
      value={value}
      onChange={onChange}
      options={moulds.data?.map((mould) => ({ value: mould.id, label: `${mould.name} (${mould.mold_number})` }))}
      loading={moulds.isFetching}
      placeholder={t('filters.pickMoulds')}
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      allowClear
      aria-label={t('filters.pickMoulds')}
      data-testid="report-moulds"
    />
  );
}
