import { Button, Descriptions, Space } from 'antd';
import { GLOSSARY, stateColour } from '@mouldwatch/shared';
import { currentLanguage } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import type { MapMould } from '../model/mapModel';
import { useTimeText } from './useTimeText';

export interface MouldFactsProps {
  mould: MapMould;
  canEdit: boolean;
  onDetails(): void;
  onHistory(): void;
  onSetPosition(): void;
  onClearManual(): void;
  onClose(): void;
}

/** The selected mould's facts (state, connection, location source, GPS battery) and what can be done with it. */
export function MouldFacts({
  mould,
  canEdit,
  onDetails,
  onHistory,
  onSetPosition,
  onClearManual,
  onClose,
}: MouldFactsProps) {
  const { t } = useFeatureTranslation('map');
  const timeText = useTimeText();
  const glossary = GLOSSARY[currentLanguage()];
  const sourceText = { gps: t('sourceGps'), wifi: t('sourceWifi'), manual: t('sourceManual') }[mould.source];
  return (
    <section className="mw-map-facts" data-testid="map-facts" aria-label={mould.name}>
      <header className="mw-map-facts-head">
        <strong data-testid="map-facts-name">{mould.name}</strong>
        <Button size="small" type="text" onClick={onClose} aria-label={t('close')}>
          ✕
        </Button>
      </header>
      <Descriptions size="small" column={1} colon={false}>
        <Descriptions.Item label={t('moldNumber')}>{mould.moldNumber}</Descriptions.Item>
        <Descriptions.Item label={t('state')}>
          <span className="mw-map-state">
            <span className="mw-map-dot" style={{ background: stateColour(mould.state) }} />
            {glossary[mould.state]} · {mould.online ? glossary.online : glossary.offline}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('location')}>
          <span data-testid="map-facts-source">{sourceText}</span>
          {mould.accuracy !== null && <span> {t('accuracy', { metres: mould.accuracy })}</span>}
        </Descriptions.Item>
        {mould.source === 'manual' && mould.label !== '' && (
          <Descriptions.Item label={t('label')}>
            <span data-testid="map-facts-label">{mould.label}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('coordinates')}>
          {mould.lat.toFixed(5)}, {mould.lng.toFixed(5)}
        </Descriptions.Item>
        <Descriptions.Item label={t('located')}>{timeText(mould.located)}</Descriptions.Item>
        {mould.battery !== null && <Descriptions.Item label={t('battery')}>{mould.battery} %</Descriptions.Item>}
      </Descriptions>
      <Space wrap size={8} className="mw-map-facts-actions">
        <Button type="primary" size="small" onClick={onDetails} data-testid="map-facts-details">
          {t('details')}
        </Button>
        <Button size="small" onClick={onHistory} data-testid="map-facts-history">
          {t('locationHistory')}
        </Button>
        {canEdit && (
          <Button size="small" onClick={onSetPosition} data-testid="map-facts-set-position">
            {t('setPosition')}
          </Button>
        )}
        {canEdit && mould.source === 'manual' && (
          <Button size="small" danger onClick={onClearManual} data-testid="map-facts-clear-manual">
            {t('clearManual')}
          </Button>
        )}
      </Space>
    </section>
  );
}
