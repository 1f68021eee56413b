import { randomInt, timingSafeEqual } from 'node:crypto';
import type { ThrottleRule } from '../auth/login-throttle.js';

/** What a code is for: activating a signed-up account, or setting a forgotten password. */
export type CodePurpose = 'activate' | 'reset';

/** A code works for 10 minutes … */
export const CODE_VALID_MS = 10 * 60_000;
/** … and dies at its fifth wrong try. */
export const CODE_MAX_WRONG_TRIES = 5;

/** Sends to one e-mail address or phone: a few free, then growing waits (docs/decisions.md "Verification codes"). */
export const SEND_TO_ADDRESS_RULE: ThrottleRule = { freeFailures: 3, firstDelaySeconds: 60, maxDelaySeconds: 3600 };
/** Sends from one client address, whatever they are sent to: room for an office behind one NAT. */
export const SEND_FROM_CLIENT_RULE: ThrottleRule = { freeFailures: 20, firstDelaySeconds: 60, maxDelaySeconds: 3600 };
/** Sends for one account (by any of its addresses, or a sign-up's account name). */
export const SEND_FOR_ACCOUNT_RULE: ThrottleRule = { freeFailures: 3, firstDelaySeconds: 60, maxDelaySeconds: 3600 };

/** A code as it is kept: its keyed hash only. */
export interface StoredCode {
  codeHash: string;
  expiresAt: Date;
  wrongTries: number;
}

/** Six digits from the crypto generator, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A fresh code's record: it replaces whatever code the account had for the purpose. */
export function issuedCode(codeHash: string, now: Date): StoredCode {
  return { codeHash, expiresAt: new Date(now.getTime() + CODE_VALID_MS), wrongTries: 0 };
}

/**
 * What an offered code does to the stored one: `accepted` and `dead` remove it (a code is used
 * once; an expired or exhausted one is gone), `wrong` keeps it with one more wrong try.
 */
export type CodeVerdict = { outcome: 'accepted' } | { outcome: 'dead' } | { outcome: 'wrong'; stored: StoredCode };

export function judgeCode(stored: StoredCode | undefined, offeredHash: string, now: Date): CodeVerdict {
  if (!stored || stored.expiresAt <= now || stored.wrongTries >= CODE_MAX_WRONG_TRIES) return { outcome: 'dead' };
  if (sameHash(stored.codeHash, offeredHash)) return { outcome: 'accepted' };
  const wrongTries = stored.wrongTries + 1;
  return wrongTries >= CODE_MAX_WRONG_TRIES
    ? { outcome: 'dead' }
    : { outcome: 'wrong', stored: { ...stored, wrongTries } };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
