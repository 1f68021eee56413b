import { ClockCircleOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { stateColour } from '@mouldwatch/shared';
import type { HomeMould } from '../api/getMoulds';
import {
  Connection,
  Count,
  CycleTime,
  FavouriteStar,
  LastConnect,
  PmRemaining,
  StateTag,
  Temperatures,
  type DisplayContext,
} from './MouldFigures';

export type ListView = 'cards' | 'rows';

export interface MouldItemProps {
  mould: HomeMould;
  display: DisplayContext;
  onOpen(mould: HomeMould): void;
  onToggleFavourite(mould: HomeMould): void;
}

interface LayoutProps extends MouldItemProps {
  handle: ReactNode;
}

const subtitle = (mould: HomeMould) => [mould.mold_number, mould.company, mould.group].filter(Boolean).join(' · ');

/** A mould in the rows view: one dense line, its columns under the list header. */
function MouldRowContent({ mould, display, onToggleFavourite, handle }: LayoutProps) {
  return (
    <>
      {handle}
      <FavouriteStar favourite={mould.favourite} onToggle={() => onToggleFavourite(mould)} display={display} />
      <span className="mw-home-name-cell">
        <span className="mw-home-name">{mould.name}</span>
        <span className="mw-home-sub">{subtitle(mould)}</span>
      </span>
      <StateTag state={mould.state} display={display} />
      <Connection online={mould.online} display={display} />
      <CycleTime actual={mould.last_cycle_time} target={mould.target_cycle_time} display={display} />
      <Count value={mould.counter} display={display} />
      <PmRemaining cycles={mould.cycles_until_pm} display={display} />
      <Temperatures values={mould.mold_temp} display={display} listUpTo={1} withUnit={false} />
      <Temperatures values={mould.hrs_temp} display={display} listUpTo={1} withUnit={false} />
      <LastConnect time={mould.last_connect_time} display={display} />
    </>
  );
}

/** A mould in the cards view: its state as the card's edge, the figures labelled. */
function MouldCardContent({ mould, display, onToggleFavourite, handle }: LayoutProps) {
  const { t } = display;
  return (
    <>
      <div className="mw-home-card-head">
        <span className="mw-home-name-cell">
          <span className="mw-home-name">{mould.name}</span>
          <span className="mw-home-sub">{subtitle(mould)}</span>
        </span>
        <FavouriteStar favourite={mould.favourite} onToggle={() => onToggleFavourite(mould)} display={display} />
        {handle}
      </div>
      <div className="mw-home-card-status">
        <StateTag state={mould.state} display={display} />
        <Connection online={mould.online} display={display} />
      </div>
      <dl className="mw-home-card-figures">
        <dt>{t('home.columns.cycleTime')}</dt>
        <dd>
          <CycleTime actual={mould.last_cycle_time} target={mould.target_cycle_time} display={display} />
        </dd>
        <dt>{t('home.columns.counter')}</dt>
        <dd>
          <Count value={mould.counter} display={display} />
        </dd>
        <dt>{t('home.columns.pm')}</dt>
        <dd>
          <PmRemaining cycles={mould.cycles_until_pm} display={display} />
        </dd>
        <dt>{t('home.columns.mouldTemp')}</dt>
        <dd>
          <Temperatures values={mould.mold_temp} display={display} />
        </dd>
        <dt>{t('home.columns.hotRunner')}</dt>
        <dd>
          <Temperatures values={mould.hrs_temp} display={display} />
        </dd>
      </dl>
      <div className="mw-home-card-foot" title={t('home.columns.lastConnect')}>
        <ClockCircleOutlined />
        <LastConnect time={mould.last_connect_time} display={display} />
      </div>
    </>
  );
}

/**
 * A mould of the list in either view: opens on click or Enter, reordered by its handle. Drawn again
 * only when it changes, not whenever the list scrolls.
 */
export const SortableMould = memo(function SortableMould({ view, ...props }: MouldItemProps & { view: ListView }) {
  const { mould, onOpen, display } = props;
  const { t } = display;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: mould.id,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    ...(view === 'cards' ? { borderLeftColor: stateColour(mould.state) } : {}),
  };
  const openOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(mould);
  };
  const handle = (
    <span
      ref={setActivatorNodeRef}
      className="mw-home-handle"
      aria-label={t('home.dragHandle')}
      data-testid="mould-handle"
      onClick={(event) => event.stopPropagation()}
      {...attributes}
      {...listeners}
    >
      <HolderOutlined />
    </span>
  );
  const Content = view === 'cards' ? MouldCardContent : MouldRowContent;
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`${view === 'cards' ? 'mw-home-card' : 'mw-home-row'}${isDragging ? ' mw-home-dragging' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={t('home.open', { name: mould.name })}
      onClick={() => onOpen(mould)}
      onKeyDown={openOnEnter}
      data-testid="mould-item"
      data-mould-id={mould.id}
    >
      <Content {...props} handle={handle} />
    </div>
  );
});
