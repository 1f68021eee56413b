import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, encode, startTestApp, type TestApp } from '../../../test/test-app.js';
import { ADDRESS_RULE } from './login-throttle.js';

const PROXY = '127.0.0.1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: `${PROXY},::1` });
});
afterAll(async () => {
  await app?.close();
});

/** A login that reaches the server from `peer`, claiming to be for `forwardedFor`. */
const login = (username: string, password: string, peer: string, forwardedFor: string) =>
  app.request({
    method: 'POST',
    url: '/api/login/en_US',
    payload: { username, password: encode(password) },
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });

const failEveryFreeAttempt = async (peer: string, forwardedFor: (attempt: number) => string) => {
  for (let attempt = 1; attempt <= ADDRESS_RULE.freeFailures; attempt++) {
    expect((await login(`ghost${attempt}`, 'wrong1234', peer, forwardedFor(attempt))).statusCode).toBe(422);
  }
};

describe('login throttling behind a reverse proxy (TRUST_PROXY)', () => {
  it('counts the client the trusted proxy names, so one client does not hold back the others', async () => {
    await failEveryFreeAttempt(PROXY, () => '203.0.113.5');
    expect((await login(ADMIN.username, ADMIN.password, PROXY, '203.0.113.5')).statusCode).toBe(429);
    expect((await login(ADMIN.username, ADMIN.password, PROXY, '203.0.113.6')).statusCode).toBe(200);
  });

  it('believes no X-Forwarded-For from anyone else: a new claimed address each time still counts as the sender', async () => {
    await failEveryFreeAttempt('198.51.100.7', (attempt) => `203.0.113.${100 + attempt}`);
    expect((await login(ADMIN.username, ADMIN.password, '198.51.100.7', '203.0.113.200')).statusCode).toBe(429);
  });
});
