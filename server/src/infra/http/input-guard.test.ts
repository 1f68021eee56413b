import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../test/envelope.js';
import { ADMIN, encode, startTestApp, type TestApp } from '../../../test/test-app.js';
import { findNul } from './input-guard.js';

describe('findNul', () => {
  it('finds a NUL in a string, a nested value or a key, and names where', () => {
    expect(findNul('a\u0000b')).toBe('');
    expect(findNul({ a: [1, { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNul({ a: 'fine', b: [1, null, true] })).toBeUndefined();
  });

  it('walks a value nested deeper than the call stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findNul(deep)).toBe('0.'.repeat(200_000).slice(0, -1));
  });
});

describe('a NUL byte anywhere in a request', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.login(ADMIN);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is a 400 naming the field: a login name, the mould list search, the state counts', async () => {
    const login = await app.request({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: 'a\u0000b', password: encode('whatever1') },
    });
    expect(login.statusCode).toBe(400);
    expect(expectEnvelope(login).msg).toBe('Invalid input: username: Must not contain a NUL character');
    for (const url of ['/api/yudata/mold/more/?search=%00', '/api/yudata/mold/stateCount/?lang=por&customer=a%00b']) {
      const response = await app.request({ method: 'GET', url, token: admin });
      expect(response.statusCode, url).toBe(400);
      expectEnvelope(response, url);
    }
  });
});
