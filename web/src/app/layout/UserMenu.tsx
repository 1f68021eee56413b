import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnFirstUse, firstUsePart } from '../../components/OnFirstUse';
import { ChangePasswordDialog, PersonalInfoDialog, useConfirmLogout, useUserInfo } from '../../features/session';
import type { UserMenuAction } from './UserMenuDropdown';

/** The dropdown (antd's menu) loads on the button's first click, keeping it out of every page's first load. */
const userMenuDropdown = firstUsePart(() => import('./UserMenuDropdown').then((module) => module.UserMenuDropdown));

/** The user's picture, else the user icon, in a small round frame. */
function UserAvatar({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="mw-avatar" aria-hidden="true">
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : <UserOutlined />}
    </span>
  );
}

type Dialog = 'profile' | 'password' | null;

/** The user button and its dropdown: personal info, change password, log out. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const confirmLogout = useConfirmLogout();
  const [dialog, setDialog] = useState<Dialog>(null);
  const select = (action: UserMenuAction) => {
    if (action === 'logout') confirmLogout();
    else setDialog(action);
  };

  const name = user.data?.name || user.data?.username || '';
  const avatar = user.data?.avatar || undefined;
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
            <UserAvatar key={avatar} src={avatar} />
            {compact ? null : <span className="mw-user-name">{name}</span>}
            <DownOutlined className="mw-caret" />
          </Button>
        )}
      />
      <Suspense fallback={null}>
        {dialog === 'profile' ? <PersonalInfoDialog open onClose={() => setDialog(null)} /> : null}
        {dialog === 'password' ? <ChangePasswordDialog open onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
