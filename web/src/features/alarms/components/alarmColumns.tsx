import { Tag, Tooltip, type TableColumnsType } from 'antd';
import {
  alarmChannelText,
  formatAlarmDuration,
  type AlarmChannelLabel,
  type AlarmRecord,
  type TemperatureUnit,
} from '@mouldwatch/shared';
import type { TFunction } from 'i18next';
import { formatAlarmValue, maintenanceAlarmText } from '../model/alarmValue';

export interface ColumnOptions {
  unit: TemperatureUnit;
  /** The network page lists two types: a column tells them apart. */
  withType: boolean;
  /** Maintenance alarms have no bound: their value says what is left or how far past due. */
  withBound: boolean;
  /** Counts in the user's language ("1,486"). */
  numbers: Intl.NumberFormat;
  formatTime(epochSeconds: number): string;
}

type T = TFunction<'alarms'>;

/** The value, bound or set value as the lists show it; a maintenance alarm's value in its unit ("1,486 cycles over"). */
function shownValue(t: T, alarm: AlarmRecord, field: 'value' | 'bound' | 'set_value', options: ColumnOptions) {
  const text = field === 'value' ? maintenanceAlarmText(alarm, t, options.numbers) : null;
  return text ?? formatAlarmValue(alarm.channel, alarm[field], options.unit);
}

const channelText = (t: T, alarm: AlarmRecord) =>
  alarmChannelText(alarm, (channel: AlarmChannelLabel) => t(`channels.${channel}`));

function LevelTag({ t, alarm }: { t: T; alarm: AlarmRecord }) {
  return (
    <Tag color={alarm.level === 'early' ? 'gold' : 'red'} className="mw-alarm-level">
      {t(`levels.${alarm.level}`)}
    </Tag>
  );
}

function EndCell({ t, alarm, options }: { t: T; alarm: AlarmRecord; options: ColumnOptions }) {
  return alarm.close_datetime === null ? (
    <Tag color="volcano">{t('stillOpen')}</Tag>
  ) : (
    <span>{options.formatTime(alarm.close_datetime)}</span>
  );
}

function AckCell({ t, alarm, options }: { t: T; alarm: AlarmRecord; options: ColumnOptions }) {
  if (!alarm.acknowledged || alarm.ack_datetime === null) {
    return <span className="mw-alarm-muted">{t('notAcknowledged')}</span>;
  }
  return (
    <div className="mw-alarm-ack" data-testid="alarm-ack">
      <span className="mw-alarm-strong">{alarm.ack_user_name}</span>
      <span className="mw-alarm-muted">{options.formatTime(alarm.ack_datetime)}</span>
      {alarm.ack_comment ? (
        <Tooltip title={alarm.ack_comment}>
          <span className="mw-alarm-comment">{alarm.ack_comment}</span>
        </Tooltip>
      ) : null}
    </div>
  );
}

/** The wide table's columns: mould, channel, level, value and bound in the user's unit, times, acknowledgement. */
export function alarmColumns(t: T, options: ColumnOptions): TableColumnsType<AlarmRecord> {
  const value = (alarm: AlarmRecord, field: 'value' | 'bound' | 'set_value') => shownValue(t, alarm, field, options);
  return [
    {
      key: 'mould',
      title: t('columns.mould'),
      render: (_, alarm) => (
        <div className="mw-alarm-mould">
          <span className="mw-alarm-strong">{alarm.mold_name}</span>
          <span className="mw-alarm-muted">{alarm.mold_number}</span>
        </div>
      ),
    },
    ...(options.withType
      ? [
          {
            key: 'type',
            title: t('columns.type'),
            render: (_: unknown, alarm: AlarmRecord) => t(`types.${alarm.alarm_type}` as 'types.4'),
          },
        ]
      : []),
    { key: 'channel', title: t('columns.channel'), render: (_, alarm) => channelText(t, alarm) },
    { key: 'level', title: t('columns.level'), render: (_, alarm) => <LevelTag t={t} alarm={alarm} /> },
    {
      key: 'value',
      title: t('columns.value'),
      align: 'right',
      render: (_, alarm) => <span className="mw-alarm-value">{value(alarm, 'value')}</span>,
    },
    ...(options.withBound
      ? [
          {
            key: 'bound',
            title: t('columns.bound'),
            align: 'right' as const,
            render: (_: unknown, alarm: AlarmRecord) => (
              <div className="mw-alarm-bound">
                <span>{value(alarm, 'bound')}</span>
                {alarm.set_value !== null ? (
                  <span className="mw-alarm-muted">{t('setValue', { value: value(alarm, 'set_value') })}</span>
                ) : null}
              </div>
            ),
          },
        ]
      : []),
    { key: 'start', title: t('columns.start'), render: (_, alarm) => options.formatTime(alarm.open_datetime) },
    { key: 'end', title: t('columns.end'), render: (_, alarm) => <EndCell t={t} alarm={alarm} options={options} /> },
    { key: 'duration', title: t('columns.duration'), render: (_, alarm) => formatAlarmDuration(alarm.duration_s) },
    {
      key: 'acknowledged',
      title: t('columns.acknowledged'),
      render: (_, alarm) => <AckCell t={t} alarm={alarm} options={options} />,
    },
    {
      key: 'notified',
      title: t('columns.notified'),
      align: 'right',
      render: (_, alarm) => t('times', { count: alarm.notified_count }),
    },
  ];
}

/** The phone's one column: each alarm as a small card of the same facts. */
export function phoneAlarmColumns(t: T, options: ColumnOptions): TableColumnsType<AlarmRecord> {
  const value = (alarm: AlarmRecord, field: 'value' | 'bound') => shownValue(t, alarm, field, options);
  return [
    {
      key: 'alarm',
      title: t('columns.alarm'),
      render: (_, alarm) => (
        <div className="mw-alarm-card">
          <div className="mw-alarm-card-line">
            <span className="mw-alarm-strong">{alarm.mold_name}</span>
            <LevelTag t={t} alarm={alarm} />
          </div>
          <div className="mw-alarm-card-line mw-alarm-muted">
            <span>{alarm.mold_number}</span>
            <span>
              {options.withType ? `${t(`types.${alarm.alarm_type}` as 'types.4')} · ` : ''}
              {channelText(t, alarm)}
            </span>
          </div>
          <div className="mw-alarm-card-line">
            <span className="mw-alarm-value">{value(alarm, 'value')}</span>
            {options.withBound ? (
              <span className="mw-alarm-muted">
                {t('columns.bound')} {value(alarm, 'bound')}
              </span>
            ) : null}
          </div>
          <div className="mw-alarm-card-line">
            <span>{options.formatTime(alarm.open_datetime)}</span>
            <span>
              {alarm.close_datetime === null ? <EndCell t={t} alarm={alarm} options={options} /> : null}{' '}
              {formatAlarmDuration(alarm.duration_s)}
            </span>
          </div>
          <AckCell t={t} alarm={alarm} options={options} />
        </div>
      ),
    },
  ];
}
