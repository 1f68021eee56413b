import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordDialog, PersonalInfoDialog, useConfirmLogout, useUserInfo } from '../../features/session';

type Dialog = 'profile' | 'password' | null;

/** The user dropdown: personal info, change password, log out. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const confirmLogout = useConfirmLogout();
  const [dialog, setDialog] = useState<Dialog>(null);

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: <span data-testid="menu-profile">{t('header.personalInfo')}</span>,
    },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="menu-password">{t('header.changePassword')}</span>,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('header.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else setDialog(key as Dialog);
  };

  const name = user.data?.name || user.data?.username || '';
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          className="mw-header-button mw-user-button"
          aria-label={t('header.userMenu')}
          data-testid="user-menu"
        >
          <Avatar size="small" icon={<UserOutlined />} src={user.data?.avatar || undefined} />
          {compact ? null : <span className="mw-user-name">{name}</span>}
          <DownOutlined className="mw-caret" />
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'profile' ? <PersonalInfoDialog open onClose={() => setDialog(null)} /> : null}
        {dialog === 'password' ? <ChangePasswordDialog open onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
