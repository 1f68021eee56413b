import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HISTORY_RANGES, type HistoryRange } from '@mouldwatch/shared';
import { ToggleGroup } from '../../../components/ToggleGroup';
import { HISTORY_PRESETS, type HistoryPreset } from '../model/historyWindow';
// The picker's dates follow the interface language.
import '../../../i18n/dayjs';

/** The picker that chooses a period of the range: a day for hours and days, a week, a month. */
const PICKERS: Record<HistoryRange, 'date' | 'week' | 'month'> = {
  hour: 'date',
  day: 'date',
  week: 'week',
  month: 'month',
};

const PRESETS = Object.keys(HISTORY_PRESETS) as HistoryPreset[];

export interface HistoryToolbarProps {
  /** The preset shown, or null when a date was chosen. */
  preset: HistoryPreset | null;
  onPresetChange(preset: HistoryPreset): void;
  range: HistoryRange;
  onRangeChange(range: HistoryRange): void;
  date: Dayjs | null;
  onDateChange(date: Dayjs | null): void;
  isSelectable(date: Dayjs): boolean;
  /** Absent when the user may not export this view. */
  onExport?: () => void;
  exporting: boolean;
  /** Whether there is a window to export. */
  hasWindow: boolean;
}

/** Presets, or a range and the date the history starts from; and the export of what is shown. */
export function HistoryToolbar(props: HistoryToolbarProps) {
  const { preset, onPresetChange, range, onRangeChange, date, onDateChange, isSelectable, onExport } = props;
  const { t } = useTranslation();
  return (
    <div className="mw-detail-toolbar">
      <ToggleGroup<HistoryPreset>
        label={t('moldDetail.presetsLabel')}
        value={preset}
        onChange={onPresetChange}
        options={PRESETS.map((value) => ({
          value,
          label: <span data-testid={`preset-${value}`}>{t(`moldDetail.presets.${value}`)}</span>,
        }))}
      />
      <ToggleGroup<HistoryRange>
        label={t('moldDetail.range')}
        value={range}
        onChange={onRangeChange}
        options={HISTORY_RANGES.map((value) => ({
          value,
          label: <span data-testid={`range-${value}`}>{t(`moldDetail.ranges.${value}`)}</span>,
        }))}
      />
      <DatePicker
        picker={PICKERS[range]}
        value={date}
        onChange={onDateChange}
        disabledDate={(current) => !isSelectable(current)}
        placeholder={t(`moldDetail.pickDate.${range}`)}
        allowClear={false}
        data-testid="history-date"
      />
      <span className="mw-detail-toolbar-hint">{t(`moldDetail.rangeHint.${range}`)}</span>
      {onExport ? (
        <Button
          className="mw-detail-export"
          icon={<DownloadOutlined />}
          onClick={onExport}
          loading={props.exporting}
          disabled={!props.hasWindow}
          data-testid="export-button"
        >
          {t('moldDetail.export')}
        </Button>
      ) : null}
    </div>
  );
}
