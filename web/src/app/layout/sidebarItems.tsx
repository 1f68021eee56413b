import {
  AlertOutlined,
  BarChartOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { MenuId, buildMenuTree, type MenuEntry, type MenuNode, type RouteEntry } from '@mouldwatch/shared';
import { normalizePath } from '../guard';

const SECTION_ICONS: Readonly<Record<number, ReactNode>> = {
  [MenuId.mapSection]: <EnvironmentOutlined />,
  [MenuId.home]: <HomeOutlined />,
  [MenuId.moldSetting]: <SettingOutlined />,
  [MenuId.workOrder]: <ProfileOutlined />,
  [MenuId.maintenance]: <ToolOutlined />,
  [MenuId.report]: <BarChartOutlined />,
  [MenuId.alarm]: <AlertOutlined />,
  [MenuId.organization]: <TeamOutlined />,
  [MenuId.renewal]: <WalletOutlined />,
};

/** Sections that are one entry: their sub-pages are reached from the page itself. */
const SINGLE_ENTRY_SECTIONS: ReadonlySet<number> = new Set([MenuId.mapSection, MenuId.home, MenuId.report]);

export interface SidebarEntry {
  /** The link's path, or `section:<id>` for a group. */
  key: string;
  label: string;
  icon?: ReactNode;
  /** A dot beside the label: a renewal is due. */
  dot?: boolean;
  children?: SidebarEntry[];
  /** Path prefixes that light this entry up. */
  prefixes: string[];
}

/** Follows the registered redirects from a path to the screen it ends on; undefined when not registered. */
function resolveRoute(path: string, routes: readonly RouteEntry[]): string | undefined {
  const byPath = new Map(routes.map((route) => [normalizePath(route.path), route]));
  let current = byPath.get(normalizePath(path));
  for (let hops = 0; current?.redirect && hops < 5; hops += 1) current = byPath.get(normalizePath(current.redirect));
  return current?.path;
}

function descendantPaths(node: MenuNode): string[] {
  return [node.path, ...node.children.flatMap(descendantPaths)].filter(Boolean);
}

function sectionPath(node: MenuNode): string {
  if (node.id === MenuId.mapSection) return '/map';
  if (node.id === MenuId.home) return '/';
  return node.path;
}

/** The renewal section carries a dot while a renewal is due. */
const dotFor = (node: MenuNode, renewFlag: boolean) => (renewFlag && node.id === MenuId.renewal ? { dot: true } : {});

/** One link to the page the node leads to, lit for every page below it. */
function linkFor(node: MenuNode, routes: readonly RouteEntry[], renewFlag: boolean): SidebarEntry | undefined {
  const target = resolveRoute(sectionPath(node), routes);
  if (!target) return undefined;
  const prefixes = node.id === MenuId.home ? ['/index', '/molddetail', '/detail'] : descendantPaths(node);
  return { key: target, label: node.name, icon: SECTION_ICONS[node.id], ...dotFor(node, renewFlag), prefixes };
}

/** A top-level section: one link, or a group of links to its granted sub-pages. */
function sectionFor(node: MenuNode, routes: readonly RouteEntry[], renewFlag: boolean): SidebarEntry | undefined {
  if (SINGLE_ENTRY_SECTIONS.has(node.id) || node.children.length === 0) return linkFor(node, routes, renewFlag);
  const children = node.children
    .map((child) => linkFor(child, routes, renewFlag))
    .filter((child): child is SidebarEntry => child !== undefined);
  if (children.length === 0) return undefined;
  return {
    key: `section:${node.id}`,
    label: node.name,
    icon: SECTION_ICONS[node.id],
    ...dotFor(node, renewFlag),
    children,
    prefixes: [],
  };
}

/** The sidebar: the user's menu tree in the spec's order (21 and 24 skipped), each entry to its first page. */
export function sidebarEntries(menu: readonly MenuEntry[], routes: readonly RouteEntry[], renewFlag: boolean) {
  return buildMenuTree(menu)
    .map((node) => sectionFor(node, routes, renewFlag))
    .filter((entry): entry is SidebarEntry => entry !== undefined);
}

/** The entry to highlight for a path (longest matching prefix) and the section holding it. */
export function activeEntry(entries: readonly SidebarEntry[], pathname: string): { key?: string; section?: string } {
  const path = normalizePath(pathname);
  let best: { key?: string; section?: string; length: number } = { length: 0 };
  const visit = (entry: SidebarEntry, section?: string) => {
    for (const prefix of entry.prefixes) {
      const normal = normalizePath(prefix);
      const matches = path === normal || path.startsWith(`${normal}/`);
      if (matches && normal.length > best.length) best = { key: entry.key, section, length: normal.length };
    }
    for (const child of entry.children ?? []) visit(child, entry.key);
  };
  for (const entry of entries) visit(entry);
  return { key: best.key, section: best.section };
}
