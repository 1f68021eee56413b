import { Badge, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateColour } from '@mouldwatch/shared';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../../../lib/time';
import type { MouldFacts } from '../api/getMould';
import { useZone } from '../data/useViewContext';

export interface MouldHeaderProps {
  /** Name and number known before the facts arrive (the home screen's selection). */
  known: Pick<MouldFacts, 'name' | 'mold_number'>;
  facts: MouldFacts | undefined;
}

/** The mould the screen is about: name, number, state and connection, last reading. */
export function MouldHeader({ known, facts }: MouldHeaderProps) {
  const { t } = useTranslation();
  const zone = useZone();
  const { name, mold_number } = facts ?? known;
  return (
    <div className="mw-detail-header" data-testid="mould-header">
      <div className="mw-detail-header-name">
        <span className="mw-detail-mould-name" data-testid="mould-name">
          {name}
        </span>
        {mold_number ? <span className="mw-detail-mould-number">{mold_number}</span> : null}
      </div>
      {facts ? (
        <div className="mw-detail-header-status">
          <span className="mw-detail-state" style={{ borderColor: stateColour(facts.state) }} data-testid="mould-state">
            <Badge color={stateColour(facts.state)} text={t(`moldDetail.states.${facts.state}`)} />
          </span>
          <Badge
            status={facts.online ? 'success' : 'default'}
            text={t(facts.online ? 'moldDetail.online' : 'moldDetail.offline')}
          />
          {facts.last_connect_time === null ? null : (
            <span className="mw-detail-last-reading">
              {t('moldDetail.lastReading', {
                time: formatDateTime(facts.last_connect_time, zone, currentLanguage()),
              })}
            </span>
          )}
        </div>
      ) : (
        <Skeleton.Button active size="small" />
      )}
    </div>
  );
}
