import { timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_ACTION } from '@mouldwatch/shared';
import type { TokenService } from '../../infra/security/tokens.js';

/**
 * The token of an unsubscribe link: `alerts-off.<userId>.<HMAC>` under the install's secret. It
 * names one user and one action, works without a session and does not expire (a message read a
 * year later must still stop the next ones; all it can do is switch that user's alerts off).
 */
const PURPOSE = 'unsubscribe';

export function signUnsubscribeToken(tokens: TokenService, userId: number): string {
  const payload = `${UNSUBSCRIBE_ACTION}.${userId}`;
  return `${payload}.${tokens.mac(PURPOSE, payload)}`;
}

/** The user a genuine token names, or undefined for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(tokens: TokenService, token: string): number | undefined {
  const match = /^([a-z-]+)\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match || match[1] !== UNSUBSCRIBE_ACTION) return undefined;
  const payload = `${match[1]}.${match[2]}`;
  const expected = Buffer.from(tokens.mac(PURPOSE, payload));
  const given = Buffer.from(match[3] ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const userId = Number(match[2]);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : undefined;
}
