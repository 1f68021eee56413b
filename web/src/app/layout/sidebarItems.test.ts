import { describe, expect, it } from 'vitest';
import { MENU_ITEMS, MenuId, menuRoutes, type MenuEntry } from '@mouldwatch/shared';
import { menuOf } from '../../test/fixtures';
import { activeEntry, sidebarEntries } from './sidebarItems';

const everything = menuOf(MENU_ITEMS.map((item) => item.id));
const routesOf = (menu: MenuEntry[]) => menuRoutes(menu.map((entry) => entry.id));

describe('sidebar entries', () => {
  it('lists the sections in the spec order, each leading to its first page', () => {
    const entries = sidebarEntries(everything, routesOf(everything), false);
    expect(entries.map((entry) => entry.key)).toEqual([
      '/map',
      '/index',
      `section:${MenuId.moldSetting}`,
      '/workorder',
      `section:${MenuId.maintenance}`,
      '/report/nav',
      `section:${MenuId.alarm}`,
      `section:${MenuId.organization}`,
      `section:${MenuId.renewal}`,
    ]);
  });

  it('leads the maintenance entries past 21 and 24 to 22 and 25', () => {
    const maintenance = sidebarEntries(everything, routesOf(everything), false).find(
      (entry) => entry.key === `section:${MenuId.maintenance}`,
    );
    expect(maintenance?.children?.map((child) => child.key)).toEqual([
      '/maintenance/schedule/preventive',
      '/maintenance/history/preventive',
    ]);
  });

  it('shows only what the menu grants', () => {
    const viewer = menuOf([MenuId.home, MenuId.alarm, MenuId.alarmTemperature, MenuId.report]);
    const entries = sidebarEntries(viewer, routesOf(viewer), false);
    expect(entries.map((entry) => entry.key)).toEqual(['/index', '/report/nav', `section:${MenuId.alarm}`]);
    expect(entries[2]?.children?.map((child) => child.key)).toEqual(['/alarm/temperature']);
  });

  it('lights up home for the mould detail views and the section of a sub-page', () => {
    const entries = sidebarEntries(everything, routesOf(everything), false);
    expect(activeEntry(entries, '/detail/moldTemp').key).toBe('/index');
    expect(activeEntry(entries, '/moldsetting/moldgroup')).toEqual({
      key: '/moldsetting/moldgroup',
      section: `section:${MenuId.moldSetting}`,
    });
    expect(activeEntry(entries, '/nowhere').key).toBeUndefined();
  });
});
