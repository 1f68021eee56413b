import { MENU_ITEMS, type MenuEntry } from '@mouldwatch/shared';

/** A Storage kept in memory, for code that takes one. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const entries = new Map(Object.entries(initial));
  return {
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

/** The menu the server would answer for these ids, every action granted, named in English. */
export const menuOf = (ids: readonly number[]): MenuEntry[] =>
  MENU_ITEMS.filter((item) => ids.includes(item.id)).map((item) => ({
    id: item.id,
    parent: item.parent,
    name: item.names.en,
    path: item.path,
    sort: item.sort,
    menuPermission: [...item.actions],
    api: item.api,
  }));
