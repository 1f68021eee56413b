import { isIPv6 } from 'node:net';

/**
 * Login throttling rules (docs/decisions.md, "Login throttling"): growing waits rather than a lock,
 * counted per (account, address), per address and per account.
 */
export interface ThrottleRule {
  /** Failures that cost no wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure … */
  firstDelaySeconds: number;
  /** … up to this. */
  maxDelaySeconds: number;
}

/** One guesser at one account: the owner's own typos spend these too, and a success clears them. */
export const PAIR_RULE: ThrottleRule = { freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60 };
/** One address across accounts: looser, so that an office behind one NAT can still mistype. */
export const ADDRESS_RULE: ThrottleRule = { freeFailures: 30, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60 };
/** One account across the addresses it was never used from: the ceiling against distributed guessing. */
export const ACCOUNT_RULE: ThrottleRule = { freeFailures: 20, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60 };

/** A counter left alone this long starts again from nothing (and its row is pruned). */
export const FORGET_COUNTER_AFTER_MS = 24 * 3600_000;
/** An address not logged in from for this long is no longer the owner's. */
export const FORGET_KNOWN_ADDRESS_AFTER_MS = 90 * 24 * 3600_000;

/** A counter's key; `''` means "any": (account, '') counts an account, ('', address) an address. */
export interface CounterKey {
  account: string;
  address: string;
}

export interface LoginCounter extends CounterKey {
  failures: number;
  lastAttemptAt: Date;
}

type CounterScope = 'pair' | 'address' | 'account';
const RULES: Record<CounterScope, ThrottleRule> = { pair: PAIR_RULE, address: ADDRESS_RULE, account: ACCOUNT_RULE };

function scopeOf(key: CounterKey): CounterScope {
  if (!key.account) return 'address';
  if (!key.address) return 'account';
  return 'pair';
}

/**
 * The counters an attempt at `account` from `address` must pass. From an address the account has
 * logged in from before, only its own (account, address) counter: strangers elsewhere, or others
 * behind the same address trying other accounts, cannot hold the owner back there.
 */
export function countersFor(account: string, address: string, knownAddress: boolean): CounterKey[] {
  const pair = { account, address };
  if (knownAddress) return [pair];
  return [pair, { account: '', address }, { account, address: '' }];
}

/** Seconds to wait before the next attempt after `failures` failures: none, then doubling, capped. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** (failures - rule.freeFailures));
}

function liveFailures(counter: LoginCounter, now: Date): number {
  return now.getTime() - counter.lastAttemptAt.getTime() >= FORGET_COUNTER_AFTER_MS ? 0 : counter.failures;
}

/**
 * Whole seconds until the counter lets an attempt through at `now` (under its login rule unless
 * another is given); 0 when it may go now. Never
 * more than the delay itself, should `now` be behind the last attempt (another instance's clock).
 */
export function secondsToWait(counter: LoginCounter, now: Date, rule = RULES[scopeOf(counter)]): number {
  const delay = delayAfter(liveFailures(counter, now), rule);
  const sinceLastAttempt = (now.getTime() - counter.lastAttemptAt.getTime()) / 1000;
  return Math.min(delay, Math.max(0, Math.ceil(delay - sinceLastAttempt)));
}

/** The counter with an attempt reserved: counted as a failure until the password proves otherwise. */
export function withAttempt(counter: LoginCounter, now: Date): LoginCounter {
  return { ...counter, failures: liveFailures(counter, now) + 1, lastAttemptAt: now };
}

/** After a successful login: its own (account, address) counter cleared, the shared ones given the attempt back. */
export function afterSuccess(counter: LoginCounter): LoginCounter {
  const failures = scopeOf(counter) === 'pair' ? 0 : Math.max(0, counter.failures - 1);
  return { ...counter, failures };
}

/**
 * The part of a client address that throttling counts: an IPv4 address as it is, an IPv6 address
 * by its /64 (one subscriber's usual share, whose addresses they can change at will).
 */
export function throttleAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const mappedIPv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mappedIPv4) return mappedIPv4;
  if (!isIPv6(bare)) return bare || 'unknown';
  const [head = '', tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 address (the last 32 bits) takes the room of two groups.
  const tailLength = tailGroups.reduce((length, group) => length + (group.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailLength).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
