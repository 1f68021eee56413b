import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FirstUseProps } from '../../components/OnFirstUse';
import { USER_MENU_ITEMS, type UserMenuAction } from './userMenuItems';

interface UserMenuDropdownProps extends FirstUseProps {
  onSelect(action: UserMenuAction): void;
}

/** The user button's dropdown (antd's menu), loaded when the button is first clicked. */
export function UserMenuDropdown({ onSelect, open, onOpenChange, renderButton }: UserMenuDropdownProps) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = USER_MENU_ITEMS.flatMap(({ action, icon, label }) => [
    ...(action === 'logout' ? [{ type: 'divider' as const }] : []),
    { key: action, icon, label: <span data-testid={`menu-${action}`}>{t(label)}</span> },
  ]);
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
