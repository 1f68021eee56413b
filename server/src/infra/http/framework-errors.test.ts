import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../test/envelope.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

describe("the spec's {token} path forms", () => {
  it('take a real token in the path', async () => {
    expect(admin.length).toBeGreaterThan(100);
    const filter = await app.request({ method: 'GET', url: `/api/yudata/more/filter/${admin}`, token: admin });
    expect(filter.statusCode, filter.body).toBe(200);
    const sort = await app.request({
      method: 'POST',
      url: `/api/yudata/updateMoldSort/${admin}`,
      token: admin,
      payload: { sort: [1] },
    });
    expect(sort.statusCode, sort.body).not.toBe(414);
    expectEnvelope(sort);
  });
});

describe('errors the framework answers, in the envelope', () => {
  it('a path parameter longer than any token: 414', async () => {
    const response = await app.request({
      method: 'GET',
      url: `/api/yudata/more/filter/${'x'.repeat(5000)}?lang=zh`,
      token: admin,
    });
    expect(response.statusCode).toBe(414);
    expect(expectEnvelope(response).msg).toBe('输入有误：a path parameter is too long');
  });

  it('a path parameter that does not decode: 400', async () => {
    const response = await app.request({ method: 'GET', url: '/api/yudata/more/filter/%zz', token: admin });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response);
  });

  it('an unknown route: 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.request({ method, url: '/api/yudata/no-such-route/', token: admin });
      expect(response.statusCode).toBe(404);
      expectEnvelope(response, method);
    }
  });

  it('a body over 1 MiB: 413', async () => {
    const response = await app.request({
      method: 'PUT',
      url: '/api/yudata/user/user_info/',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expectEnvelope(response);
  });

  it('a media type the API does not read: 415', async () => {
    const response = await app.request({
      method: 'PUT',
      url: '/api/yudata/user/user_info/',
      token: admin,
      headers: { 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(response.statusCode).toBe(415);
    expectEnvelope(response);
  });

  it('malformed JSON: 400', async () => {
    const response = await app.request({
      method: 'PUT',
      url: '/api/yudata/user/user_info/',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response);
  });
});
