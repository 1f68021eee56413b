import { Alert, Checkbox } from 'antd';
import { ALARM_TYPES, type AlarmType, type AlertChannel, type AlertChannels } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useAlertChannels } from '../api/getAlertChannels';
import './unsubscribe.css';

export interface AlertChannelsFieldProps {
  /** From the form (Form.Item name="alertChannels"). */
  value?: AlertChannels;
  onChange?(value: AlertChannels): void;
}

const CHANNELS: readonly AlertChannel[] = ['email', 'sms'];

/**
 * The personal info dialog's matrix: per alarm type, e-mail and / or SMS; a channel the server
 * cannot send on (no SMTP_URL / SMS_URL) is said so.
 */
export function AlertChannelsField({ value = { email: [], sms: [] }, onChange }: AlertChannelsFieldProps) {
  const { t } = useFeatureTranslation('alerts');
  const configured = useAlertChannels();
  const missing = configured.data ? CHANNELS.filter((channel) => !configured.data[channel]) : [];

  const toggle = (channel: AlertChannel, type: AlarmType, checked: boolean) => {
    const others = value[channel].filter((chosen) => chosen !== type);
    const next = checked ? ALARM_TYPES.filter((each) => each === type || others.includes(each)) : others;
    onChange?.({ ...value, [channel]: next });
  };

  return (
    <div data-testid="alert-channels">
      {missing.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('notConfigured', { channels: missing.map((channel) => t(channel)).join(' / ') })}
          data-testid="alert-channels-not-configured"
          style={{ marginBottom: 8 }}
        />
      ) : null}
      {configured.isError ? (
        <Alert type="info" showIcon title={t('channelsLoadFailed')} style={{ marginBottom: 8 }} />
      ) : null}
      <table className="mw-alert-channels">
        <thead>
          <tr>
            <th scope="col">{t('alarmKind')}</th>
            {CHANNELS.map((channel) => (
              <th scope="col" key={channel}>
                {t(channel)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ALARM_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row">{t(`type${type}`)}</th>
              {CHANNELS.map((channel) => (
                <td key={channel}>
                  <Checkbox
                    checked={value[channel].includes(type)}
                    onChange={(event) => toggle(channel, type, event.target.checked)}
                    aria-label={`${t(`type${type}`)} · ${t(channel)}`}
                    data-testid={`alert-${channel}-${type}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The meaning of the frequency numbers, shown under the frequency field. */
export function FrequencyMeaning() {
  const { t } = useFeatureTranslation('alerts');
  return <span data-testid="frequency-meaning">{t('frequencyMeaning')}</span>;
}

/** The matrix's label, with its hint. */
export function AlertChannelsLabel() {
  const { t } = useFeatureTranslation('alerts');
  return <span title={t('channelsHint')}>{t('channels')}</span>;
}
