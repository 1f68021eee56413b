import { useSyncExternalStore } from 'react';

/** The spec's narrow layout: a window under 1368 px wide. */
export const NARROW_LAYOUT_WIDTH = 1368;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useNarrowLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < NARROW_LAYOUT_WIDTH);
}
