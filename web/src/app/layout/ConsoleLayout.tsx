import { useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { MenuEntry, RouteEntry } from '@mouldwatch/shared';
import { useLiveChannel } from '../useLiveChannel';
import { useRenewalFlag } from '../useRenewalFlag';
import { ConsoleHeader, type HeaderLayout } from './ConsoleHeader';
import { Sidebar } from './Sidebar';
import { useNarrowLayout, usePhoneLayout } from './useNarrowLayout';
import './shell.css';

interface ConsoleLayoutProps {
  menu: MenuEntry[];
  routes: RouteEntry[];
}

/** A phone's layout is narrow too: what is styled for narrow windows applies to it. */
const CONSOLE_CLASS: Record<HeaderLayout, string> = {
  wide: 'mw-console',
  narrow: 'mw-console mw-narrow',
  phone: 'mw-console mw-narrow mw-phone',
};

/** The phone's sidebar drawer: opened by the header's button, closed by navigating or leaving the phone layout. */
function useDrawer(phone: boolean): [boolean, (open: boolean) => void] {
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState({ open: false, path: pathname });
  if (drawer.open && (drawer.path !== pathname || !phone)) setDrawer({ open: false, path: pathname });
  return [drawer.open, (open) => setDrawer({ open, path: pathname })];
}

/**
 * Sidebar, header and the page; under 1368 px the sidebar starts collapsed and the header is
 * compact; on a phone the sidebar is a drawer and the header's controls are in a menu.
 */
export function ConsoleLayout({ menu, routes }: ConsoleLayoutProps) {
  const narrow = useNarrowLayout();
  const phone = usePhoneLayout();
  useLiveChannel();
  useRenewalFlag();
  const sidebarId = useId();
  const [collapsedByUser, setCollapsedByUser] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useDrawer(phone);
  const collapsed = phone ? !drawerOpen : (collapsedByUser ?? narrow);
  const layout: HeaderLayout = phone ? 'phone' : narrow ? 'narrow' : 'wide';

  return (
    <div className={CONSOLE_CLASS[layout]} data-testid="console">
      <Sidebar
        id={sidebarId}
        menu={menu}
        routes={routes}
        collapsed={collapsed && !phone}
        drawer={phone ? { open: drawerOpen, onClose: () => setDrawerOpen(false) } : undefined}
      />
      <div className="mw-main">
        <ConsoleHeader
          menu={menu}
          layout={layout}
          collapsed={collapsed}
          sidebarId={sidebarId}
          onToggleSidebar={() => (phone ? setDrawerOpen(!drawerOpen) : setCollapsedByUser(!collapsed))}
        />
        <main className="mw-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
