import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { SidebarLabel, SidebarLink } from './SidebarLink';
import type { SidebarEntry } from './sidebarItems';

interface SidebarSectionProps {
  entry: SidebarEntry;
  links: readonly SidebarEntry[];
  /** The entry of the page shown. */
  activeKey: string | undefined;
  /** The section holds the page shown. */
  current: boolean;
  collapsed: boolean;
  /** Its links show: in place, or (collapsed) in the flyout. */
  open: boolean;
  /** Opens or closes the section in place. */
  onToggle(): void;
  /** Shows or hides the collapsed sidebar's flyout of this section. */
  onFlyout(show: boolean): void;
}

/** A section of the sidebar: a button that opens its links in place, or beside it when collapsed. */
export function SidebarSection(props: SidebarSectionProps) {
  return props.collapsed ? <FlyoutSection {...props} /> : <InlineSection {...props} />;
}

function Chevron() {
  return (
    <svg className="mw-nav-arrow" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path
        d="M1.5 3.5 5 7l3.5-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function InlineSection({ entry, links, activeKey, current, open, onToggle }: SidebarSectionProps) {
  const listId = useId();
  return (
    <li className="mw-nav-section">
      <button
        type="button"
        className={current ? 'mw-nav-item mw-nav-current' : 'mw-nav-item'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        <SidebarLabel entry={entry} />
        <Chevron />
      </button>
      {/* Closed, the links stay in the page (for the height animation) but out of reach. */}
      <div className={open ? 'mw-nav-sub mw-nav-sub-open' : 'mw-nav-sub'} inert={!open}>
        <ul id={listId} className="mw-nav-list">
          {links.map((link) => (
            <SidebarLink key={link.key} entry={link} current={link.key === activeKey} />
          ))}
        </ul>
      </div>
    </li>
  );
}

/** How long the pointer may be off a flyout it opened before it closes. */
const LEAVE_DELAY_MS = 150;
/** Room kept between a flyout and the window's bottom edge. */
const FLYOUT_MARGIN = 8;

/**
 * Collapsed: the section's icon shows its links in a flyout to the right when the pointer rests on
 * it, when it is clicked, or when it gets the keyboard focus (Tab then goes through the links).
 * Escape, a click elsewhere, the focus leaving or a navigation closes it.
 */
function FlyoutSection({ entry, links, activeKey, current, open, onFlyout }: SidebarSectionProps) {
  const listId = useId();
  const titleId = useId();
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const flyout = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  /** Opened by the pointer resting on the icon: it goes when the pointer does. */
  const [byHover, setByHover] = useState(false);
  /** The focus arrives from a click (handled as a click) or from Escape (stays closed). */
  const focusFromPointer = useRef(false);
  const focusQuietly = useRef(false);
  /** Keyboard opening: the first link takes the focus once shown. */
  const focusFirstLink = useRef(false);
  const leaveTimer = useRef<number | undefined>(undefined);

  const show = (hover: boolean) => {
    window.clearTimeout(leaveTimer.current);
    setTop(button.current?.getBoundingClientRect().top ?? 0);
    setByHover(hover);
    if (!open) onFlyout(true);
  };
  const hide = () => {
    window.clearTimeout(leaveTimer.current);
    onFlyout(false);
  };
  const linkElements = () => [...(flyout.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];

  // Kept inside the window: a flyout that would run past its bottom moves up.
  useLayoutEffect(() => {
    const panel = flyout.current;
    if (!open || !panel) return;
    const room = window.innerHeight - FLYOUT_MARGIN - panel.offsetHeight;
    panel.style.top = `${Math.max(FLYOUT_MARGIN, Math.min(top, room))}px`;
    if (focusFirstLink.current) {
      focusFirstLink.current = false;
      linkElements()[0]?.focus();
    }
  }, [open, top]);

  const onPointerDownElsewhere = useEffectEvent((event: globalThis.PointerEvent) => {
    if (!item.current?.contains(event.target as Node)) hide();
  });
  useEffect(() => {
    if (!open) return;
    document.addEventListener('pointerdown', onPointerDownElsewhere);
    return () => document.removeEventListener('pointerdown', onPointerDownElsewhere);
  }, [open]);
  useEffect(() => () => window.clearTimeout(leaveTimer.current), []);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(leaveTimer.current);
    if (!open) show(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !open || !byHover) return;
    leaveTimer.current = window.setTimeout(hide, LEAVE_DELAY_MS);
  };
  const onBlur = (event: FocusEvent) => {
    const to = event.relatedTarget;
    if (open && !byHover && to instanceof Node && !item.current?.contains(to)) hide();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      hide();
      focusQuietly.current = true;
      button.current?.focus();
      focusQuietly.current = false;
      return;
    }
    const links = linkElements();
    const at = links.indexOf(event.target as HTMLAnchorElement);
    if (at < 0 || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[event.key] ?? at;
    links[(next + links.length) % links.length]?.focus();
  };

  const onButtonFocus = () => {
    const quiet = focusFromPointer.current || focusQuietly.current;
    focusFromPointer.current = false;
    if (!quiet && !open) show(false);
  };
  const onButtonClick = () => {
    focusFromPointer.current = false;
    if (open && !byHover) hide();
    else show(false);
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (!['Enter', ' ', 'ArrowRight', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    if (open) linkElements()[0]?.focus();
    else {
      focusFirstLink.current = true;
      show(false);
    }
  };

  return (
    <li
      ref={item}
      className="mw-nav-section"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className={current ? 'mw-nav-item mw-nav-current' : 'mw-nav-item'}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onPointerDown={() => (focusFromPointer.current = true)}
        onFocus={onButtonFocus}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        <SidebarLabel entry={entry} />
      </button>
      {open ? (
        <div ref={flyout} className="mw-nav-flyout" style={{ top }}>
          <div className="mw-nav-flyout-panel">
            <div id={titleId} className="mw-nav-flyout-title" aria-hidden="true">
              {entry.label}
            </div>
            <ul id={listId} className="mw-nav-list" aria-labelledby={titleId}>
              {links.map((link) => (
                <SidebarLink key={link.key} entry={link} current={link.key === activeKey} onNavigate={hide} />
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </li>
  );
}
