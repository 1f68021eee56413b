import { describe, expect, it } from 'vitest';
import { MENU_ITEMS, MenuId } from '@mouldwatch/shared';
import { menuOf } from '../test/fixtures';
import { decideEntry, decideUnmatched, landingPath, pathAccess, routesForMenu } from './guard';
import { SCREENS } from './screens';

describe('entry decisions', () => {
  it('lets only the public pages through without a token', () => {
    expect(decideEntry('/login', false)).toEqual({ kind: 'public' });
    expect(decideEntry('/loginByShare', false)).toEqual({ kind: 'public' });
    expect(decideEntry('/unsubscribeinfo?lang=en', false)).toEqual({ kind: 'public' });
    expect(decideEntry('/index', false)).toEqual({ kind: 'toLogin' });
    expect(decideEntry('/', false)).toEqual({ kind: 'toLogin' });
  });

  it('keeps a logged-in user on the previous path when /login is asked for', () => {
    expect(decideEntry('/login', true, '/alarm/temperature')).toEqual({
      kind: 'alreadyLoggedIn',
      to: '/alarm/temperature',
    });
    expect(decideEntry('/login/', true)).toEqual({ kind: 'alreadyLoggedIn', to: '/' });
    expect(decideEntry('/index', true)).toEqual({ kind: 'app' });
  });
});

describe('route registration', () => {
  it('gives every registered screen path a screen', () => {
    const routes = routesForMenu(menuOf(MENU_ITEMS.map((item) => item.id)));
    const screens = routes.filter((route) => !route.redirect).map((route) => route.path);
    expect(screens.filter((path) => !(path in SCREENS))).toEqual([]);
  });

  it('tells granted, forbidden and unknown paths apart', () => {
    const routes = routesForMenu(menuOf([MenuId.home, MenuId.moldTemp, MenuId.report]));
    expect(pathAccess('/index', routes)).toBe('granted');
    expect(pathAccess('/detail/moldTemp', routes)).toBe('granted');
    expect(pathAccess('/organization/user', routes)).toBe('forbidden');
    expect(pathAccess('/no/such/page', routes)).toBe('unknown');
  });

  it('lands on home when granted, else on the first sidebar page', () => {
    const withHome = menuOf([MenuId.home, MenuId.alarm, MenuId.alarmNetwork]);
    expect(landingPath(withHome, routesForMenu(withHome))).toBe('/');
    const alarmsOnly = menuOf([MenuId.alarm, MenuId.alarmNetwork]);
    expect(landingPath(alarmsOnly, routesForMenu(alarmsOnly))).toBe('/alarm');
  });

  it('refuses a page of another role with the toast, and shows a mistyped path as not found, without it', () => {
    const menu = menuOf([MenuId.home, MenuId.moldTemp, MenuId.report]);
    const routes = routesForMenu(menu);
    expect(decideUnmatched('/organization/user', menu, routes, '/report/nav')).toEqual({
      kind: 'forbidden',
      to: '/report/nav',
    });
    expect(decideUnmatched('/organization/user', menu, routes)).toEqual({ kind: 'forbidden', to: '/' });
    expect(decideUnmatched('/no/such/page', menu, routes, '/report/nav')).toEqual({ kind: 'notFound' });
    expect(decideUnmatched('/Detail/NoSuchView/', menu, routes)).toEqual({ kind: 'notFound' });
  });

  it('leads `/` without home to the first page of the sidebar, quietly', () => {
    const alarmsOnly = menuOf([MenuId.alarm, MenuId.alarmNetwork]);
    expect(decideUnmatched('/', alarmsOnly, routesForMenu(alarmsOnly), '/alarm/network')).toEqual({
      kind: 'landing',
      to: '/alarm',
    });
  });

  it('registers nothing for a menu of permission leaves only', () => {
    expect(routesForMenu(menuOf([MenuId.shareUser]))).toEqual([]);
  });
});
