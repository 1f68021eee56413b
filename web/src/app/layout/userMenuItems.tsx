import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

export type UserMenuAction = 'profile' | 'password' | 'logout';

/** The account menu's items, in the header's dropdown and in the phone header's menu alike. */
export const USER_MENU_ITEMS: ReadonlyArray<{
  action: UserMenuAction;
  icon: ReactNode;
  label: 'header.personalInfo' | 'header.changePassword' | 'header.logout';
}> = [
  { action: 'profile', icon: <UserOutlined />, label: 'header.personalInfo' },
  { action: 'password', icon: <KeyOutlined />, label: 'header.changePassword' },
  { action: 'logout', icon: <LogoutOutlined />, label: 'header.logout' },
];
