import { useState } from 'react';
import { Outlet } from 'react-router';
import type { MenuEntry, RouteEntry } from '@mouldwatch/shared';
import { useLiveChannel } from '../useLiveChannel';
import { ConsoleHeader } from './ConsoleHeader';
import { Sidebar } from './Sidebar';
import { useNarrowLayout } from './useNarrowLayout';
import './shell.css';

interface ConsoleLayoutProps {
  menu: MenuEntry[];
  routes: RouteEntry[];
}

/** Sidebar, header and the page; under 1368 px the sidebar starts collapsed and the header is compact. */
export function ConsoleLayout({ menu, routes }: ConsoleLayoutProps) {
  const narrow = useNarrowLayout();
  useLiveChannel();
  const [collapsedByUser, setCollapsedByUser] = useState<boolean | null>(null);
  const collapsed = collapsedByUser ?? narrow;

  return (
    <div className={narrow ? 'mw-console mw-narrow' : 'mw-console'} data-testid="console">
      <Sidebar menu={menu} routes={routes} collapsed={collapsed} />
      <div className="mw-main">
        <ConsoleHeader
          menu={menu}
          collapsed={collapsed}
          narrow={narrow}
          onToggleSidebar={() => setCollapsedByUser(!collapsed)}
        />
        <main className="mw-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
