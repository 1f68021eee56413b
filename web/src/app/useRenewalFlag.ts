import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MenuId } from '@mouldwatch/shared';
import { RENEWAL_MESSAGE_KEY, fetchRenewalMessage } from '../lib/renewalFlag';
import { useSession } from '../lib/session';

/** The flag changes with the calendar (a mould reaching 30 or 15 days) or an order: asked again this often. */
const REFRESH_MS = 10 * 60_000;

/**
 * The sidebar's red dot on Renewal (menu 37): set from renewal_message once the menu holds the
 * renewal entry, refreshed now and then and whenever a renewal screen invalidates the query.
 */
export function useRenewalFlag(): void {
  const hasRenewal = useSession((state) => state.menu?.some((entry) => entry.id === MenuId.renewal) ?? false);
  const message = useQuery({
    queryKey: RENEWAL_MESSAGE_KEY,
    queryFn: ({ signal }) => fetchRenewalMessage(false, signal),
    enabled: hasRenewal,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const data = message.data;
  useEffect(() => {
    const session = useSession.getState();
    session.setRenewFlag(hasRenewal && (data?.flag ?? false));
    session.setRenewMoldIds(hasRenewal ? (data?.mold_ids ?? []) : []);
  }, [data, hasRenewal]);
}
