import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OnFirstUse, firstUsePart } from '../../components/OnFirstUse';
import { ChangePasswordDialog, PersonalInfoDialog, useConfirmLogout, useUserInfo } from '../../features/session';
import { USER_MENU_ITEMS, type UserMenuAction } from './userMenuItems';

/** The dropdown (antd's menu) loads on the button's first click, keeping it out of every page's first load. */
const userMenuDropdown = firstUsePart(() => import('./UserMenuDropdown').then((module) => module.UserMenuDropdown));

/** The user's picture, else the user icon, in a small round frame. */
export function UserAvatar() {
  const avatar = useUserInfo().data?.avatar || undefined;
  return <AvatarImage key={avatar} src={avatar} />;
}

function AvatarImage({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="mw-avatar" aria-hidden="true">
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : <UserOutlined />}
    </span>
  );
}

type Dialog = 'profile' | 'password' | null;

/** The user's name, what the account menu's items do, and the dialogs they open. */
function useAccountMenu(): { name: string; select(action: UserMenuAction): void; dialogs: ReactNode } {
  const user = useUserInfo();
  const confirmLogout = useConfirmLogout();
  const [dialog, setDialog] = useState<Dialog>(null);
  return {
    name: user.data?.name || user.data?.username || '',
    select: (action) => (action === 'logout' ? confirmLogout() : setDialog(action)),
    dialogs: (
      <Suspense fallback={null}>
        {dialog === 'profile' ? <PersonalInfoDialog open onClose={() => setDialog(null)} /> : null}
        {dialog === 'password' ? <ChangePasswordDialog open onClose={() => setDialog(null)} /> : null}
      </Suspense>
    ),
  };
}

/** The user button and its dropdown: personal info, change password, log out. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { name, select, dialogs } = useAccountMenu();
  return (
    <>
      <OnFirstUse
        part={userMenuDropdown}
        partProps={{ onSelect: select }}
        renderButton={(trigger) => (
          <Button
            {...trigger}
            type="text"
            className="mw-header-button mw-user-button"
            aria-label={t('header.userMenu')}
            data-testid="user-menu"
          >
            <UserAvatar />
            {compact ? null : <span className="mw-user-name">{name}</span>}
            <DownOutlined className="mw-caret" />
          </Button>
        )}
      />
      {dialogs}
    </>
  );
}

/** The same account menu laid out in place, as the phone header's menu shows it. */
export function UserMenuList() {
  const { t } = useTranslation();
  const { name, select, dialogs } = useAccountMenu();
  return (
    <section className="mw-header-menu-account" aria-label={t('header.userMenu')}>
      <div className="mw-header-menu-user">
        <UserAvatar />
        <span className="mw-user-name">{name}</span>
      </div>
      {USER_MENU_ITEMS.map(({ action, icon, label }) => (
        <Button
          key={action}
          type="text"
          block
          icon={icon}
          className="mw-header-menu-item"
          onClick={() => select(action)}
          data-testid={`menu-${action}`}
        >
          {t(label)}
        </Button>
      ))}
      {dialogs}
    </section>
  );
}
