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
export { grantedMenu as menuOf } from '@mouldwatch/shared';

/**
 * What antd asks of the browser and jsdom lacks: matchMedia (a modal's breakpoints, matching
 * nothing here) and ResizeObserver (auto-sized text areas, virtual lists; never reporting).
 */
export function fillJsdomGaps(): void {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }) as unknown as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
