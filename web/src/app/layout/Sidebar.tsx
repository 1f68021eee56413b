import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuEntry, RouteEntry } from '@mouldwatch/shared';
import { Logo } from '../../components/Logo';
import { useSession } from '../../lib/session';
import { SidebarLink } from './SidebarLink';
import { SidebarSection } from './SidebarSection';
import { activeEntry, sidebarEntries } from './sidebarItems';

interface SidebarProps {
  id?: string;
  menu: MenuEntry[];
  routes: RouteEntry[];
  collapsed: boolean;
  /** On a phone the sidebar is a drawer over the page, closed until the header's button opens it. */
  drawer?: { open: boolean; onClose(): void };
}

/**
 * The console's navigation: links to the granted pages, grouped in sections that open in place, or
 * (collapsed to icons) in a flyout beside the icon. Plain links, so a page opens in a new tab too.
 */
export function Sidebar({ id, menu, routes, collapsed, drawer }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const renewFlag = useSession((state) => state.renewFlag);
  const entries = useMemo(() => sidebarEntries(menu, routes, renewFlag), [menu, routes, renewFlag]);
  const active = activeEntry(entries, pathname);

  /** Sections opened in place; the one holding the current page opens with it. */
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(
    () => new Set(active.section ? [active.section] : []),
  );
  const [shownSection, setShownSection] = useState(active.section);
  if (active.section !== shownSection) {
    setShownSection(active.section);
    if (active.section && !openSections.has(active.section)) {
      setOpenSections(new Set(openSections).add(active.section));
    }
  }
  const toggleSection = (key: string) => {
    const next = new Set(openSections);
    if (!next.delete(key)) next.add(key);
    setOpenSections(next);
  };

  /** The collapsed sidebar shows one section's flyout at a time; navigating closes it. */
  const [flyout, setFlyout] = useState<string | null>(null);
  const [flyoutPath, setFlyoutPath] = useState(pathname);
  if (flyoutPath !== pathname || (flyout !== null && !collapsed)) {
    setFlyoutPath(pathname);
    setFlyout(null);
  }

  const aside = useRef<HTMLElement>(null);
  /** What had the focus when the drawer opened (the header's button): Escape hands it back. */
  const opener = useRef<HTMLElement | null>(null);
  const drawerOpen = drawer?.open ?? false;
  useEffect(() => {
    if (!drawerOpen) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    aside.current?.focus();
  }, [drawerOpen]);
  /** A link followed in the drawer closes it, the current page's too. */
  const onNavClick = (event: MouseEvent) => {
    if (drawer && event.target instanceof Element && event.target.closest('a')) drawer.onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!drawer || event.key !== 'Escape') return;
    drawer.onClose();
    opener.current?.focus();
  };
  const className = drawer
    ? `mw-sider mw-sider-drawer${drawer.open ? ' mw-sider-drawer-open' : ''}`
    : collapsed
      ? 'mw-sider mw-sider-collapsed'
      : 'mw-sider';

  return (
    <>
      {drawerOpen ? <div className="mw-drawer-backdrop" onClick={drawer?.onClose} /> : null}
      <aside
        ref={aside}
        id={id}
        className={className}
        inert={drawer ? !drawer.open : undefined}
        tabIndex={drawer ? -1 : undefined}
        onKeyDown={onKeyDown}
      >
        <div className="mw-sider-inner">
          <div className="mw-sider-brand">
            <Logo size={30} />
            {collapsed ? null : <span>{t('app.name')}</span>}
          </div>
          <nav className="mw-nav" aria-label={t('layout.mainNavigation')} onClick={onNavClick} data-testid="sidebar">
            <ul className="mw-nav-list">
              {entries.map((entry) =>
                entry.children ? (
                  <SidebarSection
                    key={entry.key}
                    entry={entry}
                    links={entry.children}
                    activeKey={active.key}
                    current={active.section === entry.key}
                    collapsed={collapsed}
                    open={collapsed ? flyout === entry.key : openSections.has(entry.key)}
                    onToggle={() => toggleSection(entry.key)}
                    onFlyout={(show) => setFlyout((key) => (show ? entry.key : key === entry.key ? null : key))}
                  />
                ) : (
                  <SidebarLink key={entry.key} entry={entry} current={active.key === entry.key} collapsed={collapsed} />
                ),
              )}
            </ul>
          </nav>
        </div>
      </aside>
    </>
  );
}
