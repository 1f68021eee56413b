import { Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesTimeZoneSearch, type TimeZoneOption } from '@mouldwatch/shared';
import { savePreferences } from '../../features/session';
import { currentLanguage } from '../../i18n';
import { confirm as confirmChange } from '../../lib/feedback';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { activeTimeZoneOption, timeZoneChoices } from '../../lib/timeZone';

/** Select, then confirm or cancel; a change asks first, as history may then display oddly (spec §8). */
export default function TimeZoneDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const timeZone = useSession((state) => state.timeZone);
  const utcOffset = useSession((state) => state.utcOffset);
  const setTimeZone = useSession((state) => state.setTimeZone);
  const language = currentLanguage();
  const options = useMemo(() => timeZoneChoices(language, timeZone, utcOffset), [language, timeZone, utcOffset]);
  const [choice, setChoice] = useState(() => activeTimeZoneOption(language, timeZone, utcOffset)?.id);

  const apply = (option: TimeZoneOption) => {
    setTimeZone(option.zone, option.value);
    savePreferences({ timeZone: option.zone, utcOffset: option.value });
    void queryClient.invalidateQueries();
    onClose();
  };

  const confirm = () => {
    const option = options.find((candidate) => candidate.id === choice);
    if (!option || option.zone === timeZone) {
      onClose();
      return;
    }
    confirmChange({
      title: t('timeZone.confirmTitle'),
      content: t('timeZone.confirmContent'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'time-zone-confirm' },
      onOk: () => apply(option),
    });
  };

  return (
    <Modal
      open
      title={t('timeZone.dialogTitle')}
      onOk={confirm}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'time-zone-ok' }}
    >
      <Form layout="vertical">
        <Form.Item label={t('timeZone.selectLabel')}>
          <Select
            showSearch={{
              filterOption: (input, option) => {
                const zone = options.find((candidate) => candidate.id === option?.value);
                return zone !== undefined && matchesTimeZoneSearch(zone, input);
              },
            }}
            value={choice}
            onChange={setChoice}
            placeholder={t('timeZone.selectPlaceholder')}
            options={options.map((option) => ({ value: option.id, label: option.label }))}
            data-testid="time-zone-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
