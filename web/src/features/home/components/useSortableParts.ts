import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';

const loadSortableParts = () => import('./SortableMoulds');
export type SortableParts = Awaited<ReturnType<typeof loadSortableParts>>;

let loaded: SortableParts | undefined;

/** Starts loading drag and drop when the pointer or the focus reaches the reorder switch. */
export function preloadSortableParts(): void {
  void loadSortableParts().catch(() => undefined);
}

/**
 * Drag and drop while reordering, once loaded (at once after the first time); undefined otherwise.
 * If it cannot load, says so and calls `onUnavailable`.
 */
export function useSortableParts(reordering: boolean, onUnavailable: () => void): SortableParts | undefined {
  const { t } = useTranslation();
  const [parts, setParts] = useState(loaded);
  useEffect(() => {
    if (!reordering || parts) return;
    let current = true;
    loadSortableParts().then(
      (module) => {
        loaded = module;
        if (current) setParts(module);
      },
      () => {
        if (!current) return;
        toast.error(t('common.loadFailed'));
        onUnavailable();
      },
    );
    return () => {
      current = false;
    };
  }, [reordering, parts, onUnavailable, t]);
  return reordering ? parts : undefined;
}
