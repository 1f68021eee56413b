import { createHash, randomBytes } from 'node:crypto';
import { SHARE_LINK_DAYS } from '@mouldwatch/shared';

const DAY_MS = 86_400_000;

/** A new share link's token: 256 random bits, URL-safe. Only its hash is stored. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. A guess must hit one of 2^256 tokens. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(`share-link:${token}`).digest('hex');
}

/** A token as links carry it: 43 URL-safe characters (anything else is refused before a lookup). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function shareLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + SHARE_LINK_DAYS * DAY_MS);
}

export type ShareLinkState = 'valid' | 'used' | 'expired';

/** Used beats expired: a used link says "log in with your account", which is what helps then. */
export function shareLinkState(link: { used_at: Date | null; expires_at: Date }, now: Date): ShareLinkState {
  if (link.used_at !== null) return 'used';
  return link.expires_at.getTime() <= now.getTime() ? 'expired' : 'valid';
}

const MAX_BASE = 24;

/**
 * The user name of an account a share makes: the e-mail's local part, letters, digits and . _ -
 * only (the account rule: 3 to 32 characters, no spaces or Chinese), at most 24 characters, padded
 * to 3; `attempt` > 0 adds a suffix for when the name is taken.
 */
export function usernameFromEmail(email: string, attempt = 0, suffix = ''): string {
  const local = email.split('@')[0] ?? '';
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, MAX_BASE);
  if (base.length < 3) base = `${base}user`.slice(0, Math.max(3, base.length + 4));
  return attempt === 0 ? base : `${base}-${suffix}`;
}

/** The display name of such an account until its holder changes it: the local part as a person's name allows. */
export function nameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .replace(/[^\p{L}\p{M}\d .'-]/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  return local.slice(0, 64) || 'Guest';
}
