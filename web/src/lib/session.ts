import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { MenuEntry, TemperatureUnit, ThermocoupleType } from '@mouldwatch/shared';
import type { MapVariant } from './geo';
import { browserStorage } from './storage';
import { utcOffsetForZone } from './timeZone';

/** The mould chosen on the home screen; its detail views read it. Shaped by the home feature. */
export type SelectedMould = Record<string, unknown>;

/** Session state of the spec (§3 "Session state"), plus the persisted fullscreen flag. */
export interface SessionState {
  unit: TemperatureUnit;
  jkType: ThermocoupleType;
  /** IANA zone the console shows times in ('' until set after login). */
  timeZone: string;
  /** Hours from UTC of that zone (5.5 for +05:30); null until set. */
  utcOffset: number | null;
  /** The user's menu from the server; null until loaded after login. */
  menu: MenuEntry[] | null;
  /** Map provider of the header radio; null until chosen or detected. */
  curMap: MapVariant | null;
  noticeNum: number;
  /** The newest notice `noticeNum` counts (the last ping's `countedThrough`); not persisted. */
  noticeCountedThrough: number;
  renewFlag: boolean;
  homeSelectMold: SelectedMould | null;
  homeSelectMoldId: number | null;
  renewMoldIds: number[];
  fullscreenFlag: boolean;
}

export interface SessionActions {
  setUnit(unit: TemperatureUnit): void;
  setJkType(jkType: ThermocoupleType): void;
  setTimeZone(timeZone: string, utcOffset: number): void;
  setMenu(menu: MenuEntry[] | null): void;
  setCurMap(curMap: MapVariant): void;
  setNoticeNum(noticeNum: number): void;
  /** A ping's unread count, and the newest notice it counted. */
  countNotices(noticeNum: number, countedThrough: number): void;
  /** A pushed notice is one more unread, unless the last ping's count already had it. */
  noticeArrived(noticeId: number): void;
  setRenewFlag(renewFlag: boolean): void;
  setHomeSelectMold(mould: SelectedMould | null, mouldId: number | null): void;
  setRenewMoldIds(ids: number[]): void;
  setFullscreenFlag(fullscreenFlag: boolean): void;
  /** What logout resets: unit C, thermocouple J, no selected mould, no menu, no counters. */
  resetOnLogout(): void;
}

export type SessionStore = SessionState & SessionActions;

/** Exactly these fields are kept in localStorage, each under its own name. */
export const PERSISTED_SESSION_KEYS = [
  'curMap',
  'timeZone',
  'unit',
  'fullscreenFlag',
  'homeSelectMold',
  'homeSelectMoldId',
  'jkType',
] as const satisfies readonly (keyof SessionState)[];
type PersistedKey = (typeof PERSISTED_SESSION_KEYS)[number];

export const SESSION_DEFAULTS: SessionState = {
  unit: 'C',
  jkType: 'J',
  timeZone: '',
  utcOffset: null,
  menu: null,
  curMap: null,
  noticeNum: 0,
  noticeCountedThrough: 0,
  renewFlag: false,
  homeSelectMold: null,
  homeSelectMoldId: null,
  renewMoldIds: [],
  fullscreenFlag: false,
};

interface Codec<T> {
  read(raw: string): T | undefined;
  write(value: T): string | null;
}
const codecs: { [K in PersistedKey]: Codec<SessionState[K]> } = {
  curMap: {
    read: (raw) => (raw === '1' ? 1 : raw === '2' ? 2 : undefined),
    write: (value) => (value === null ? null : String(value)),
  },
  timeZone: { read: (raw) => raw || undefined, write: (value) => value || null },
  unit: { read: (raw) => (raw === 'C' || raw === 'F' ? raw : undefined), write: (value) => value },
  jkType: { read: (raw) => (raw === 'J' || raw === 'K' ? raw : undefined), write: (value) => value },
  fullscreenFlag: {
    read: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
    write: (value) => String(value),
  },
  homeSelectMold: {
    read: (raw) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as SelectedMould) : undefined;
      } catch {
        return undefined;
      }
    },
    write: (value) => (value === null ? null : JSON.stringify(value)),
  },
  homeSelectMoldId: {
    read: (raw) => (/^\d+$/.test(raw) ? Number(raw) : undefined),
    write: (value) => (value === null ? null : String(value)),
  },
};

function readPersisted(storage: Storage | undefined): Partial<SessionState> {
  if (!storage) return {};
  const state: Partial<Record<PersistedKey, unknown>> = {};
  for (const key of PERSISTED_SESSION_KEYS) {
    const raw = storage.getItem(key);
    if (raw === null) continue;
    const value = (codecs[key] as Codec<unknown>).read(raw);
    if (value !== undefined) state[key] = value;
  }
  return state as unknown as Partial<SessionState>;
}

function writePersisted(storage: Storage | undefined, state: SessionState, previous: SessionState): void {
  if (!storage) return;
  for (const key of PERSISTED_SESSION_KEYS) {
    if (state[key] === previous[key]) continue;
    const raw = (codecs[key] as Codec<unknown>).write(state[key]);
    try {
      if (raw === null) storage.removeItem(key);
      else storage.setItem(key, raw);
    } catch {
      // Storage full or disabled: the value lasts for this page only.
    }
  }
}

/**
 * Builds the session store over a storage. `offsetForZone` restores the UTC offset of a persisted
 * zone (the offset itself is not persisted).
 */
export function createSessionStore(
  storage: Storage | undefined,
  offsetForZone: (zone: string) => number,
): UseBoundStore<StoreApi<SessionStore>> {
  const persisted = readPersisted(storage);
  const initial: SessionState = { ...SESSION_DEFAULTS, ...persisted };
  if (initial.timeZone) initial.utcOffset = offsetForZone(initial.timeZone);

  const store = create<SessionStore>()((set) => ({
    ...initial,
    setUnit: (unit) => set({ unit }),
    setJkType: (jkType) => set({ jkType }),
    setTimeZone: (timeZone, utcOffset) => set({ timeZone, utcOffset }),
    setMenu: (menu) => set({ menu }),
    setCurMap: (curMap) => set({ curMap }),
    setNoticeNum: (noticeNum) => set({ noticeNum }),
    countNotices: (noticeNum, noticeCountedThrough) => set({ noticeNum, noticeCountedThrough }),
    noticeArrived: (noticeId) =>
      set((state) => (noticeId > state.noticeCountedThrough ? { noticeNum: state.noticeNum + 1 } : {})),
    setRenewFlag: (renewFlag) => set({ renewFlag }),
    setHomeSelectMold: (homeSelectMold, homeSelectMoldId) => set({ homeSelectMold, homeSelectMoldId }),
    setRenewMoldIds: (renewMoldIds) => set({ renewMoldIds }),
    setFullscreenFlag: (fullscreenFlag) => set({ fullscreenFlag }),
    resetOnLogout: () =>
      set({
        unit: 'C',
        jkType: 'J',
        menu: null,
        noticeNum: 0,
        noticeCountedThrough: 0,
        renewFlag: false,
        homeSelectMold: null,
        homeSelectMoldId: null,
        renewMoldIds: [],
      }),
  }));
  store.subscribe((state, previous) => writePersisted(storage, state, previous));
  return store;
}

/** The console's session store. */
export const useSession = createSessionStore(browserStorage(), utcOffsetForZone);
