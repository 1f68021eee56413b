import { describe, expect, it } from 'vitest';
import { MENU_ITEMS, MenuId } from './menu-items.js';
import { buildMenuTree, expandMenuIds, grantedMenu, menuAllows, menuRoutes } from './menu-tree.js';

const entries = (ids: readonly number[]) => grantedMenu(ids);
const ALL_IDS = MENU_ITEMS.map((item) => item.id);

describe('menu tree', () => {
  it('orders top-level items as the spec says and skips 21, 24 and permission leaves', () => {
    const tree = buildMenuTree(entries(ALL_IDS));
    expect(tree.map((node) => node.id)).toEqual([202301050005, 4, 9, 6, 7, 8, 5, 10, 37]);
    const flat = JSON.stringify(tree);
    expect(flat).not.toContain('"id":21,');
    expect(flat).not.toContain('"id":24,');
    expect(flat).not.toContain('"id":33,');
    const maintenance = tree.find((node) => node.id === MenuId.maintenance);
    expect(maintenance?.children.map((child) => child.id)).toEqual([20, 23]);
    expect(maintenance?.children[0]?.children.map((child) => child.id)).toEqual([22]);
  });

  it('drops children whose parent is not granted', () => {
    const tree = buildMenuTree(entries([MenuId.role]));
    expect(tree).toEqual([]);
  });

  it('adds 11 when 4 is present', () => {
    expect(expandMenuIds([4]).has(11)).toBe(true);
    expect(expandMenuIds([5]).has(11)).toBe(false);
  });

  it('answers permission checks from menuPermission', () => {
    const menu = entries([MenuId.share, MenuId.shareUser]);
    expect(menuAllows(menu, MenuId.shareUser, 'ShareUser')).toBe(true);
    expect(menuAllows(menu, MenuId.shareUser, 'delete')).toBe(false);
    expect(menuAllows(menu, MenuId.user, 'view')).toBe(false);
  });
});

describe('route registration', () => {
  const byPath = (ids: number[]) => new Map(menuRoutes(ids).map((route) => [route.path, route]));

  it('redirects a parent to its first child, 21 to 22 and 24 to 25', () => {
    const routes = byPath([7, 20, 21, 22, 23, 24, 25]);
    expect(routes.get('/maintenance')?.redirect).toBe('/maintenance/schedule/preventive');
    expect(routes.get('/maintenance/schedule')?.redirect).toBe('/maintenance/schedule/preventive');
    expect(routes.get('/maintenance/history')?.redirect).toBe('/maintenance/history/preventive');
    expect(routes.get('/maintenance/schedule/preventive')?.redirect).toBeUndefined();
  });

  it('registers home with its children and the detail views it brings', () => {
    const routes = byPath([4, 12, 13]);
    expect(routes.get('/')?.redirect).toBe('/index');
    expect(routes.has('/index')).toBe(true);
    expect(routes.has('/molddetail')).toBe(true);
    expect(routes.get('/detail')?.redirect).toBe('/detail/moldStatus');
    expect(routes.has('/detail/moldTemp')).toBe(true);
    expect(routes.has('/detail/energy')).toBe(false);
  });

  it('registers the report and share sub-paths', () => {
    const routes = byPath([8, 9, 29]);
    expect(routes.get('/report')?.redirect).toBe('/report/nav');
    expect(routes.has('/report/detailList')).toBe(true);
    expect(routes.has('/report/products')).toBe(true);
    expect(routes.get('/moldsetting/share')?.redirect).toBe('/moldsetting/share/sharecontent');
    expect(routes.has('/moldsetting/share/accept')).toBe(true);
    expect(routes.get('/moldsetting')?.redirect).toBe('/moldsetting/share/sharecontent');
  });

  it('registers nothing for a parent without a granted child, nor for ungranted ids', () => {
    const routes = byPath([5]);
    expect(routes.has('/alarm')).toBe(false);
    expect(byPath([]).size).toBe(0);
  });
});
