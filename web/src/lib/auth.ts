import type { UserInfo } from '@mouldwatch/shared';
import { queryClient } from './queryClient';
import { useSession } from './session';
import { removeUserEntries } from './storage';
import { utcOffsetForZone } from './timeZone';
import { clearToken, setToken } from './token';

/** Query key of the logged-in user's info (GET /api/yudata/user/user_info/). */
export const USER_INFO_QUERY_KEY = ['session', 'userInfo'] as const;

/** Adopts the user's saved display preferences (time zone, unit, thermocouple type). */
export function applyUserPreferences(user: Partial<UserInfo>): void {
  const session = useSession.getState();
  if (user.timeZone) {
    const offset = typeof user.utcOffset === 'number' ? user.utcOffset : utcOffsetForZone(user.timeZone);
    session.setTimeZone(user.timeZone, offset);
  }
  if (user.unit === 'C' || user.unit === 'F') session.setUnit(user.unit);
  if (user.jkType === 'J' || user.jkType === 'K') session.setJkType(user.jkType);
}

/** After a successful login: keep the token, remember the user, adopt their preferences. */
export function startSession(token: string, user: UserInfo | undefined): void {
  setToken(token);
  useSession.getState().setMenu(null);
  if (user) {
    queryClient.setQueryData(USER_INFO_QUERY_KEY, user);
    applyUserPreferences(user);
  }
}

/**
 * Local part of logging out: forget the token, the user, the selected mould, report and
 * alarm-dictionary entries; unit back to C and thermocouple type to J; drop cached server data.
 */
export function endSession(): void {
  clearToken();
  useSession.getState().resetOnLogout();
  removeUserEntries();
  queryClient.clear();
}
