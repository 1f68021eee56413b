import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CalendarDate } from '../model/filters';
import '../../../i18n/dayjs';

const toDate = (day: Dayjs): CalendarDate => ({ year: day.year(), month: day.month() + 1, day: day.date() });
const toDay = (date: CalendarDate) => dayjs(new Date(date.year, date.month - 1, date.day));

/** The custom period's first and last day; loaded (with dayjs) only when the custom period is chosen. */
export default function CustomRange({
  value,
  onChange,
}: {
  value?: [CalendarDate, CalendarDate];
  onChange(value: [CalendarDate, CalendarDate] | undefined): void;
}) {
  return (
    <DatePicker.RangePicker
      className="mw-report-range-picker"
      value={value ? [toDay(value[0]), toDay(value[1])] : null}
      onChange={(range) => onChange(range?.[0] && range[1] ? [toDate(range[0]), toDate(range[1])] : undefined)}
      disabledDate={(day) => day.isAfter(dayjs(), 'day')}
      data-testid="report-custom"
    />
  );
}
