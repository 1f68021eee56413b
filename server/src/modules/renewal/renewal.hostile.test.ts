import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenewalRecord } from '@mouldwatch/shared';
import { expectDocumentedAsServed } from '../../../test/api-docs.js';
import { expectEnvelope } from '../../../test/envelope.js';
import { createMold, userIdOf } from '../../../test/factories.js';
import { BAD_PAGING, HOSTILE_TEXT, mayBeTooLong } from '../../../test/hostile.js';
import { remittance } from '../../../test/renewal.js';
import { otherOrganisationAdmin } from '../../../test/organisation.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * The renewal calls attacked through the real HTTP API: hostile text in every field, hostile
 * paging, another organisation's ids and order numbers. Every answer is the envelope, never a
 * 5xx; a refused call changes nothing.
 */
const OPERATOR_KEY = 'operator-key-for-hostile-tests-0123';
const DAY = 86_400_000;

let app: TestApp;
let admin: string;
let adminId: number;
const now = new Date('2026-11-24T10:00:00Z');

beforeAll(async () => {
  app = await startTestApp({ RENEWAL_OPERATOR_KEY: OPERATOR_KEY });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  app.context.now = () => now;
});
afterAll(() => app?.close());

const CJK = HOSTILE_TEXT.cjk;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, token = admin, headers?: Record<string, string>) =>
  app.request({ method, url, token, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
const q = encodeURIComponent;

async function mould(days: number): Promise<number> {
  const id = await createMold(app.context.db, app.orgId, [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ subscription_expires_at: new Date(now.getTime() + days * DAY) })
    .where('id', '=', id)
    .execute();
  return id;
}
async function order(moldIds: number[]): Promise<RenewalRecord> {
  const response = await call('POST', '/api/renewal/renewal/', { mold_ids: moldIds, years: 1, country: 'CN' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RenewalRecord;
}
const orders = () => app.context.db.selectFrom('renewals').selectAll().orderBy('id').execute();
const orderMolds = () => app.context.db.selectFrom('renewal_molds').selectAll().orderBy('renewal_id').execute();

describe('renewal: hostile text in every field', () => {
  it('refuses NUL and over-long text with the 400 envelope, never a 5xx, and changes nothing', async () => {
    const id = await mould(5);
    const created = await order([id]);
    const before = { orders: await orders(), molds: await orderMolds() };
    for (const [kind, text] of Object.entries(HOSTILE_TEXT) as Array<[keyof typeof HOSTILE_TEXT, string]>) {
      const calls: Array<[Method, string, object?]> = [
        ['GET', `/api/renewal/renewal/?status=${q(text)}`],
        ['GET', `/api/renewal/renewal_mold/?due=${q(text)}`],
        ['GET', `/api/renewal/renewal_message/?cancel=${q(text)}`],
        ['GET', `/api/renewal/renewal/${q(text)}/`],
        ['PUT', `/api/renewal/cancel/${q(text)}/`],
        ['POST', '/api/renewal/renewal/', { mold_ids: [id], years: 1, country: text }],
        ['POST', '/api/renewal/renewal/', { mold_ids: [text], years: 1, country: 'CN' }],
        ['POST', '/api/renewal/renewal/', { mold_ids: [id], years: text, country: 'CN' }],
        ['PUT', `/api/renewal/renewal/${created.id}/`, remittance({ account_number: text })],
        ['PUT', `/api/renewal/renewal/${created.id}/`, remittance({ country: text })],
        ['PUT', `/api/renewal/renewal/${created.id}/`, remittance({ renewal_type: text })],
        ...(kind === 'cjk'
          ? []
          : ([
              ['GET', `/api/renewal/renewal/?search=${q(text)}`],
              ['GET', `/api/renewal/renewal_mold/?search=${q(text)}`],
              ['PUT', `/api/renewal/renewal/${created.id}/`, remittance({ remitter: text })],
              ['PUT', `/api/renewal/renewal/${created.id}/`, remittance({ transaction_serial_number: text })],
              ['PUT', `/api/renewal/renewal/${created.id}/`, remittance({ remark: text })],
              ['POST', `/api/renewal/operator/confirm/${q(text)}/`],
            ] as Array<[Method, string, object?]>)),
      ];
      for (const [method, url, payload] of calls) {
        const headers = url.includes('/operator/') ? { 'x-operator-key': OPERATOR_KEY } : undefined;
        const response = await call(method, url, payload, admin, headers);
        const label = `${kind}: ${method} ${url.slice(0, 80)} ${JSON.stringify(payload ?? '').slice(0, 120)}`;
        expectEnvelope(response, label);
        expect(mayBeTooLong(kind, url) ? [400, 414] : [400], label).toContain(response.statusCode);
      }
    }
    expect(await orders()).toEqual(before.orders);
    expect(await orderMolds()).toEqual(before.molds);
    // The operator's unknown order number in CJK is simply not found.
    const confirm = await call('POST', `/api/renewal/operator/confirm/${q(CJK)}/`, undefined, '', {
      'x-operator-key': OPERATOR_KEY,
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('keeps emoji / CJK remittance text exactly and finds it by search', async () => {
    const id = await mould(6);
    const created = await order([id]);
    const remitter = `${CJK} 株式会社`;
    const serial = `流水-${CJK}`;
    const remark = `备注 ${CJK} `.repeat(10).slice(0, 500);
    const response = await call(
      'PUT',
      `/api/renewal/renewal/${created.id}/`,
      remittance({ remitter, transaction_serial_number: serial, remark }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      remitter,
      transaction_serial_number: serial,
      remark: remark.trim(),
      remitted: true,
    });
    for (const search of ['株式会社', 'ÇÃO 株式', `流水-模具🔧`, '한국어ç']) {
      const found = await call('GET', `/api/renewal/renewal/?search=${q(search)}&limit=100`);
      expect(found.statusCode, found.body).toBe(200);
      expect(
        (found.json().data as RenewalRecord[]).map((row) => row.id),
        search,
      ).toEqual([created.id]);
    }
    const moulds = await call('GET', `/api/renewal/renewal_mold/?due=0&search=${q(CJK)}`);
    expect(moulds.json()).toMatchObject({ data: [], total: 0 });
  });

  it('finds text whose capitals JavaScript and the database lower-case differently (İ)', async () => {
    const id = await mould(7);
    await app.context.db
      .updateTable('molds')
      .set({ name: 'İzmir Kalıp', mold_number: 'İZ-7' })
      .where('id', '=', id)
      .execute();
    const created = await order([id]);
    const remitted = await call(
      'PUT',
      `/api/renewal/renewal/${created.id}/`,
      remittance({ remitter: 'İSTANBUL KALIP A.Ş.', transaction_serial_number: 'İŞ-42' }),
    );
    expect(remitted.statusCode, remitted.body).toBe(200);
    for (const search of ['İstanbul', 'İSTANBUL KALIP', 'iş-42', 'İz-7']) {
      const found = await call('GET', `/api/renewal/renewal/?search=${q(search)}&limit=100`);
      expect(
        (found.json().data as RenewalRecord[]).map((row) => row.id),
        search,
      ).toEqual([created.id]);
    }
    for (const search of ['İzmir', 'İZ-7']) {
      const found = await call('GET', `/api/renewal/renewal_mold/?due=0&search=${q(search)}&limit=100`);
      expect(
        (found.json().data as Array<{ id: number }>).map((row) => row.id),
        search,
      ).toEqual([id]);
    }
  });
});

describe('renewal: hostile paging', () => {
  it('defaults missing paging, refuses negative, non-numeric and huge values with the 400 envelope', async () => {
    await order([await mould(3)]);
    for (const list of ['/api/renewal/renewal/', '/api/renewal/renewal_mold/?due=0']) {
      const join = list.includes('?') ? '&' : '?';
      const all = await call('GET', list);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().total).toBeGreaterThan(0);
      for (const query of [...BAD_PAGING, 'page=1e12']) {
        const response = await call('GET', `${list}${join}${query}`);
        expectEnvelope(response, `${list} ${query}`);
        expect(response.statusCode, `${list} ${query}`).toBe(400);
        expect(response.json().msg, query).toMatch(/^Invalid input: (page|limit)/);
      }
      const past = await call('GET', `${list}${join}page=100000&limit=100`);
      expect(past.json()).toMatchObject({ data: [], total: all.json().total });
    }
  });
});

describe("renewal: another organisation's ids and order numbers", () => {
  it('answers another organisation’s order exactly as one that does not exist, and never lists or finds it', async () => {
    const moldId = await mould(8);
    const created = await order([moldId]);
    await call('PUT', `/api/renewal/renewal/${created.id}/`, remittance({ remitter: 'Secret Remitter' }));
    const stranger = await otherOrganisationAdmin(app);
    const missing = created.id + 1_000_000;
    const before = await orders();
    for (const [method, url, payload] of [
      ['GET', (target: number) => `/api/renewal/renewal/${target}/`],
      ['PUT', (target: number) => `/api/renewal/renewal/${target}/`, remittance()],
      ['PUT', (target: number) => `/api/renewal/cancel/${target}/`],
    ] as Array<[Method, (target: number) => string, object?]>) {
      const foreign = await call(method, url(created.id), payload, stranger.token);
      const unknown = await call(method, url(missing), payload, stranger.token);
      expectEnvelope(foreign, url(created.id));
      expect(foreign.statusCode, url(created.id)).toBe(404);
      expect(foreign.body, url(created.id)).toBe(unknown.body);
    }
    for (const search of [created.order_number, 'Secret Remitter', 'TX-2026-0001']) {
      const found = await call('GET', `/api/renewal/renewal/?search=${q(search)}&limit=100`, undefined, stranger.token);
      expect(found.json(), search).toMatchObject({ data: [], total: 0 });
    }
    const theirMoulds = await call('GET', '/api/renewal/renewal_mold/?due=0&limit=100', undefined, stranger.token);
    expect(theirMoulds.json()).toMatchObject({ data: [], total: 0 });
    // Ordering the admin's mould: refused, no order made.
    const theft = await call(
      'POST',
      '/api/renewal/renewal/',
      { mold_ids: [moldId], years: 1, country: 'CN' },
      stranger.token,
    );
    expect(theft.statusCode).toBe(400);
    expect(await orders()).toEqual(before);
  });
});

describe('renewal: the served OpenAPI document', () => {
  it('lists every renewal call as the code serves it, the operator key as a header of the one call without a session', async () => {
    const documented = await expectDocumentedAsServed(
      app,
      (path) => path.startsWith('/api/renewal/'),
      [
        'GET /api/renewal/renewal/',
        'POST /api/renewal/renewal/',
        'GET /api/renewal/renewal/{id}/',
        'PUT /api/renewal/renewal/{id}/',
        'PUT /api/renewal/cancel/{id}/',
        'GET /api/renewal/price_list/',
        'GET /api/renewal/renewal_mold/',
        'GET /api/renewal/bank_country/',
        'GET /api/renewal/ip_api/',
        'GET /api/renewal/renewal_message/',
        'POST /api/renewal/operator/confirm/{order_no}/',
      ],
      ['POST /api/renewal/operator/confirm/{order_no}/'],
    );
    const confirm = documented.get('POST /api/renewal/operator/confirm/{order_no}/')!;
    expect(confirm.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'x-operator-key' }));
    const query = (name: string) =>
      (documented.get(name)?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
    expect(query('GET /api/renewal/renewal/')).toEqual(['lang', 'limit', 'page', 'search', 'status']);
    expect(query('GET /api/renewal/renewal_mold/')).toEqual(['due', 'lang', 'limit', 'page', 'search']);
  });
});
