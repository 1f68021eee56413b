import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultMoldInfo, parseLanguage, type DataRange } from '@mouldwatch/shared';
import { useSession } from '../../../lib/session';
import { browserTimeZone } from '../../../lib/timeZone';
import { useChannelChoice } from '../api/getChannelChoice';
import { useMould } from '../api/getMould';
import type { DetailView, ViewContext } from '../views';

const DEFAULT_INFO = defaultMoldInfo();
const NO_CHANNELS: readonly number[] = [];

/** The user's zone: the one chosen in the header, else the browser's. */
export const useZone = () => useSession((state) => state.timeZone) || browserTimeZone();

/**
 * What a view draws with: language, unit and zone of the user, the mould's settings (defaults
 * until they arrive) and, for a temperature view, the chosen channels. `pending` while the
 * channel choice is still on its way.
 */
export function useViewContext(view: DetailView, moldId: number, range: DataRange) {
  const { t, i18n } = useTranslation();
  const language = parseLanguage(i18n.language) ?? 'en';
  const unit = useSession((state) => state.unit);
  const zone = useZone();
  const info = useMould(moldId).data?.info ?? DEFAULT_INFO;
  const choice = useChannelChoice(moldId, view.channelSection !== undefined);
  const channels = (view.channelSection && choice.data?.[view.channelSection]) || NO_CHANNELS;
  const context = useMemo<ViewContext>(
    () => ({ t, language, unit, range, zone, info, channels }),
    [t, language, unit, range, zone, info, channels],
  );
  return { context, pending: view.channelSection !== undefined && choice.isPending };
}
