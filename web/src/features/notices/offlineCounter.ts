import { ALARM_DICTIONARY_STORAGE_PREFIX } from '../../lib/storage';

/** Offline popups for one mould within 24 hours (spec §9). */
export const OFFLINE_POPUPS_PER_DAY = 6;
const DAY_MS = 24 * 3600_000;

/** The spec's local alarm counter entry. */
export interface AlarmCounter {
  count: number;
  /** Epoch milliseconds after which the count starts again. */
  expire: number;
}

type Dictionary = Record<string, AlarmCounter>;

function read(storage: Storage): Dictionary {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(ALARM_DICTIONARY_STORAGE_PREFIX) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Dictionary) : {};
  } catch {
    return {};
  }
}

/**
 * Counts an offline popup for a mould. Answers whether to show it (at most 6 per mould per 24 h)
 * and which one this is; expired entries are dropped on the way.
 */
export function countOfflinePopup(storage: Storage | undefined, mould: string, now: number) {
  if (!storage) return { show: true, count: 1 };
  const dictionary = Object.fromEntries(Object.entries(read(storage)).filter(([, entry]) => entry.expire > now));
  const entry = dictionary[mould] ?? { count: 0, expire: now + DAY_MS };
  if (entry.count >= OFFLINE_POPUPS_PER_DAY) return { show: false, count: entry.count };
  dictionary[mould] = { count: entry.count + 1, expire: entry.expire };
  try {
    storage.setItem(ALARM_DICTIONARY_STORAGE_PREFIX, JSON.stringify(dictionary));
  } catch {
    // Storage full or disabled: the popup still shows.
  }
  return { show: true, count: entry.count + 1 };
}
