import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareMade, ShareReceived } from '@mouldwatch/shared';
import { expectDocumentedAsServed } from '../../../test/api-docs.js';
import { expectEnvelope } from '../../../test/envelope.js';
import { createMold, userIdOf, viewerRoleOf } from '../../../test/factories.js';
import { BAD_PAGING, HOSTILE_TEXT, mayBeTooLong } from '../../../test/hostile.js';
import { otherOrganisationAdmin } from '../../../test/organisation.js';
import { ADMIN, encode, startTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * The sharing calls attacked through the real HTTP API: hostile text in every field, hostile
 * paging, concurrent shares and another organisation's ids. Every answer is the envelope, never a
 * 5xx; a refused call leaves nothing behind.
 */
let app: TestApp;
let admin: string;
let adminId: number;
let viewerRole: number;

beforeAll(async () => {
  app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://mw.example.com/' });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewerRole = await viewerRoleOf(app.context.db, app.orgId);
});
afterAll(() => app?.close());

const CJK = HOSTILE_TEXT.cjk;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token: string | undefined = admin) =>
  app.request({ method, url, token, ...(payload ? { payload } : {}) });
const q = encodeURIComponent;
const tokenOf = (address: string) => new URL(address).searchParams.get('token')!;

/** What a refused call could have left behind. */
const footprint = async () => {
  const count = async (table: 'users' | 'shares' | 'share_links' | 'user_mold_grants' | 'outbox') =>
    Number(
      (
        await app.context.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    shares: await count('shares'),
    links: await count('share_links'),
    grants: await count('user_mold_grants'),
    outbox: await count('outbox'),
  };
};

describe('sharing: hostile text in every field', () => {
  it('refuses NUL and over-long text with the 400 envelope, takes emoji / CJK correctly, never a 5xx', async () => {
    const mold = await createMold(app.context.db, app.orgId, [adminId]);
    // A recipient whose address and name are CJK and emoji: the account is made, named from the address.
    const cjkEmail = `${CJK}@例え.jp`;
    const created = await call('POST', '/api/yudata/share_user/', {
      email: cjkEmail,
      role: viewerRole,
      moldIds: [mold],
    });
    expect(created.statusCode, created.body).toBe(200);
    const recipient = await app.context.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email'])
      .where('email', '=', cjkEmail)
      .execute();
    expect(recipient).toHaveLength(1);
    expect(recipient[0]!.username).toMatch(/^[a-z0-9._-]{3,32}$/);
    expect(recipient[0]!.name).toBe('模具 한국어ção');
    const info = await call('GET', `/api/share_link/?token=${tokenOf(created.json().data.address)}`, undefined, '');
    expect(info.json().data).toMatchObject({ email: cjkEmail, needsPassword: true });

    const before = await footprint();
    for (const [kind, text] of Object.entries(HOSTILE_TEXT) as Array<[keyof typeof HOSTILE_TEXT, string]>) {
      const calls: Array<[Method, string, object?]> = [
        ['GET', `/api/yudata/share/?search=${q(text)}`],
        ['GET', `/api/yudata/share/received/?search=${q(text)}`],
        ['GET', `/api/yudata/share_user_info/?email=${q(text)}`],
        ['GET', `/api/yudata/share/mold_tree/?mode=${q(text)}`],
        ['GET', `/api/yudata/share/mold_tree/?user_id=${q(text)}`],
        ['POST', '/api/yudata/share_user/', { email: text, role: viewerRole, moldIds: [mold] }],
        ['POST', '/api/yudata/share_user/', { email: `${text}@partner.example`, role: viewerRole, moldIds: text }],
        ['POST', '/api/yudata/share_user/', { email: 'new.one@partner.example', role: text, moldIds: [mold] }],
        ['PUT', `/api/yudata/share/mold_distribution/${recipient[0]!.id}/`, { moldIds: text }],
        ['PUT', `/api/yudata/share/mold_distribution/${q(text)}/`, { moldIds: [mold] }],
        ['DELETE', `/api/yudata/share/${q(text)}/`],
        ['DELETE', `/api/yudata/share/received/${q(text)}/`],
        ['GET', `/api/share_link/?token=${q(text)}`],
        ['POST', '/api/share_link/', { token: text, password: encode('guest1234') }],
        ['POST', '/api/share_link/', { token: tokenOf(created.json().data.address), password: text }],
        ['POST', '/api/share_link/', { token: tokenOf(created.json().data.address), password: encode(text) }],
      ];
      for (const [method, url, payload] of calls) {
        const response = await call(method, url, payload);
        const label = `${kind}: ${method} ${url.slice(0, 80)} ${JSON.stringify(payload ?? '').slice(0, 80)}`;
        expectEnvelope(response, label);
        if (kind === 'cjk') expect([200, 400, 404], label).toContain(response.statusCode);
        else expect(mayBeTooLong(kind, url) ? [400, 414] : [400], label).toContain(response.statusCode);
      }
    }
    // Nothing refused was half-saved, and the link was not used by a refused password.
    expect(await footprint()).toEqual(before);
    expect(
      (await call('GET', `/api/share_link/?token=${tokenOf(created.json().data.address)}`, undefined, '')).statusCode,
    ).toBe(200);
  });

  it('finds emoji / CJK text in both lists, and takes % and _ literally', async () => {
    const mold = await createMold(app.context.db, app.orgId, [adminId]);
    const email = `模具🔧.made@partner.example`;
    expect(
      (await call('POST', '/api/yudata/share_user/', { email, role: viewerRole, moldIds: [mold] })).statusCode,
    ).toBe(200);
    const made = await call('GET', `/api/yudata/share/?search=${q('模具🔧.MADE')}`);
    expect(made.statusCode, made.body).toBe(200);
    expect((made.json().data as ShareMade[]).map((share) => share.email)).toEqual([email]);
    expect((await call('GET', `/api/yudata/share/?search=${q('模具🔧_made')}`)).json().total).toBe(0);

    const other = await otherOrganisationAdmin(app);
    await app.context.db
      .updateTable('users')
      .set({ name: '김철수 工程师 🔧' })
      .where('id', '=', other.userId)
      .execute();
    const theirs = await createMold(app.context.db, other.orgId, [other.userId]);
    const otherRole = await viewerRoleOf(app.context.db, other.orgId);
    const shared = await call(
      'POST',
      '/api/yudata/share_user/',
      { email: ADMIN.email, role: otherRole, moldIds: [theirs] },
      other.token,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    const received = await call('GET', `/api/yudata/share/received/?search=${q('工程师 🔧')}`);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data as ShareReceived[]).toEqual([
      expect.objectContaining({
        id: other.userId,
        sharer: '김철수 工程师 🔧',
        molds: [expect.objectContaining({ id: theirs })],
      }),
    ]);
  });
});

describe('sharing: one account per address', () => {
  it('takes an address the same however its capitals are written, İ included (the database lower-cases it)', async () => {
    const [a, b] = [
      await createMold(app.context.db, app.orgId, [adminId]),
      await createMold(app.context.db, app.orgId, [adminId]),
    ];
    const first = await call('POST', '/api/yudata/share_user/', {
      email: 'İnci@kalip.example',
      role: viewerRole,
      moldIds: [a],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', '/api/yudata/share_user/', {
      email: 'İNCİ@KALIP.EXAMPLE',
      role: viewerRole,
      moldIds: [a, b],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ id: first.json().data.id, granted: [b] });
    const info = await call('GET', `/api/yudata/share_user_info/?email=${q('İNCİ@kalip.example')}`);
    expect(info.json().data).toMatchObject({ id: first.json().data.id });
    const accounts = await app.context.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['İnci@kalip.example', 'İNCİ@KALIP.EXAMPLE'])
      .execute();
    expect(accounts).toHaveLength(1);
  });
});

describe('sharing: hostile paging', () => {
  it('defaults missing paging, refuses negative, non-numeric and over-large values, answers past the end empty', async () => {
    for (const list of ['/api/yudata/share/', '/api/yudata/share/received/']) {
      const all = await call('GET', list);
      expect(all.statusCode, all.body).toBe(200);
      const total = all.json().total as number;
      for (const query of BAD_PAGING) {
        const response = await call('GET', `${list}?${query}`);
        expectEnvelope(response, `${list}?${query}`);
        expect(response.statusCode, `${list}?${query}`).toBe(400);
        expect(response.json().msg, query).toMatch(/^Invalid input: (page|limit)/);
      }
      for (const query of ['page=1e12', `page=${Number.MAX_SAFE_INTEGER}&limit=100`, 'page=100000']) {
        const response = await call('GET', `${list}?${query}`);
        expectEnvelope(response, `${list}?${query}`);
        // Past the end: an empty page with the true total, or a clear refusal; never a database error.
        if (response.statusCode === 200) expect(response.json()).toMatchObject({ data: [], total });
        else expect(response.json().msg, query).toMatch(/^Invalid input: page/);
      }
    }
  });
});

describe('sharing: concurrent shares', () => {
  it('20 shares at once of overlapping moulds to 5 addresses: one account each, exactly the union, no duplicate rows, one live link', async () => {
    const molds: number[] = [];
    for (let i = 0; i < 6; i += 1) molds.push(await createMold(app.context.db, app.orgId, [adminId]));
    const stamp = Date.now().toString(36);
    const addresses = Array.from({ length: 5 }, (_, i) => `race.${stamp}.${i}@partner.example`);
    const requests = Array.from({ length: 20 }, (_, i) => ({
      // The same address goes out four times, in two spellings, at once.
      email: i % 2 === 0 ? addresses[i % 5]! : addresses[i % 5]!.toUpperCase(),
      moldIds: [molds[i % 6]!, molds[(i + 1) % 6]!, molds[(i + 3) % 6]!],
    }));
    const responses = await Promise.all(
      requests.map((request) => call('POST', '/api/yudata/share_user/', { ...request, role: viewerRole })),
    );
    for (const [i, response] of responses.entries()) {
      expectEnvelope(response, `share ${i}`);
      // 409: everything asked was shared to that address by a concurrent call already.
      expect([200, 409], response.body).toContain(response.statusCode);
    }
    for (const address of addresses) {
      const asked = requests.filter((request) => request.email.toLowerCase() === address);
      const union = [...new Set(asked.flatMap((request) => request.moldIds))].sort((a, b) => a - b);
      const accounts = await app.context.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
        .execute();
      expect(accounts, address).toHaveLength(1);
      const recipientId = accounts[0]!.id;
      const grants = await app.context.db
        .selectFrom('user_mold_grants')
        .select(['mold_id', 'shared_by'])
        .where('user_id', '=', recipientId)
        .orderBy('mold_id')
        .execute();
      expect(grants, address).toEqual(union.map((mold_id) => ({ mold_id, shared_by: adminId })));
      const shares = await app.context.db
        .selectFrom('shares')
        .select('id')
        .where('sharer_id', '=', adminId)
        .where('recipient_id', '=', recipientId)
        .execute();
      expect(shares, address).toHaveLength(1);
      // Every answer that made a link names this account; a later share replaces an unused link, so
      // exactly one of them opens, once; the replaced ones say the link is not valid.
      const links = responses
        .map((response, i) => ({ response, i }))
        .filter(({ response, i }) => response.statusCode === 200 && requests[i]!.email.toLowerCase() === address)
        .map(({ response }) => {
          expect(response.json().data.id).toBe(recipientId);
          return tokenOf(response.json().data.address);
        });
      expect(links.length, address).toBeGreaterThan(0);
      const opened = [];
      for (const token of links) {
        const response = await call('POST', '/api/share_link/', { token, password: encode('guest1234') }, '');
        expectEnvelope(response, address);
        if (response.statusCode === 200) opened.push(token);
        else expect(response.json().msg).toBe('This share link is not valid');
      }
      expect(opened, address).toHaveLength(1);
      const again = await call('POST', '/api/share_link/', { token: opened[0], password: encode('guest1234') }, '');
      expect(again.statusCode).toBe(422);
      const stored = await app.context.db
        .selectFrom('share_links')
        .select(['used_at'])
        .where('recipient_id', '=', recipientId)
        .execute();
      expect(stored.map((link) => link.used_at !== null)).toEqual([true]);
    }
  });
});

describe("sharing: another organisation's ids", () => {
  it('refuses another organisation’s recipients, sharers and moulds the same as ids that do not exist, leaking nothing', async () => {
    const mold = await createMold(app.context.db, app.orgId, [adminId]);
    const email = `private.${Date.now()}@partner.example`;
    const { id } = (await call('POST', '/api/yudata/share_user/', { email, role: viewerRole, moldIds: [mold] })).json()
      .data as { id: number };
    const stranger = await otherOrganisationAdmin(app);
    const missing = id + 1_000_000;
    const before = await footprint();
    const pairs: Array<[Method, (target: number) => string, object?]> = [
      ['GET', (target) => `/api/yudata/share/mold_tree/?user_id=${target}`],
      ['GET', (target) => `/api/yudata/share/mold_tree/?user_id=${target}&mode=edit`],
      ['PUT', (target) => `/api/yudata/share/mold_distribution/${target}/`, { moldIds: [mold] }],
      ['DELETE', (target) => `/api/yudata/share/${target}/`],
      ['DELETE', (target) => `/api/yudata/share/received/${target}/`],
    ];
    for (const [method, url, payload] of pairs) {
      const foreign = await call(method, url(id), payload, stranger.token);
      const unknown = await call(method, url(missing), payload, stranger.token);
      expectEnvelope(foreign, url(id));
      expect(foreign.statusCode, url(id)).toBe(404);
      expect(foreign.body, url(id)).toBe(unknown.body);
    }
    // The sharer as a "received" id: the stranger received nothing from the admin.
    expect((await call('DELETE', `/api/yudata/share/received/${adminId}/`, undefined, stranger.token)).statusCode).toBe(
      404,
    );
    const info = await call('GET', `/api/yudata/share_user_info/?email=${q(email)}`, undefined, stranger.token);
    expect(info.json().data).toBeNull();
    for (const list of ['/api/yudata/share/', '/api/yudata/share/received/']) {
      const response = await call('GET', `${list}?search=${q(email)}`, undefined, stranger.token);
      expect(response.json()).toMatchObject({ data: [], total: 0 });
    }
    // The admin's mould is not the stranger's to share, nor to share onto the admin's recipient.
    const strangerRole = await viewerRoleOf(app.context.db, stranger.orgId);
    const theft = await call(
      'POST',
      '/api/yudata/share_user/',
      { email, role: strangerRole, moldIds: [mold] },
      stranger.token,
    );
    expect(theft.statusCode).toBe(400);
    // Nor with the admin's viewer role.
    expect(
      (await call('POST', '/api/yudata/share_user/', { email, role: viewerRole, moldIds: [mold] }, stranger.token))
        .statusCode,
    ).toBe(400);
    expect(await footprint()).toEqual(before);
  });
});

describe('sharing: the served OpenAPI document', () => {
  it('lists every sharing call as the code serves it: paths, parameters, which need no session', async () => {
    const documented = await expectDocumentedAsServed(
      app,
      (path) => path.startsWith('/api/yudata/share') || path.startsWith('/api/share_link'),
      [
        'GET /api/yudata/share/roles/',
        'GET /api/yudata/share_user_info/',
        'GET /api/yudata/share/mold_tree/',
        'POST /api/yudata/share_user/',
        'PUT /api/yudata/share/mold_distribution/{id}/',
        'GET /api/yudata/share/',
        'DELETE /api/yudata/share/{id}/',
        'GET /api/yudata/share/received/',
        'DELETE /api/yudata/share/received/{id}/',
        'GET /api/share_link/',
        'POST /api/share_link/',
      ],
      ['GET /api/share_link/', 'POST /api/share_link/'],
    );
    const query = (name: string) =>
      (documented.get(name)?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
    expect(query('GET /api/yudata/share/')).toEqual(['lang', 'limit', 'page', 'search']);
    expect(query('GET /api/yudata/share/received/')).toEqual(['lang', 'limit', 'page', 'search']);
    expect(query('GET /api/yudata/share/mold_tree/')).toEqual(['lang', 'mode', 'parent', 'search', 'user_id']);
    expect(query('GET /api/yudata/share_user_info/')).toEqual(['email', 'lang']);
  });
});
