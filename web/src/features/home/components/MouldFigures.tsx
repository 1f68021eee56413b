import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CYCLE_BAND_COLOURS,
  cycleBand,
  cycleTimeIsCurrent,
  stateColour,
  temperatureUnitLabel,
  type Language,
  type MoldState,
  type TemperatureUnit,
} from '@mouldwatch/shared';
import { HTML_LANG, currentLanguage } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { deviationPercent, pmDue, temperaturesShown } from '../model/format';

/**
 * The language, unit and zone every figure of a mould is shown in. Made once per screen and handed
 * down: a translation hook in each figure of thousands of scrolled-past moulds costs more than the list.
 */
export interface DisplayContext {
  t: TFunction;
  language: Language;
  unit: TemperatureUnit;
  timeZone: string;
  numbers: Intl.NumberFormat;
  /** A figure with `places` decimals in the language's own way (Portuguese 53,1 beside its 72.500). */
  decimal(value: number, places: number): string;
}

interface Shown {
  display: DisplayContext;
}

export function useDisplayContext(): DisplayContext {
  const { t } = useTranslation();
  const language = currentLanguage();
  const unit = useSession((state) => state.unit);
  const timeZone = useSession((state) => state.timeZone);
  return useMemo(() => {
    const locale = HTML_LANG[language];
    const fixed = new Map<number, Intl.NumberFormat>();
    const decimal = (value: number, places: number) => {
      let format = fixed.get(places);
      if (!format) {
        format = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
        fixed.set(places, format);
      }
      return format.format(value);
    };
    return { t, language, unit, timeZone, numbers: new Intl.NumberFormat(locale), decimal };
  }, [t, language, unit, timeZone]);
}

const dash = <span className="mw-home-muted">—</span>;

export function StateTag({ state, display }: Shown & { state: MoldState }) {
  return (
    <span className="mw-home-state" data-testid="mould-state" data-state={state}>
      <span className="mw-home-state-dot" style={{ background: stateColour(state) }} />
      {display.t(`home.states.${state}`)}
    </span>
  );
}

export function Connection({ online, display }: Shown & { online: boolean }) {
  return (
    <span className={online ? 'mw-home-online' : 'mw-home-offline'} data-testid="mould-connection">
      {display.t(online ? 'home.online' : 'home.offline')}
    </span>
  );
}

/**
 * A cycle time (s) against the target, coloured by the spec's 2 % and 5 % bands. With the mould's
 * `state`, a stopped or off mould's last cycle time is shown grey and marked as the last one, unbanded.
 */
export function CycleTime({
  actual,
  target,
  display,
  state,
  digits = 1,
}: Shown & { actual: number | null; target: number | null; state?: MoldState; digits?: number }) {
  if (actual === null) return dash;
  const seconds = (value: number, places: number) =>
    display.t('home.seconds', { value: display.decimal(value, places) });
  if (state !== undefined && !cycleTimeIsCurrent(state)) {
    return (
      <span className="mw-home-cycle mw-home-cycle-last" data-testid="mould-cycle" data-band="last">
        <span className="mw-home-figure" title={display.t('home.lastCycleHint')}>
          {display.t('home.lastCycle', { value: seconds(actual, digits) })}
        </span>
      </span>
    );
  }
  const band = cycleBand(actual, target);
  const deviation = deviationPercent(actual, target);
  return (
    <span className="mw-home-cycle" data-testid="mould-cycle" data-band={band}>
      {band === 'none' ? null : <span className="mw-home-band" style={{ background: CYCLE_BAND_COLOURS[band] }} />}
      <span className="mw-home-figure">{seconds(actual, digits)}</span>
      {target === null ? null : (
        <span className="mw-home-muted">
          {/* Where a narrow column breaks the line: before the deviation, not inside a figure. */}
          <span className="mw-home-nowrap">{`/ ${seconds(target, 1)}`}</span>
          {deviation === null ? null : (
            <>
              {' '}
              <span className="mw-home-nowrap">{`(${deviation > 0 ? '+' : ''}${display.decimal(deviation, 1)} %)`}</span>
            </>
          )}
        </span>
      )}
    </span>
  );
}

export function Count({ value, display }: Shown & { value: number | null }) {
  return value === null ? dash : <span className="mw-home-figure">{display.numbers.format(value)}</span>;
}

export function PmRemaining({ cycles, display }: Shown & { cycles: number | null }) {
  if (cycles === null) return dash;
  return pmDue(cycles) ? (
    <span className="mw-home-pm-due" data-testid="mould-pm">
      {display.t('home.pmDue', { cycles: display.numbers.format(-cycles) })}
    </span>
  ) : (
    <span className="mw-home-figure" data-testid="mould-pm">
      {display.numbers.format(cycles)}
    </span>
  );
}

/**
 * The reporting channels' temperatures in the user's unit: each of them, or, when there are more
 * than `listUpTo`, the lowest and highest, with all of them in the browser's own tooltip (a
 * component tooltip on each of thousands of scrolled-past moulds costs more than the list). The
 * unit is left out where a column header names it. A card lists three at most: four figures of
 * three digits and the unit are cut off in a card four across a 1366 px window.
 */
export function Temperatures({
  values,
  display,
  listUpTo = 3,
  withUnit = true,
}: Shown & { values: ReadonlyArray<number | null> | null; listUpTo?: number; withUnit?: boolean }) {
  const shown = temperaturesShown(values, display.unit);
  if (shown.length === 0) return dash;
  const label = temperatureUnitLabel(display.unit);
  const unit = withUnit ? ` ${label}` : '';
  const all = shown.map((value) => display.decimal(value, 1)).join(' · ');
  if (shown.length <= listUpTo) return <span className="mw-home-temps">{`${all}${unit}`}</span>;
  const range = `${display.decimal(Math.min(...shown), 1)} – ${display.decimal(Math.max(...shown), 1)}${unit}`;
  return (
    <span className="mw-home-temps" title={`${all} ${label}`}>
      {range}
    </span>
  );
}

export function LastConnect({ time, display }: Shown & { time: number | null }) {
  if (time === null) return <span className="mw-home-muted">{display.t('home.noReading')}</span>;
  return <span className="mw-home-time">{formatDateTime(time, display.timeZone, display.language)}</span>;
}

export function FavouriteStar({ favourite, onToggle, display }: Shown & { favourite: boolean; onToggle(): void }) {
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onToggle();
  };
  return (
    <button
      type="button"
      className={favourite ? 'mw-home-star mw-home-star-on' : 'mw-home-star'}
      aria-label={display.t(favourite ? 'home.favouriteRemove' : 'home.favouriteAdd')}
      aria-pressed={favourite}
      onClick={toggle}
      data-testid="mould-favourite"
    >
      {favourite ? <StarFilled /> : <StarOutlined />}
    </button>
  );
}
