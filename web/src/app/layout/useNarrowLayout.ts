import { useSyncExternalStore } from 'react';

/** The spec's narrow layout: a window under 1368 px wide. */
export const NARROW_LAYOUT_WIDTH = 1368;
/**
 * Phones (and small tablets): under 900 px the sidebar becomes a drawer and the header's controls
 * move into its menu. The narrow header's row of controls needs about 850 px beside the sidebar.
 */
export const PHONE_LAYOUT_WIDTH = 900;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function useWindowNarrowerThan(width: number): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < width);
}

export function useNarrowLayout(): boolean {
  return useWindowNarrowerThan(NARROW_LAYOUT_WIDTH);
}

export function usePhoneLayout(): boolean {
  return useWindowNarrowerThan(PHONE_LAYOUT_WIDTH);
}
