import type { Query } from '@tanstack/react-query';
import type { LiveServerMessage } from '@mouldwatch/shared';

type MouldsMessage = Extract<LiveServerMessage, { type: 'moulds' }>;

/**
 * Screens that show moulds keep them under query keys whose first part names them: the home
 * lists and facts ('home'), the detail views ('moldDetail'), the mould settings and permission
 * trees ('mold…', 'mould…', 'users'). These are read again when the user's moulds change.
 */
const SHOWS_MOULDS = /^(home|users)$|mou?ld/i;

export function showsMoulds(query: Pick<Query, 'queryKey'>): boolean {
  const [root] = query.queryKey;
  return typeof root === 'string' && SHOWS_MOULDS.test(root);
}

/** The mould screens that show one chosen mould: the facts and its detail views. */
const SINGLE_MOULD_PATH = /^\/(molddetail|detail\/)/i;

/**
 * Whether the console must leave the screen it shows: a mould taken away from the user, or
 * deleted, is the one its facts or detail view shows.
 */
export function mustLeave(message: MouldsMessage, pathname: string, shownMoldId: number | null): boolean {
  if (message.change !== 'revoked' && message.change !== 'removed') return false;
  return shownMoldId !== null && SINGLE_MOULD_PATH.test(pathname) && message.mold_ids.includes(shownMoldId);
}
