import type { Language } from '../i18n/languages.js';
import { MENU_ITEMS, MenuId, type MenuAction, type MenuItemDefinition } from './menu-items.js';

/** One item of a user's menu as `GET /api/yudata/menu/web_router/` returns it. */
export interface MenuEntry {
  id: number;
  parent: number | null;
  name: string;
  path: string;
  sort: number;
  /** The actions this user may take on the item. */
  menuPermission: MenuAction[];
  api: boolean;
}

export interface MenuNode extends MenuEntry {
  children: MenuNode[];
}

/** Items never shown in the menu tree; their routes lead to their siblings instead. */
const SKIPPED_IN_TREE = new Set<number>([MenuId.maintenanceScheduleLegacy, MenuId.maintenanceHistoryLegacy]);
const REPLACED_BY: ReadonlyMap<number, number> = new Map([
  [MenuId.maintenanceScheduleLegacy, MenuId.maintenanceSchedulePreventive],
  [MenuId.maintenanceHistoryLegacy, MenuId.maintenanceHistoryPreventive],
]);
const TOP_LEVEL_ORDER: readonly number[] = [
  MenuId.mapSection,
  MenuId.home,
  MenuId.moldSetting,
  MenuId.workOrder,
  MenuId.maintenance,
  MenuId.report,
  MenuId.alarm,
  MenuId.organization,
  MenuId.renewal,
];

const DEFINITIONS: ReadonlyMap<number, MenuItemDefinition> = new Map(MENU_ITEMS.map((item) => [item.id, item]));

/**
 * The menu a role granting every action on these items answers, named in `language`: what the
 * menu call would return, for previews and tests.
 */
export function grantedMenu(ids: readonly number[], language: Language = 'en'): MenuEntry[] {
  return MENU_ITEMS.filter((item) => ids.includes(item.id)).map((item) => ({
    id: item.id,
    parent: item.parent,
    name: item.names[language],
    path: item.path,
    sort: item.sort,
    menuPermission: [...item.actions],
    api: item.api,
  }));
}

/** Menu id 4 (home) brings id 11 (mould detail) with it. */
export function expandMenuIds(ids: Iterable<number>): Set<number> {
  const expanded = new Set(ids);
  if (expanded.has(MenuId.home)) expanded.add(MenuId.detail);
  return expanded;
}

function topLevelRank(id: number): number {
  const rank = TOP_LEVEL_ORDER.indexOf(id);
  return rank === -1 ? TOP_LEVEL_ORDER.length : rank;
}

/** Nests the user's menu: skips 21 and 24 and permission leaves, orders as the spec says. */
export function buildMenuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const visible = entries.filter((entry) => !entry.api && !SKIPPED_IN_TREE.has(entry.id));
  const nodes = new Map<number, MenuNode>(visible.map((entry) => [entry.id, { ...entry, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    if (parent) parent.children.push(node);
    else if (node.parent === null) roots.push(node);
  }
  const bySort = (a: MenuNode, b: MenuNode) => a.sort - b.sort || a.id - b.id;
  for (const node of nodes.values()) node.children.sort(bySort);
  return roots.sort((a, b) => topLevelRank(a.id) - topLevelRank(b.id) || bySort(a, b));
}

/** True when the menu grants `action` on the item. */
export function menuAllows(entries: readonly MenuEntry[], menuId: number, action: MenuAction): boolean {
  return entries.some((entry) => entry.id === menuId && entry.menuPermission.includes(action));
}

export interface RouteEntry {
  path: string;
  menuId: number;
  /** Where the path leads instead of showing a screen of its own. */
  redirect?: string;
}

/** Paths a menu id registers besides its own, and where a parent path leads. */
const EXTRA_PATHS: ReadonlyMap<number, readonly string[]> = new Map([
  [MenuId.home, ['/index', '/molddetail']],
  [MenuId.report, ['/report/nav', '/report/detailList', '/report/products']],
  [MenuId.share, ['/moldsetting/share/sharecontent', '/moldsetting/share/accept']],
]);
const FIXED_REDIRECTS: ReadonlyMap<number, string> = new Map([
  [MenuId.home, '/index'],
  [MenuId.report, '/report/nav'],
  [MenuId.share, '/moldsetting/share/sharecontent'],
]);

function childrenOf(id: number): MenuItemDefinition[] {
  return MENU_ITEMS.filter((item) => item.parent === id && !item.api).sort((a, b) => a.sort - b.sort);
}

/** The path a granted item leads to: its own screen, or its first granted child's (21 → 22, 24 → 25). */
function landingPath(id: number, granted: ReadonlySet<number>): string | undefined {
  const replacement = REPLACED_BY.get(id);
  if (replacement !== undefined) return granted.has(replacement) ? landingPath(replacement, granted) : undefined;
  const definition = DEFINITIONS.get(id);
  if (!definition?.path) return undefined;
  const fixed = FIXED_REDIRECTS.get(id);
  if (fixed) return fixed;
  const children = childrenOf(id);
  if (children.length === 0) return definition.path;
  for (const child of children) {
    if (!granted.has(child.id)) continue;
    const path = landingPath(child.id, granted);
    if (path) return path;
  }
  return undefined;
}

/**
 * The routes to register for a user's menu ids. A parent with children redirects to its first
 * granted child; a parent none of whose children is granted registers nothing.
 */
export function menuRoutes(menuIds: Iterable<number>): RouteEntry[] {
  const granted = expandMenuIds(menuIds);
  const routes: RouteEntry[] = [];
  const seen = new Set<string>();
  const add = (route: RouteEntry) => {
    if (seen.has(route.path)) return;
    seen.add(route.path);
    routes.push(route);
  };
  for (const item of MENU_ITEMS) {
    if (!granted.has(item.id) || !item.path || item.api) continue;
    const landing = landingPath(item.id, granted);
    if (!landing) continue;
    const ownPath = item.id === MenuId.home ? '/' : item.path;
    add(
      landing === ownPath ? { path: ownPath, menuId: item.id } : { path: ownPath, menuId: item.id, redirect: landing },
    );
    for (const extra of EXTRA_PATHS.get(item.id) ?? []) add({ path: extra, menuId: item.id });
  }
  return routes;
}
