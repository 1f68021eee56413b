import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Mouldwatch</title>');
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.map'), '{"version":3}');
  app = await startTestApp({}, webDir);
});
afterAll(async () => {
  await app?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('answers client-side routes with index.html, revalidated every time', async () => {
    for (const url of ['/', '/login', '/detail/moldStatus?x=1', '/organization/user']) {
      const response = await app.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Mouldwatch</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and answers a missing file with 404', async () => {
    const asset = await app.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.request({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it('answers unknown API paths with the 404 envelope, never the page', async () => {
    const response = await app.request({ method: 'GET', url: '/api/yudata/nothing/?lang=zh' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 4000, msg: '未找到' });
  });

  it('sends a strict content security policy and the usual security headers', async () => {
    const response = await app.request({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI description without a session', async () => {
    const response = await app.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/login/{lang}',
        '/api/logout/',
        '/api/yudata/user/user_info/',
        '/api/yudata/menu/web_router/',
        '/api/yudata/share_user/',
        '/api/share_link/',
        '/api/renewal/renewal/{id}/',
        '/api/renewal/operator/confirm/{order_no}/',
      ]),
    );
    expect((await app.request({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('what production shows', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp({ NODE_ENV: 'production' }, webDir);
  });
  afterAll(async () => {
    await production?.close();
  });

  it('keeps the source maps unserved, the bundles served', async () => {
    const map = await production.request({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.json()).toMatchObject({ code: 4000 });
    expect((await production.request({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    expect((await app.request({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(200);
  });

  it('serves the API documentation without a session', async () => {
    expect((await production.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await production.request({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
