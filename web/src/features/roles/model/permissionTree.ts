import type { MenuAction, PermissionTreeNode, RolePermission } from '@mouldwatch/shared';

/** One node of the editor's antd tree: a menu item, or one action of it (a leaf). */
export interface PermissionNode {
  key: string;
  title: string;
  children?: PermissionNode[];
}

const ACTION_KEY = /^(\d+):(\w+)$/;
const actionKey = (menuId: number, action: MenuAction) => `${menuId}:${action}`;
const menuKey = (menuId: number) => `menu:${menuId}`;

/** The menu tree as checkable nodes: each item holds its actions as leaves, then its child items. */
export function toTreeData(nodes: readonly PermissionTreeNode[], actionLabel: (action: MenuAction) => string) {
  const convert = (node: PermissionTreeNode): PermissionNode => ({
    key: menuKey(node.id),
    title: node.name,
    children: [
      ...node.actions.map((action) => ({ key: actionKey(node.id, action), title: actionLabel(action) })),
      ...node.children.map(convert),
    ],
  });
  return nodes.map(convert);
}

/** The action leaves a role's tree (answered with `?id=`) has checked. */
export function grantedKeys(nodes: readonly PermissionTreeNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.granted ?? []).map((action) => actionKey(node.id, action)),
    ...grantedKeys(node.children),
  ]);
}

/** The checked action leaves as the role form's permissions (menu nodes are left out: their leaves say it). */
export function permissionsOf(checkedKeys: readonly string[]): RolePermission[] {
  const byMenu = new Map<number, MenuAction[]>();
  for (const key of checkedKeys) {
    const match = ACTION_KEY.exec(key);
    if (!match) continue;
    const menuId = Number(match[1]);
    byMenu.set(menuId, [...(byMenu.get(menuId) ?? []), match[2] as MenuAction]);
  }
  return [...byMenu].map(([menu_id, actions]) => ({ menu_id, actions }));
}
