import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, VIEWER, encode, startTestApp, type TestApp } from '../../../test/test-app.js';
import { ACCOUNT_RULE, ADDRESS_RULE, PAIR_RULE } from './login-throttle.js';

let app: TestApp;
/** The app's clock: throttling waits are measured by it, and tests move it on. */
let clock = Date.now();
const advanceClock = (seconds: number) => (clock += seconds * 1000);
beforeAll(async () => {
  app = await startTestApp();
  app.context.now = () => new Date(clock);
});
afterAll(async () => {
  await app?.close();
});

const login = (username: string, password: string, address = '10.1.1.1', lang = 'en_US') =>
  app.request({
    method: 'POST',
    url: `/api/login/${lang}`,
    payload: { username, password: encode(password) },
    remoteAddress: address,
  });
const userInfo = (token: string) => app.request({ method: 'GET', url: '/api/yudata/user/user_info/', token });

describe('POST /api/login/{lang}', () => {
  it('answers a token and the user for the right password, whatever the case of the account', async () => {
    const response = await login(ADMIN.username.toUpperCase(), ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 200, msg: 'Login successful', data: { user: { username: ADMIN.username } } });
    expect(body.data.access.split('.')).toHaveLength(3);
    expect((await userInfo(body.data.access)).statusCode).toBe(200);
  });

  it('gives the same refusal for a wrong password and an unknown account', async () => {
    const wrong = await login(VIEWER.username, 'wrong1234', '10.1.1.2');
    const unknown = await login('nobody', 'wrong1234', '10.1.1.2');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 4000, msg: 'Wrong account or password', data: null });
    }
  });

  it('refuses invalid input with the field named, in the language of the path', async () => {
    const short = await login('ab', 'abc12345', '10.1.1.3');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 400, msg: 'Invalid input: username: Must be 3 to 32 characters' });
    const chinese = await login('ab', 'abc12345', '10.1.1.3', 'zh_CN');
    expect(chinese.json().msg).toBe('输入有误：username: 长度为 3 到 32 个字符');
    const plain = await app.request({
      method: 'POST',
      url: '/api/login/en',
      payload: { username: 'boss', password: 'not base64!' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().msg).toContain('password: Must be sent base64-encoded');
    const spaced = await login('bo ss', 'abc12345', '10.1.1.3');
    expect(spaced.json().msg).toContain('Must not contain spaces');
    const malformed = await app.request({
      method: 'POST',
      url: '/api/login/en',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(400);
  });
});

describe('login throttling', () => {
  const wrong = 'wrong1234';
  const statuses = (responses: Array<{ statusCode: number }>) =>
    responses.reduce<Record<number, number>>((counts, { statusCode }) => {
      counts[statusCode] = (counts[statusCode] ?? 0) + 1;
      return counts;
    }, {});
  const expectWait = (response: Awaited<ReturnType<typeof login>>, seconds: number, msg: string) => {
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe(String(seconds));
    expect(response.json()).toMatchObject({ code: 4000, msg, data: null });
  };

  it('checks only the free attempts of 60 parallel wrong passwords, the same for an unknown account', async () => {
    const user = await app.freshUser();
    for (const [username, address] of [
      [user.username, '10.2.0.1'],
      ['nobody', '10.2.0.2'],
    ] as const) {
      const responses = await Promise.all(Array.from({ length: 60 }, () => login(username, wrong, address)));
      expect(statuses(responses)).toEqual({ 422: PAIR_RULE.freeFailures, 429: 60 - PAIR_RULE.freeFailures });
      expectWait(
        responses.find((response) => response.statusCode === 429)!,
        30,
        'Too many attempts, please try again in 30 seconds',
      );
    }
  });

  it('does not log in a parallel burst of 40 whose last attempt has the right password', async () => {
    const user = await app.freshUser();
    const passwords = [...Array.from({ length: 39 }, () => wrong), user.password];
    const responses = await Promise.all(passwords.map((password) => login(user.username, password, '10.2.1.1')));
    expect(statuses(responses)).toEqual({ 422: PAIR_RULE.freeFailures, 429: 40 - PAIR_RULE.freeFailures });
    expect(responses.at(-1)!.statusCode).toBe(429);
  });

  it('lets the owner in from a known address while an attacker address is throttled on the account', async () => {
    const owner = await app.freshUser();
    expect((await login(owner.username, owner.password, '10.3.0.1')).statusCode).toBe(200);
    for (let attempt = 1; attempt <= PAIR_RULE.freeFailures; attempt++) {
      expect((await login(owner.username, wrong, '10.3.0.66')).statusCode).toBe(422);
    }
    expectWait(
      await login(owner.username, owner.password, '10.3.0.66'),
      30,
      'Too many attempts, please try again in 30 seconds',
    );
    expect((await login(owner.username, owner.password, '10.3.0.1')).statusCode).toBe(200);
    expect((await login(owner.username, owner.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('slows down one account attacked from many addresses, but not its owner at a known address', async () => {
    const owner = await app.freshUser();
    expect((await login(owner.username, owner.password, '10.4.0.1')).statusCode).toBe(200);
    const responses = [];
    for (let address = 1; address <= 30; address++)
      responses.push(await login(owner.username, wrong, `10.4.1.${address}`));
    expect(responses.map((response) => response.statusCode)).toEqual([
      ...Array<number>(ACCOUNT_RULE.freeFailures).fill(422),
      ...Array<number>(30 - ACCOUNT_RULE.freeFailures).fill(429),
    ]);
    expect((await login(owner.username, owner.password, '10.4.0.1')).statusCode).toBe(200);
    expect((await login(owner.username, owner.password, '10.4.2.1')).statusCode).toBe(429);

    advanceClock(30);
    expect((await login(owner.username, wrong, '10.4.2.2')).statusCode).toBe(422);
    expectWait(await login(owner.username, wrong, '10.4.2.3'), 60, 'Too many attempts, please try again in 60 seconds');
  });

  it('slows down one address failing against many accounts without holding back another address', async () => {
    for (let account = 1; account <= ADDRESS_RULE.freeFailures; account++) {
      expect((await login(`ghost${account}`, wrong, '10.5.0.1')).statusCode).toBe(422);
    }
    expectWait(
      await login(ADMIN.username, ADMIN.password, '10.5.0.1'),
      30,
      'Too many attempts, please try again in 30 seconds',
    );
    expect((await login(ADMIN.username, ADMIN.password, '10.5.0.2')).statusCode).toBe(200);
    advanceClock(30);
    expect((await login(ADMIN.username, ADMIN.password, '10.5.0.1')).statusCode).toBe(200);
  });

  it('makes each further failure wait twice as long, up to 15 minutes, and a success starts afresh', async () => {
    const user = await app.freshUser();
    const address = '10.6.0.1';
    for (let attempt = 1; attempt <= PAIR_RULE.freeFailures; attempt++) {
      expect((await login(user.username, wrong, address)).statusCode).toBe(422);
    }
    const waits: Array<[number, string]> = [
      [30, 'Too many attempts, please try again in 30 seconds'],
      [60, 'Too many attempts, please try again in 60 seconds'],
      [120, 'Too many attempts, please try again in 2 minutes'],
      [240, 'Too many attempts, please try again in 4 minutes'],
      [480, 'Too many attempts, please try again in 8 minutes'],
      [900, 'Too many attempts, please try again in 15 minutes'],
      [900, 'Too many attempts, please try again in 15 minutes'],
    ];
    for (const [seconds, msg] of waits) {
      expectWait(await login(user.username, wrong, address), seconds, msg);
      advanceClock(seconds - 1);
      expectWait(await login(user.username, wrong, address), 1, 'Too many attempts, please try again in 1 seconds');
      advanceClock(1);
      expect((await login(user.username, wrong, address)).statusCode).toBe(422);
    }
    const chinese = await login(user.username, wrong, address, 'zh_CN');
    expect(chinese.json().msg).toBe('尝试次数过多，请 15 分钟后再试');

    advanceClock(900);
    expect((await login(user.username, user.password, address)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= PAIR_RULE.freeFailures; attempt++) {
      expect((await login(user.username, wrong, address)).statusCode).toBe(422);
    }
  });

  it('forgets a counter left alone for a day and prunes its row', async () => {
    const user = await app.freshUser();
    for (let attempt = 1; attempt <= PAIR_RULE.freeFailures; attempt++) {
      expect((await login(user.username, wrong, '10.7.0.1')).statusCode).toBe(422);
    }
    const rowsOf = (account: string) =>
      app.context.db.selectFrom('login_counters').selectAll().where('account', '=', account).execute();
    expect(await rowsOf(user.username)).toHaveLength(2);

    advanceClock(24 * 3600);
    expect((await login('someone', wrong, '10.7.0.2')).statusCode).toBe(422);
    expect(await rowsOf(user.username)).toEqual([]);
    for (let attempt = 1; attempt <= PAIR_RULE.freeFailures; attempt++) {
      expect((await login(user.username, wrong, '10.7.0.1')).statusCode).toBe(422);
    }
  });
});

describe('sessions and tokens', () => {
  it('refuses a missing, forged, expired or unsigned token with code 5000', async () => {
    const secret = new TextEncoder().encode('test-secret-'.padEnd(40, 'x'));
    const wrongKey = new TextEncoder().encode('another-secret-'.padEnd(40, 'y'));
    const claims = { ver: 0 };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('a')
      .setIssuedAt(1)
      .setExpirationTime(2)
      .sign(secret);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('a')
      .setExpirationTime('1h')
      .sign(wrongKey);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', ver: 0, jti: 'a', exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    for (const token of [undefined, 'garbage', expired, forged, unsigned]) {
      const response = await app.request({
        method: 'GET',
        url: '/api/yudata/user/user_info/',
        ...(token ? { token } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 5000, msg: 'Please login first' });
    }
    const bearer = await app.request({
      method: 'GET',
      url: '/api/yudata/user/user_info/',
      headers: { authorization: `Bearer ${await app.login(ADMIN)}` },
    });
    expect(bearer.statusCode).toBe(401);
  });

  it('revokes every earlier token of the user on logout', async () => {
    const first = await app.login(ADMIN, '10.4.0.1');
    const second = await app.login(ADMIN, '10.4.0.1');
    const logout = await app.request({ method: 'POST', url: '/api/logout/', token: second });
    expect(logout.json()).toMatchObject({ code: 200, msg: 'Logout successful' });
    expect((await userInfo(first)).statusCode).toBe(401);
    expect((await userInfo(second)).statusCode).toBe(401);
    const third = await app.login(ADMIN, '10.4.0.1');
    expect((await userInfo(third)).statusCode).toBe(200);
  });
});

describe('PUT /api/yudata/user/reset_password/', () => {
  const reset = (token: string, oldPassword: string, newPassword: string, newPassword2 = newPassword) =>
    app.request({
      method: 'PUT',
      url: '/api/yudata/user/reset_password/',
      token,
      payload: {
        oldPassword: encode(oldPassword),
        newPassword: encode(newPassword),
        newPassword2: encode(newPassword2),
      },
    });

  it('applies the password rules', async () => {
    const token = await app.login(ADMIN, '10.5.0.1');
    expect((await reset(token, 'wrong1234', 'fresh1234')).json()).toMatchObject({
      code: 4000,
      msg: 'The old password is wrong',
    });
    const same = await reset(token, ADMIN.password, ADMIN.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toContain('newPassword: The new password must differ from the old one');
    const differ = await reset(token, ADMIN.password, 'fresh1234', 'fresh12345');
    expect(differ.json().msg).toContain('newPassword2: The two passwords do not match');
    const weak = await reset(token, ADMIN.password, 'onlyletters');
    expect(weak.json().msg).toContain('newPassword: Use letters and digits only');
    expect((await userInfo(token)).statusCode).toBe(200);
  });

  it('changes the password and revokes every token, the current one included', async () => {
    const user = await app.freshUser();
    const token = await app.login(user, '10.5.0.2');
    const other = await app.login(user, '10.5.0.2');
    const response = await reset(token, user.password, 'newpass99');
    expect(response.json()).toMatchObject({ code: 200, msg: 'Password changed, please log in again' });
    expect((await userInfo(token)).statusCode).toBe(401);
    expect((await userInfo(other)).statusCode).toBe(401);
    expect((await login(user.username, user.password, '10.5.0.3')).statusCode).toBe(422);
    expect((await login(user.username, 'newpass99', '10.5.0.3')).statusCode).toBe(200);
  });
});
