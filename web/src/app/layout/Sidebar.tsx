import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuEntry, RouteEntry } from '@mouldwatch/shared';
import { Logo } from '../../components/Logo';
import { useSession } from '../../lib/session';
import { activeEntry, sidebarEntries, type SidebarEntry } from './sidebarItems';

interface SidebarProps {
  menu: MenuEntry[];
  routes: RouteEntry[];
  collapsed: boolean;
}

const toMenuItems = (entries: readonly SidebarEntry[]): MenuProps['items'] =>
  entries.map(({ key, label, icon, children }) => ({
    key,
    label,
    icon,
    ...(children ? { children: toMenuItems(children) } : {}),
  }));

export function Sidebar({ menu, routes, collapsed }: SidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const renewFlag = useSession((state) => state.renewFlag);
  const entries = useMemo(() => sidebarEntries(menu, routes, renewFlag), [menu, routes, renewFlag]);
  const active = activeEntry(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(active.section ? [active.section] : []);

  return (
    <Layout.Sider
      className="mw-sider"
      width={256}
      collapsedWidth={64}
      collapsed={collapsed}
      trigger={null}
      theme="dark"
    >
      <div className="mw-sider-brand">
        <Logo size={30} />
        {collapsed ? null : <span>{t('app.name')}</span>}
      </div>
      <nav aria-label={t('layout.mainNavigation')}>
        <Menu
          theme="dark"
          mode="inline"
          items={toMenuItems(entries)}
          selectedKeys={active.key ? [active.key] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => navigate(key)}
          data-testid="sidebar"
        />
      </nav>
    </Layout.Sider>
  );
}
