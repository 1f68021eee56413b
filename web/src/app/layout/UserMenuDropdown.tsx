import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FirstUseProps } from '../../components/OnFirstUse';

export type UserMenuAction = 'profile' | 'password' | 'logout';

interface UserMenuDropdownProps extends FirstUseProps {
  onSelect(action: UserMenuAction): void;
}

/** The user button's dropdown (antd's menu), loaded when the button is first clicked. */
export function UserMenuDropdown({ onSelect, open, onOpenChange, renderButton }: UserMenuDropdownProps) {
  const { t } = useTranslation();
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
  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => onSelect(key as UserMenuAction) }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
    >
      {renderButton()}
    </Dropdown>
  );
}
