import type { MenuEntry, UserInfo } from '@mouldwatch/shared';
import type { SessionStore } from '../lib/session';
import { routesForMenu } from './guard';

/** What the first navigation after login needs; injected so the sequence can be tested. */
export interface BootstrapDeps {
  session(): SessionStore;
  browserTimeZone(): string;
  utcOffsetForZone(zone: string): number;
  fetchUserInfo(): Promise<UserInfo>;
  fetchMenu(): Promise<MenuEntry[]>;
  /** Adopts the user's saved time zone, unit and thermocouple type. */
  applyUser(user: UserInfo): void;
  /** True when the failure already logged the user out (body code 5000). */
  isSessionGone(error: unknown): boolean;
  /** Error toast 20518. */
  notifyEmptyMenu(): void;
  logout(): void;
  reload(): void;
  later(run: () => void, ms: number): void;
}

export type BootstrapResult = 'ready' | 'emptyMenu' | 'failed';

/**
 * The first navigation after login (spec §2 "Route guard"): set the time zone and UTC offset (the
 * user's saved ones, else the browser's), load the user info, then the menu. A failed menu load logs
 * out and reloads; an empty menu shows 20518, logs out and reloads after 1 second.
 */
export async function bootstrapSession(deps: BootstrapDeps): Promise<BootstrapResult> {
  const session = deps.session();
  const zone = session.timeZone || deps.browserTimeZone();
  const offset = session.timeZone && session.utcOffset !== null ? session.utcOffset : deps.utcOffsetForZone(zone);
  session.setTimeZone(zone, offset);

  try {
    deps.applyUser(await deps.fetchUserInfo());
  } catch (error) {
    if (deps.isSessionGone(error)) return 'failed';
    // Shown by the API client; the console still works without the profile.
  }

  let menu: MenuEntry[];
  try {
    menu = await deps.fetchMenu();
  } catch {
    deps.logout();
    deps.reload();
    return 'failed';
  }

  if (menu.length === 0 || routesForMenu(menu).length === 0) {
    deps.notifyEmptyMenu();
    deps.logout();
    deps.later(() => deps.reload(), 1000);
    return 'emptyMenu';
  }
  deps.session().setMenu(menu);
  return 'ready';
}
