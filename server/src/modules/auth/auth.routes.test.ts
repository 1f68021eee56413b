import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, VIEWER, encode, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
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

  it('refuses the 6th failure for one account within 5 minutes, even with the right password, and no other account', async () => {
    const user = await app.freshUser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(user.username, 'wrong1234', `10.2.0.${attempt}`)).statusCode).toBe(422);
    }
    const sixth = await login(user.username, user.password, '10.2.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 4000, msg: 'Too many attempts, please try again in 5 minutes' });
    expect((await login(ADMIN.username, ADMIN.password, '10.2.0.9')).statusCode).toBe(200);
  });

  it('throttles one address across accounts more loosely', async () => {
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await login(`user${attempt}`, 'wrong1234', '10.3.0.1')).statusCode).toBe(422);
    }
    expect((await login(ADMIN.username, ADMIN.password, '10.3.0.1')).statusCode).toBe(429);
    expect((await login(ADMIN.username, ADMIN.password, '10.3.0.2')).statusCode).toBe(200);
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
