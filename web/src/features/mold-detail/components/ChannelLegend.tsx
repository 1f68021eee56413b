import { displayTemperature, temperatureUnitLabel } from '@mouldwatch/shared';
import type { ChannelSection } from '../model/temperature';
import type { ViewContext } from '../views';
import { shownChannels } from '../views/temperatureViews';

/** The shown channels with their set value and alert range in the user's unit: what the dashed and dotted lines mean. */
export function ChannelLegend({ section, context }: { section: ChannelSection; context: ViewContext }) {
  const { t, unit } = context;
  const degrees = (celsius: number) => `${displayTemperature(celsius, unit)!.toFixed(1)} ${temperatureUnitLabel(unit)}`;
  return (
    <ul className="mw-detail-channels" data-testid="channel-legend">
      {shownChannels(section, context).map((channel) => (
        <li key={channel.number} data-testid={`channel-legend-${channel.number}`}>
          <span className="mw-detail-swatch" style={{ background: channel.colour }} />
          <strong>{channel.name}</strong>
          {channel.set === null ? null : (
            <span className="mw-detail-setting mw-detail-setting-set">
              {t('moldDetail.setValue')} {degrees(channel.set)}
            </span>
          )}
          {channel.alert ? (
            <span className="mw-detail-setting mw-detail-setting-alert">
              {t('moldDetail.alert')} {degrees(channel.alert.low)} – {degrees(channel.alert.high)}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
