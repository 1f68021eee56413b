import { Button, InputNumber, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_ESCALATION_MINUTES } from '@mouldwatch/shared';
import { toast } from '../../../lib/feedback';
import { queryClient } from '../../../lib/queryClient';
import { ALARM_SETTINGS_KEY, useAlarmSettings } from '../api/getAlarmSettings';
import { saveAlarmSettings } from '../api/saveAlarmSettings';
import { useAlarmsTranslation } from '../catalog';

function EscalationForm({ onSaved }: { onSaved(): void }) {
  const { t } = useAlarmsTranslation();
  const settings = useAlarmSettings(true);
  const [minutes, setMinutes] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (value: number) => saveAlarmSettings({ escalation_minutes: value }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ALARM_SETTINGS_KEY, saved);
      toast.success(t('escalation.saved'));
      onSaved();
    },
  });
  const shown = minutes ?? settings.data?.escalation_minutes ?? null;
  return (
    <form
      className="mw-alarms-escalation"
      onSubmit={(event) => {
        event.preventDefault();
        if (shown !== null) save.mutate(shown);
      }}
    >
      <label htmlFor="mw-alarms-escalation-minutes">{t('escalation.label')}</label>
      <div className="mw-alarms-escalation-row">
        <InputNumber
          id="mw-alarms-escalation-minutes"
          min={0}
          max={MAX_ESCALATION_MINUTES}
          precision={0}
          value={shown}
          disabled={!settings.data}
          onChange={(value) => setMinutes(typeof value === 'number' ? value : null)}
          data-testid="alarms-escalation-minutes"
        />
        <span>{t('escalation.minutes')}</span>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={shown === null}>
          {t('escalation.save')}
        </Button>
      </div>
      <span className="mw-alarm-muted">{t('escalation.off')}</span>
    </form>
  );
}

/** The organisation's escalation delay, behind a button, for those who may edit the alarm menu. */
export function EscalationSetting() {
  const { t } = useAlarmsTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('escalation.title')}
      content={open ? <EscalationForm onSaved={() => setOpen(false)} /> : null}
      placement="bottomRight"
    >
      <Button className="mw-alarms-escalation-button" icon={<SettingOutlined />} data-testid="alarms-escalation">
        {t('escalation.title')}
      </Button>
    </Popover>
  );
}
