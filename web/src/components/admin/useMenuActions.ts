import { useMemo } from 'react';
import type { MenuAction } from '@mouldwatch/shared';
import { useSession } from '../../lib/session';

/**
 * What the user's role lets them do on a menu item, from the menu the server sent. Screens hide
 * what is not granted; the server refuses it anyway (403).
 */
export function useMenuActions(menuId: number): { can(action: MenuAction): boolean } {
  const menu = useSession((state) => state.menu);
  return useMemo(() => {
    const granted = new Set(menu?.find((entry) => entry.id === menuId)?.menuPermission ?? []);
    return { can: (action: MenuAction) => granted.has(action) };
  }, [menu, menuId]);
}
