import { MENU_ITEMS, MenuId, buildMenuTree, menuRoutes, type MenuEntry, type RouteEntry } from '@mouldwatch/shared';

/** Route guard decisions (spec §2 "Route guard"), as pure functions. */

export const LOGIN_PATH = '/login';
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, '/loginByShare', '/unsubscribeinfo'];

/** Lower case without a trailing slash (the router matches paths case-insensitively). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return (trimmed || '/').toLowerCase();
}

const PUBLIC = new Set(PUBLIC_PATHS.map(normalizePath));

export type EntryDecision =
  /** A public page: show it. */
  | { kind: 'public' }
  /** No token and not public: go to /login. */
  | { kind: 'toLogin' }
  /** Token present and /login asked for: error 20287, stay on the previous path. */
  | { kind: 'alreadyLoggedIn'; to: string }
  /** Token present: the logged-in console decides. */
  | { kind: 'app' };

export function decideEntry(path: string, hasToken: boolean, previousPath?: string): EntryDecision {
  const normal = normalizePath(path);
  if (normal === LOGIN_PATH)
    return hasToken ? { kind: 'alreadyLoggedIn', to: previousPath ?? '/' } : { kind: 'public' };
  if (PUBLIC.has(normal)) return { kind: 'public' };
  return hasToken ? { kind: 'app' } : { kind: 'toLogin' };
}

/** Every path some menu can register. */
export const KNOWN_PATHS: ReadonlySet<string> = new Set(
  menuRoutes(MENU_ITEMS.map((item) => item.id)).map((route) => normalizePath(route.path)),
);

export type PathAccess = 'granted' | 'forbidden' | 'unknown';

/** Granted by the user's routes; forbidden when another menu would grant it; else unknown. */
export function pathAccess(path: string, routes: readonly RouteEntry[]): PathAccess {
  const normal = normalizePath(path);
  if (routes.some((route) => normalizePath(route.path) === normal)) return 'granted';
  return KNOWN_PATHS.has(normal) ? 'forbidden' : 'unknown';
}

export type UnmatchedDecision =
  /** `/` without home: the first page of the sidebar, quietly. */
  | { kind: 'landing'; to: string }
  /** A page another role could open: the no-permission toast, and back to where the user was. */
  | { kind: 'forbidden'; to: string }
  /** A path no menu registers (mistyped): the 404 page alone, no toast. */
  | { kind: 'notFound' };

/** What a path the user's routes do not match leads to (spec §2, with issue 10's change for unknown paths). */
export function decideUnmatched(
  path: string,
  menu: readonly MenuEntry[],
  routes: readonly RouteEntry[],
  previousPath?: string,
): UnmatchedDecision {
  if (normalizePath(path) === '/') return { kind: 'landing', to: landingPath(menu, routes) };
  if (pathAccess(path, routes) === 'forbidden') {
    return { kind: 'forbidden', to: previousPath ?? landingPath(menu, routes) };
  }
  return { kind: 'notFound' };
}

/** The routes a menu registers; none means the user has nothing to open (treated as an empty menu). */
export function routesForMenu(menu: readonly MenuEntry[]): RouteEntry[] {
  return menuRoutes(menu.map((entry) => entry.id));
}

/** Where a user lands when there is nowhere better: home when granted, else the first item of the sidebar. */
export function landingPath(menu: readonly MenuEntry[], routes: readonly RouteEntry[]): string {
  const registered = (path: string) => routes.some((route) => normalizePath(route.path) === normalizePath(path));
  if (registered('/')) return '/';
  for (const node of buildMenuTree(menu)) {
    const path = node.id === MenuId.mapSection ? '/map' : node.path;
    if (path && registered(path)) return path;
  }
  return routes[0]?.path ?? '/';
}
