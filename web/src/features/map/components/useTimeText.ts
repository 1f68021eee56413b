import { useCallback } from 'react';
import { currentLanguage } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { browserTimeZone } from '../../../lib/timeZone';

/** Formats epoch seconds in the user's zone and language. */
export function useTimeText(): (epochSeconds: number | null) => string {
  const zone = useSession((state) => state.timeZone) || browserTimeZone();
  return useCallback(
    (epochSeconds: number | null) =>
      epochSeconds === null ? '—' : formatDateTime(epochSeconds, zone, currentLanguage()),
    [zone],
  );
}
