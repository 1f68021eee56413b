import { describe, expect, it, vi } from 'vitest';
import type { MenuEntry, UserInfo } from '@mouldwatch/shared';
import { createSessionStore } from '../lib/session';
import { bootstrapSession, type BootstrapDeps } from './bootstrap';

const HOME: MenuEntry = { id: 4, parent: null, name: 'Home', path: '/', sort: 1, menuPermission: ['view'], api: false };

function deps(overrides: Partial<BootstrapDeps> = {}) {
  const store = createSessionStore(undefined, () => 8);
  const calls: string[] = [];
  const base: BootstrapDeps = {
    session: store.getState,
    browserTimeZone: () => 'Asia/Shanghai',
    utcOffsetForZone: () => 8,
    fetchUserInfo: async () => ({ timeZone: 'Asia/Kolkata', utcOffset: 5.5 }) as UserInfo,
    fetchMenu: async () => [HOME],
    applyUser: () => calls.push('applyUser'),
    isSessionGone: () => false,
    notifyEmptyMenu: () => calls.push('20518'),
    logout: () => calls.push('logout'),
    reload: () => calls.push('reload'),
    later: (run, ms) => {
      calls.push(`later ${ms}`);
      run();
    },
  };
  return { store, calls, deps: { ...base, ...overrides } };
}

describe('first navigation after login', () => {
  it('sets the time zone first, then loads user info and the menu', async () => {
    const order: string[] = [];
    const { store, deps: d } = deps({
      fetchUserInfo: async () => {
        order.push(`user after zone ${store.getState().timeZone}`);
        return {} as UserInfo;
      },
      fetchMenu: async () => {
        order.push('menu');
        return [HOME];
      },
    });
    expect(await bootstrapSession(d)).toBe('ready');
    expect(order).toEqual(['user after zone Asia/Shanghai', 'menu']);
    expect(store.getState().utcOffset).toBe(8);
    expect(store.getState().menu).toEqual([HOME]);
  });

  it('shows 20518, logs out and reloads after 1 second on an empty menu', async () => {
    const { calls, store, deps: d } = deps({ fetchMenu: async () => [] });
    expect(await bootstrapSession(d)).toBe('emptyMenu');
    expect(calls).toEqual(['applyUser', '20518', 'logout', 'later 1000', 'reload']);
    expect(store.getState().menu).toBeNull();
  });

  it('logs out and reloads when the menu cannot be loaded', async () => {
    const { calls, deps: d } = deps({ fetchMenu: vi.fn().mockRejectedValue(new Error('down')) });
    expect(await bootstrapSession(d)).toBe('failed');
    expect(calls).toEqual(['applyUser', 'logout', 'reload']);
  });

  it('stops when the session is gone while loading the user', async () => {
    const fetchMenu = vi.fn();
    const { deps: d } = deps({
      fetchUserInfo: vi.fn().mockRejectedValue(new Error('5000')),
      isSessionGone: () => true,
      fetchMenu,
    });
    expect(await bootstrapSession(d)).toBe('failed');
    expect(fetchMenu).not.toHaveBeenCalled();
  });
});
