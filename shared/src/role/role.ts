import * as z from 'zod/mini';
import type { Language } from '../i18n/languages.js';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';
import { MENU_ACTIONS, MENU_ITEMS, type MenuAction, type MenuItemDefinition } from '../menu/menu-items.js';

const message = (key: ValidationMessageKey) => ({ message: key });

export const ROLE_NAME_MAX_LENGTH = 32;

/**
 * A role's name: required, at most 32 characters once surrounding spaces are dropped. Spaces inside
 * are allowed ("Shift lead"): a role is a label people read, not an entity name of spec §5.
 */
export const roleNameRule = z.pipe(
  z.string(message('required')).check(z.trim()),
  z.string().check(z.minLength(1, message('required')), z.maxLength(ROLE_NAME_MAX_LENGTH, message('roleNameLength'))),
);

export const rolePermissionSchema = z.object({
  menu_id: z.number().check(z.int(), z.positive()),
  actions: z.array(z.enum(MENU_ACTIONS)),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

/** `POST /api/yudata/role/` and `PUT /api/yudata/role/{id}/`. */
export const roleFormSchema = z.object({
  name: roleNameRule,
  is_viewer: z._default(z.boolean(), false),
  permissions: z.array(rolePermissionSchema).check(z.maxLength(MENU_ITEMS.length * 2)),
});
export type RoleForm = z.input<typeof roleFormSchema>;

/** A role as the role calls answer it. */
export interface RoleRecord {
  id: number;
  name: string;
  /** Viewer roles are the only ones the share dialog offers. */
  is_viewer: boolean;
  permissions: RolePermission[];
  /** How many users of the organisation hold the role. */
  user_count: number;
}

/** One item of the permission tree (`GET /api/yudata/role/roleId_get_menu/`). */
export interface PermissionTreeNode {
  id: number;
  parent: number | null;
  name: string;
  /** The actions the item can grant. */
  actions: MenuAction[];
  /** With `?id=`: the actions the role grants on the item. */
  granted?: MenuAction[];
  api: boolean;
  children: PermissionTreeNode[];
}

export type PermissionProblem = {
  field: string;
  reason: Extract<ValidationMessageKey, 'menuItemUnknown' | 'actionNotGrantable'>;
};

/**
 * The permissions a role stores for what was asked: each item must exist and allow its actions
 * (else the problem names the field); duplicates merge; any action on an item implies `view` on it
 * and on every ancestor, because the menu and the routes show a child only under a visible parent;
 * items without actions drop out. Ordered as the menu and the action list are.
 */
export function normalizePermissions(
  requested: readonly RolePermission[],
  items: readonly MenuItemDefinition[] = MENU_ITEMS,
): { permissions: RolePermission[] } | { problem: PermissionProblem } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const granted = new Map<number, Set<MenuAction>>();
  for (const [index, permission] of requested.entries()) {
    const item = byId.get(permission.menu_id);
    if (!item) return { problem: { field: `permissions.${index}.menu_id`, reason: 'menuItemUnknown' } };
    const refused = permission.actions.find((action) => !item.actions.includes(action));
    if (refused) return { problem: { field: `permissions.${index}.actions`, reason: 'actionNotGrantable' } };
    if (permission.actions.length === 0) continue;
    for (let current: MenuItemDefinition | undefined = item; current; current = byId.get(current.parent ?? NaN)) {
      const actions = granted.get(current.id) ?? new Set<MenuAction>();
      actions.add('view');
      granted.set(current.id, actions);
    }
    for (const action of permission.actions) granted.get(item.id)?.add(action);
  }
  const permissions = items
    .filter((item) => granted.has(item.id))
    .map((item) => ({
      menu_id: item.id,
      actions: MENU_ACTIONS.filter((action) => granted.get(item.id)?.has(action)),
    }));
  return { permissions };
}

/** The menu as the role editor's tree, named in `language`; with `granted`, each node carries the role's actions. */
export function permissionTree(
  language: Language,
  granted?: ReadonlyMap<number, readonly MenuAction[]>,
  items: readonly MenuItemDefinition[] = MENU_ITEMS,
): PermissionTreeNode[] {
  const nodes = new Map<number, PermissionTreeNode>();
  for (const item of [...items].sort((a, b) => a.sort - b.sort || a.id - b.id)) {
    nodes.set(item.id, {
      id: item.id,
      parent: item.parent,
      name: item.names[language],
      actions: [...item.actions],
      ...(granted ? { granted: [...(granted.get(item.id) ?? [])] } : {}),
      api: item.api,
      children: [],
    });
  }
  const roots: PermissionTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
