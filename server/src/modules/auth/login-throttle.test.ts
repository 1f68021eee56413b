import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_RULE,
  FORGET_COUNTER_AFTER_MS,
  PAIR_RULE,
  afterSuccess,
  countersFor,
  delayAfter,
  secondsToWait,
  throttleAddress,
  withAttempt,
  type LoginCounter,
} from './login-throttle.js';

const start = new Date('2026-03-01T08:00:00Z');
const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const pair = (failures: number, lastAttemptAt = start): LoginCounter => ({
  account: 'boss',
  address: '10.0.0.1',
  failures,
  lastAttemptAt,
});

describe('delayAfter', () => {
  it('costs nothing for the free failures, then doubles from the first delay up to the cap', () => {
    const rule = { freeFailures: 3, firstDelaySeconds: 10, maxDelaySeconds: 100 };
    expect([0, 1, 2, 3, 4, 5, 6, 7, 1000].map((failures) => delayAfter(failures, rule))).toEqual([
      0, 0, 0, 10, 20, 40, 80, 100, 100,
    ]);
  });
});

describe('secondsToWait', () => {
  it('counts from the last attempt, in whole seconds rounded up', () => {
    expect(secondsToWait(pair(PAIR_RULE.freeFailures - 1), start)).toBe(0);
    expect(secondsToWait(pair(PAIR_RULE.freeFailures), start)).toBe(30);
    expect(secondsToWait(pair(PAIR_RULE.freeFailures), new Date(start.getTime() + 29_500))).toBe(1);
    expect(secondsToWait(pair(PAIR_RULE.freeFailures), later(30))).toBe(0);
    expect(secondsToWait(pair(PAIR_RULE.freeFailures + 2), later(60))).toBe(60);
  });

  it('applies the rule of the counter: an account counter is looser than a pair', () => {
    const account = { ...pair(PAIR_RULE.freeFailures), address: '' };
    expect(secondsToWait(account, start)).toBe(0);
    expect(secondsToWait({ ...account, failures: ACCOUNT_RULE.freeFailures }, start)).toBe(30);
  });

  it('never asks for more than the delay when the clock is behind the last attempt', () => {
    expect(secondsToWait(pair(0, later(3600)), start)).toBe(0);
    expect(secondsToWait(pair(PAIR_RULE.freeFailures, later(3600)), start)).toBe(30);
  });

  it('forgets the failures of a counter left alone for a day', () => {
    expect(secondsToWait(pair(1000), new Date(start.getTime() + FORGET_COUNTER_AFTER_MS))).toBe(0);
  });
});

describe('withAttempt and afterSuccess', () => {
  it('reserves an attempt as a failure now, from nothing on a forgotten counter', () => {
    expect(withAttempt(pair(7), later(5))).toEqual(pair(8, later(5)));
    const dayLater = new Date(start.getTime() + FORGET_COUNTER_AFTER_MS);
    expect(withAttempt(pair(7), dayLater)).toEqual(pair(1, dayLater));
  });

  it('clears the (account, address) counter and gives the shared ones their attempt back', () => {
    expect(afterSuccess(pair(7)).failures).toBe(0);
    expect(afterSuccess({ ...pair(7), address: '' }).failures).toBe(6);
    expect(afterSuccess({ ...pair(7), account: '' }).failures).toBe(6);
    expect(afterSuccess({ ...pair(0), account: '' }).failures).toBe(0);
  });
});

describe('countersFor', () => {
  it('checks the pair, the address and the account; only the pair from a known address', () => {
    expect(countersFor('boss', '10.0.0.1', false)).toEqual([
      { account: 'boss', address: '10.0.0.1' },
      { account: '', address: '10.0.0.1' },
      { account: 'boss', address: '' },
    ]);
    expect(countersFor('boss', '10.0.0.1', true)).toEqual([{ account: 'boss', address: '10.0.0.1' }]);
  });
});

describe('throttleAddress', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and counts IPv6 by its /64', () => {
    expect(throttleAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('2001:db8:0:12:a:b:c:d')).toBe('2001:db8:0:12::/64');
    expect(throttleAddress('2001:DB8:0000:0012::1')).toBe('2001:db8:0:12::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
  });
});
