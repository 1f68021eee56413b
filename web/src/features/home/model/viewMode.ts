import { browserStorage } from '../../../lib/storage';

export type ViewMode = 'cards' | 'rows';

/** Where the user's choice of cards or rows is kept. */
export const VIEW_MODE_STORAGE_KEY = 'homeView';

export function readViewMode(storage: Storage | undefined = browserStorage()): ViewMode {
  try {
    return storage?.getItem(VIEW_MODE_STORAGE_KEY) === 'rows' ? 'rows' : 'cards';
  } catch {
    return 'cards';
  }
}

export function writeViewMode(mode: ViewMode, storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}
