import type { RenewalMessage } from '@mouldwatch/shared';
import { api } from './api';

/** The query of the renewal flag; the renewal screens invalidate it after an order changes. */
export const RENEWAL_MESSAGE_KEY = ['renewalMessage'] as const;

/**
 * GET /api/renewal/renewal_message/ (`cancel`: dismiss the red dot until something new is due).
 * Sets the session's renewFlag and renewMoldIds (spec §3, §4) through the caller.
 */
export async function fetchRenewalMessage(cancel = false, signal?: AbortSignal): Promise<RenewalMessage> {
  return (
    await api.get<RenewalMessage>('/renewal/renewal_message/', { query: { cancel: cancel ? 1 : undefined }, signal })
  ).data;
}
