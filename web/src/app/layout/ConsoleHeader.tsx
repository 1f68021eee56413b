import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
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
import { HeaderMenu, HeaderMenuRow } from './HeaderMenu';
import { MapSwitch } from './MapSwitch';
import { TimeZonePicker } from './TimeZonePicker';
import { UnitSwitch } from './UnitSwitch';
import { UserMenu, UserMenuList } from './UserMenu';

/** How the header lays out: a row of controls (compact when narrow), or on a phone the bell and a menu. */
export type HeaderLayout = 'wide' | 'narrow' | 'phone';

interface ConsoleHeaderProps {
  menu: MenuEntry[];
  layout: HeaderLayout;
  /** The sidebar shows icons only (or, on a phone, is closed). */
  collapsed: boolean;
  /** The sidebar's id, which the button opens or closes. */
  sidebarId: string;
  onToggleSidebar(): void;
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

export function ConsoleHeader({ menu, layout, collapsed, sidebarId, onToggleSidebar }: ConsoleHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const screen = screenFor(pathname);
  const hasMap = menuAllows(menu, MenuId.map, 'view');
  const phone = layout === 'phone';
  const compact = layout === 'narrow';

  return (
    <header className="mw-header" data-testid="header">
      <div className="mw-header-left">
        <Button
          type="text"
          className="mw-header-button"
          icon={phone ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleSidebar}
          aria-label={
            phone ? t('layout.openNavigation') : collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')
          }
          aria-expanded={phone ? !collapsed : undefined}
          aria-controls={phone ? sidebarId : undefined}
          data-testid="sidebar-toggle"
        />
        {screen ? <h1 className="mw-header-title">{t(`screens.${screen.title}`)}</h1> : null}
      </div>
      {phone ? (
        <div className="mw-header-right">
          <NoticeBell centred />
          <HeaderMenu>
            <HeaderMenuRow label={t('header.timeZone')}>
              <TimeZonePicker compact={false} />
            </HeaderMenuRow>
            <HeaderMenuRow label={t('language.label')}>
              <LanguageSwitch onChanged={onLanguageChanged} />
            </HeaderMenuRow>
            <HeaderMenuRow label={t('header.unit')}>
              <UnitSwitch />
            </HeaderMenuRow>
            {hasMap ? (
              <HeaderMenuRow label={t('header.map')}>
                <MapSwitch />
              </HeaderMenuRow>
            ) : null}
            <FullscreenToggle withLabel />
            <UserMenuList />
          </HeaderMenu>
        </div>
      ) : (
        <div className="mw-header-right">
          {hasMap ? <MapSwitch /> : null}
          <NoticeBell />
          <TimeZonePicker compact={compact} />
          <LanguageSwitch compact={compact} onChanged={onLanguageChanged} />
          <UnitSwitch />
          <FullscreenToggle />
          <UserMenu compact={compact} />
        </div>
      )}
    </header>
  );
}
