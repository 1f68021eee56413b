import { Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import type { MenuEntry, RouteEntry } from '@mouldwatch/shared';
import { useLiveChannel } from '../useLiveChannel';
import { ConsoleHeader } from './ConsoleHeader';
import { Sidebar } from './Sidebar';
import { useNarrowLayout } from './useNarrowLayout';

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
    <Layout className={narrow ? 'mw-console mw-narrow' : 'mw-console'} data-testid="console">
      <Sidebar menu={menu} routes={routes} collapsed={collapsed} />
      <Layout>
        <ConsoleHeader
          menu={menu}
          collapsed={collapsed}
          narrow={narrow}
          onToggleSidebar={() => setCollapsedByUser(!collapsed)}
        />
        <Layout.Content className="mw-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
