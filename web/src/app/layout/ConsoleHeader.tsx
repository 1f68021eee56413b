import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MenuId, menuAllows, type Language, type MenuEntry } from '@mouldwatch/shared';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { getMenu } from '../../features/menu';
import { NoticeBell } from '../../features/notices';
import { savePreferences } from '../../features/session';
import { useSession } from '../../lib/session';
import { screenFor } from '../screens';
import { FullscreenToggle } from './FullscreenToggle';
import { MapSwitch } from './MapSwitch';
import { TimeZonePicker } from './TimeZonePicker';
import { UnitSwitch } from './UnitSwitch';
import { UserMenu } from './UserMenu';

interface ConsoleHeaderProps {
  menu: MenuEntry[];
  collapsed: boolean;
  onToggleSidebar(): void;
  narrow: boolean;
}

/** After a language switch: keep it in the profile and reload the menu, whose names the server localises. */
function onLanguageChanged(language: Language): void {
  savePreferences({ language });
  void getMenu()
    .then((menu) => {
      if (menu.length > 0) useSession.getState().setMenu(menu);
    })
    .catch(() => undefined);
}

export function ConsoleHeader({ menu, collapsed, onToggleSidebar, narrow }: ConsoleHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const screen = screenFor(pathname);
  const hasMap = menuAllows(menu, MenuId.map, 'view');

  return (
    <header className="mw-header" data-testid="header">
      <div className="mw-header-left">
        <Button
          type="text"
          className="mw-header-button"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleSidebar}
          aria-label={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')}
          data-testid="sidebar-toggle"
        />
        {screen ? <h1 className="mw-header-title">{t(`screens.${screen.title}`)}</h1> : null}
      </div>
      <div className="mw-header-right">
        {hasMap ? <MapSwitch /> : null}
        <NoticeBell />
        <TimeZonePicker compact={narrow} />
        <LanguageSwitch compact={narrow} onChanged={onLanguageChanged} />
        <UnitSwitch />
        <FullscreenToggle />
        <UserMenu compact={narrow} />
      </div>
    </header>
  );
}
