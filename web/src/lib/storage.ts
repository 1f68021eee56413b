/** Safe access to localStorage: private modes and disabled storage must not break the console. */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Local entries tied to the logged-in user; logout removes them (spec §4, login flow). */
export const USER_STORAGE_KEY = 'user';
/** Report screens keep their last choices under keys starting with this. */
export const REPORT_STORAGE_PREFIX = 'report';
/** The local alarm counters ({count, expire}, offline alarms shown per mould) start with this. */
export const ALARM_DICTIONARY_STORAGE_PREFIX = 'alarmDictionary';

/** Removes the user, report and alarm-dictionary entries. The selected mould is cleared by the store. */
export function removeUserEntries(storage: Storage | undefined = browserStorage()): void {
  if (!storage) return;
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key === null) continue;
    if (
      key === USER_STORAGE_KEY ||
      key.startsWith(REPORT_STORAGE_PREFIX) ||
      key.startsWith(ALARM_DICTIONARY_STORAGE_PREFIX)
    ) {
      doomed.push(key);
    }
  }
  for (const key of doomed) storage.removeItem(key);
}
