import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChannelChoice } from '../api/getChannelChoice';
import { useSaveChannelChoice } from '../api/saveChannelChoice';
import type { ChannelSection } from '../model/temperature';
import type { ViewContext } from '../views';
import { shownChannels } from '../views/temperatureViews';

/** Which of the mould's enabled channels this user shows; stored per user and mould. */
export function ChannelPicker({
  section,
  moldId,
  context,
}: {
  section: ChannelSection;
  moldId: number;
  context: ViewContext;
}) {
  const { t } = useTranslation();
  const choice = useChannelChoice(moldId, true);
  const save = useSaveChannelChoice(moldId);
  if (!choice.data) return null;
  const { enabled, ...current } = choice.data;
  const options = shownChannels(section, { ...context, channels: enabled[section] }).map((channel) => ({
    value: channel.number,
    label: <span data-testid={`channel-option-${channel.number}`}>{channel.name}</span>,
  }));
  const content =
    options.length === 0 ? (
      t('moldDetail.chart.noChannels')
    ) : (
      <Checkbox.Group
        className="mw-detail-channel-options"
        options={options}
        value={current[section]}
        onChange={(chosen) => save.mutate({ ...current, [section]: chosen })}
      />
    );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('moldDetail.channels')} content={content}>
      <Button icon={<SettingOutlined />} data-testid="channel-picker">
        {t('moldDetail.channelCount', { shown: String(current[section].length), total: String(options.length) })}
      </Button>
    </Popover>
  );
}
