import { ClockCircleOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions, type TimeZoneOption } from '@mouldwatch/shared';
import { savePreferences } from '../../features/session';
import { currentLanguage } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { findTimeZoneOption, timeZoneLabel } from '../../lib/timeZone';

/** Open, select, confirm or cancel; a change asks first, as history may then display oddly (spec §8). */
export function TimeZonePicker({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const timeZone = useSession((state) => state.timeZone);
  const utcOffset = useSession((state) => state.utcOffset);
  const setTimeZone = useSession((state) => state.setTimeZone);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<number>();

  const language = currentLanguage();
  const options = useMemo(() => timeZoneOptions(language), [language]);
  const label = timeZoneLabel(language, timeZone, utcOffset);

  const openPicker = () => {
    setChoice(findTimeZoneOption(options, timeZone, utcOffset)?.id);
    setOpen(true);
  };

  const apply = (option: TimeZoneOption) => {
    setTimeZone(option.zone, option.value);
    savePreferences({ timeZone: option.zone, utcOffset: option.value });
    void queryClient.invalidateQueries();
    setOpen(false);
  };

  const confirm = () => {
    const option = options.find((candidate) => candidate.id === choice);
    if (!option || option.zone === timeZone) {
      setOpen(false);
      return;
    }
    void modal.confirm({
      title: t('timeZone.confirmTitle'),
      content: t('timeZone.confirmContent'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'time-zone-confirm' },
      onOk: () => apply(option),
    });
  };

  return (
    <>
      <Button
        type="text"
        className="mw-header-button"
        icon={<ClockCircleOutlined />}
        onClick={openPicker}
        aria-label={t('header.timeZone')}
        title={label}
        data-testid="time-zone-button"
      >
        {compact ? label.replace(/\).*/, ')') : label}
      </Button>
      <Modal
        open={open}
        title={t('timeZone.dialogTitle')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'time-zone-ok' }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('timeZone.selectLabel')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              value={choice}
              onChange={setChoice}
              placeholder={t('timeZone.selectPlaceholder')}
              options={options.map((option) => ({ value: option.id, label: option.label }))}
              data-testid="time-zone-select"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
