import { ClockCircleOutlined } from '@ant-design/icons';
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

/** What a mould being reordered carries: given by the drag and drop module while reordering. */
export interface DragParts {
  nodeRef(element: HTMLElement | null): void;
  style: CSSProperties;
  dragging: boolean;
  handle: ReactNode;
}

interface LayoutProps extends MouldItemProps {
  handle: ReactNode;
}

/** Where the handle goes while not reordering: the columns stay where they are. */
const NO_HANDLE = <span className="mw-home-handle-slot" />;

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
      <CycleTime
        actual={mould.last_cycle_time}
        target={mould.target_cycle_time}
        state={mould.state}
        display={display}
      />
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
          <CycleTime
            actual={mould.last_cycle_time}
            target={mould.target_cycle_time}
            state={mould.state}
            display={display}
          />
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

export interface ListItemProps extends MouldItemProps {
  view: ListView;
  /** While reordering: the handle and the drag's placement. */
  drag?: DragParts;
}

/**
 * A mould of the list in either view: opens on click or Enter; while reordering, moved by its handle.
 * Drawn again only when it changes, not whenever the list scrolls.
 */
export const MouldItem = memo(function MouldItem({ view, drag, ...props }: ListItemProps) {
  const { mould, onOpen, display } = props;
  const { t } = display;
  const style: CSSProperties = {
    ...drag?.style,
    ...(view === 'cards' ? { borderLeftColor: stateColour(mould.state) } : {}),
  };
  const openOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(mould);
  };
  const Content = view === 'cards' ? MouldCardContent : MouldRowContent;
  return (
    <div
      ref={drag?.nodeRef}
      style={style}
      className={`${view === 'cards' ? 'mw-home-card' : 'mw-home-row'}${drag?.dragging ? ' mw-home-dragging' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={t('home.open', { name: mould.name })}
      onClick={() => onOpen(mould)}
      onKeyDown={openOnEnter}
      data-testid="mould-item"
      data-mould-id={mould.id}
    >
      <Content {...props} handle={drag?.handle ?? NO_HANDLE} />
    </div>
  );
});

/** A mould's place while the list catches up with a fast scroll: its name, drawn in full a frame or two later. */
export function MouldPlaceholder({ view, mould }: { view: ListView; mould: HomeMould }) {
  return (
    <div className={view === 'cards' ? 'mw-home-card mw-home-placeholder' : 'mw-home-row mw-home-placeholder'}>
      <span className="mw-home-name">{mould.name}</span>
    </div>
  );
}
