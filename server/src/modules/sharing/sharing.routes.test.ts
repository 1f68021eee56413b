import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, type MoldTreeNode, type ShareMade, type ShareReceived } from '@mouldwatch/shared';
import { createMold, limitMenuActions, userIdOf } from '../../../test/factories.js';
import { otherOrganisationAdmin } from '../../../test/organisation.js';
import { ADMIN, VIEWER, encode, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;
let viewerId: number;
let viewerRole: number;
let adminRole: number;
let clock = Date.parse('2026-11-24T10:00:00Z');

beforeAll(async () => {
  app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://mw.example.com/' });
  app.context.now = () => new Date(clock);
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewerId = await userIdOf(app.context.db, VIEWER.username);
  const roles = await app.context.db
    .selectFrom('roles')
    .select(['id', 'is_viewer'])
    .where('org_id', '=', app.orgId)
    .execute();
  viewerRole = roles.find((role) => role.is_viewer)!.id;
  adminRole = roles.find((role) => !role.is_viewer)!.id;
});
afterAll(() => app?.close());

const shareUser = (payload: unknown, token = admin) =>
  app.request({ method: 'POST', url: '/api/yudata/share_user/', token, payload: payload as object });
const tokenOf = (address: string) => new URL(address).searchParams.get('token')!;
const linkInfo = (token: string) =>
  app.request({ method: 'GET', url: `/api/share_link/?token=${encodeURIComponent(token)}` });
const openLink = (token: string, password: string) =>
  app.request({ method: 'POST', url: '/api/share_link/', payload: { token, password: encode(password) } });
const grantsOf = async (userId: number) =>
  (
    await app.context.db
      .selectFrom('user_mold_grants')
      .select(['mold_id', 'shared_by'])
      .where('user_id', '=', userId)
      .orderBy('mold_id')
      .execute()
  ).map((row) => [row.mold_id, row.shared_by]);
const listedMoulds = async (token: string) => {
  const response = await app.request({ method: 'GET', url: '/api/yudata/mold/more/?limit=99999', token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ id: number }>).map((mold) => mold.id).sort((a, b) => a - b);
};
const made = async (query = '', token = admin) => {
  const response = await app.request({ method: 'GET', url: `/api/yudata/share/${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: ShareMade[]; total: number };
};
const nodes = (top: MoldTreeNode[]): MoldTreeNode[] => top.flatMap((node) => [node, ...nodes(node.children)]);

let emails = 0;
const newEmail = () => `guest.${(emails += 1)}+x@partner.example`;

describe('sharing moulds by e-mail', () => {
  it('makes an account of the organisation for a new address, grants read-only, answers a link and queues the invitation', async () => {
    const [a, b] = [
      await createMold(app.context.db, app.orgId, [adminId]),
      await createMold(app.context.db, app.orgId, [adminId]),
    ];
    const email = newEmail();
    const response = await shareUser({ email: `  ${email.toUpperCase()} `, role: viewerRole, moldIds: `${a},${b}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 200, msg: 'Share created', key: '20288' });
    expect(body.data.address).toMatch(/^https:\/\/mw\.example\.com\/loginByShare\?token=[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({
      email: email.toUpperCase(),
      granted: [a, b].sort((x, y) => x - y),
      mailed: true,
    });
    const recipient = await app.context.db
      .selectFrom('users')
      .select(['id', 'org_id', 'role_id', 'username', 'password_hash', 'is_staff'])
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(recipient).toMatchObject({
      org_id: app.orgId,
      role_id: viewerRole,
      username: 'guest.1x',
      password_hash: '',
      is_staff: false,
    });
    expect(await grantsOf(recipient.id)).toEqual(
      [
        [a, adminId],
        [b, adminId],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    const [mail] = await app.context.db.selectFrom('outbox').selectAll().where('user_id', '=', recipient.id).execute();
    expect(mail).toMatchObject({
      channel: 'email',
      to: email.toUpperCase(),
      subject: 'Boss shared 2 mould(s) with you on Mouldwatch',
    });
    expect(mail!.text).toContain(body.data.address);
    expect(mail!.text).toContain('guest.1x');
    // Only the token's hash is kept.
    const links = await app.context.db
      .selectFrom('share_links')
      .selectAll()
      .where('recipient_id', '=', recipient.id)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.token_hash).not.toContain(tokenOf(body.data.address));
  });

  it('lets the recipient set a password through the link, once; they see exactly the shared moulds', async () => {
    const [a, b] = [
      await createMold(app.context.db, app.orgId, [adminId]),
      await createMold(app.context.db, app.orgId, [adminId]),
    ];
    await createMold(app.context.db, app.orgId, [adminId]); // not shared
    const email = newEmail();
    const created = (await shareUser({ email, role: viewerRole, moldIds: [a, b] })).json().data;
    const token = tokenOf(created.address);
    const info = await linkInfo(token);
    expect(info.json().data).toMatchObject({ email, sharer: 'Boss', needsPassword: true });
    expect((await openLink(token, 'short')).statusCode).toBe(400);
    const opened = await openLink(token, 'guest1234');
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json().data.access as string;
    expect(opened.json().data.user).toMatchObject({ email });
    expect(await listedMoulds(session)).toEqual([a, b].sort((x, y) => x - y));
    // Read-only: the recipient's write is refused.
    const write = await app.request({
      method: 'PUT',
      url: `/api/yudata/mold_setting/${a}/`,
      token: session,
      payload: {},
    });
    expect([403, 422]).toContain(write.statusCode);
    // Used: the link cannot open again, nor set another password.
    const again = await openLink(token, 'other1234');
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('This share link has been used already: log in with your account');
    expect((await linkInfo(token)).statusCode).toBe(422);
    // The password they set logs in.
    const username = opened.json().data.user.username as string;
    expect(await app.login({ username, password: 'guest1234', name: '', email })).toEqual(expect.any(String));
  });

  it('refuses forged and expired links with their own messages', async () => {
    const mold = await createMold(app.context.db, app.orgId, [adminId]);
    for (const forged of ['', 'abc', 'A'.repeat(43), `${'A'.repeat(42)}!`]) {
      const response = await linkInfo(forged);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('This share link is not valid');
      expect((await openLink(forged, 'guest1234')).statusCode).toBe(400);
    }
    const created = (await shareUser({ email: newEmail(), role: viewerRole, moldIds: [mold] })).json().data;
    clock += 8 * 86_400_000;
    try {
      const expired = await openLink(tokenOf(created.address), 'guest1234');
      expect(expired.statusCode).toBe(410);
      expect(expired.json().msg).toBe('This share link has expired: ask the sender to share again');
    } finally {
      clock -= 8 * 86_400_000;
    }
  });

  it('shares with an existing account without changing it: the link needs that account’s own password, never another', async () => {
    const mold = await createMold(app.context.db, app.orgId, [adminId]);
    const created = await shareUser({ email: VIEWER.email, role: viewerRole, moldIds: [mold] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.id).toBe(viewerId);
    const token = tokenOf(created.json().data.address);
    expect((await linkInfo(token)).json().data).toMatchObject({ username: VIEWER.username, needsPassword: false });
    // Another account's password does not open it, and it stays usable.
    const wrong = await openLink(token, ADMIN.password);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().msg).toBe('Wrong account or password');
    const opened = await openLink(token, VIEWER.password);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.user.username).toBe(VIEWER.username);
    expect(await listedMoulds(opened.json().data.access)).toContain(mold);
    const viewerRow = await app.context.db
      .selectFrom('users')
      .select(['role_id', 'password_hash'])
      .where('id', '=', viewerId)
      .executeTakeFirstOrThrow();
    expect(viewerRow.password_hash).not.toBe('');
  });

  it('merges into an existing share; preloads its moulds for the dialog; all moulds held already is "This mould has been shared"', async () => {
    const [a, b] = [
      await createMold(app.context.db, app.orgId, [adminId]),
      await createMold(app.context.db, app.orgId, [adminId]),
    ];
    const email = newEmail();
    const { id } = (await shareUser({ email, role: viewerRole, moldIds: [a] })).json().data;
    const info = await app.request({
      method: 'GET',
      url: `/api/yudata/share_user_info/?email=${encodeURIComponent(email.toUpperCase())}`,
      token: admin,
    });
    expect(info.json().data).toEqual({ id, email, role: { id: viewerRole, name: expect.any(String) }, moldIds: [a] });
    const tree = await app.request({ method: 'GET', url: `/api/yudata/share/mold_tree/?user_id=${id}`, token: admin });
    const nodeA = nodes(tree.json().data).find((node) => node.cateId === `m${a}`);
    const nodeB = nodes(tree.json().data).find((node) => node.cateId === `m${b}`);
    expect(nodeA).toMatchObject({ checked: true, disabled: true });
    expect(nodeB).toMatchObject({ checked: false, disabled: false });
    const again = await shareUser({ email, role: viewerRole, moldIds: [a] });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This mould has been shared');
    const merged = await shareUser({ email, role: viewerRole, moldIds: [a, b] });
    expect(merged.json().data).toMatchObject({ id, granted: [b] });
    expect((await grantsOf(id)).map(([moldId]) => moldId)).toEqual([a, b].sort((x, y) => x - y));
    // An address the caller never shared with: null, whoever holds it.
    const unknown = await app.request({
      method: 'GET',
      url: `/api/yudata/share_user_info/?email=${encodeURIComponent(ADMIN.email)}`,
      token: admin,
    });
    expect(unknown.json().data).toBeNull();
  });

  it('refuses bad input, moulds that are not the caller’s to share, and oneself, changing nothing', async () => {
    const mine = await createMold(app.context.db, app.orgId, [adminId]);
    const other = await otherOrganisationAdmin(app);
    const sharedToMe = await createMold(app.context.db, other.orgId, []);
    await app.context.db
      .insertInto('user_mold_grants')
      .values({ user_id: adminId, mold_id: sharedToMe, shared_by: other.userId })
      .execute();
    const notMine = await createMold(app.context.db, app.orgId, [viewerId]);
    const email = newEmail();
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ email, role: viewerRole, moldIds: [] }, 400, 'Please select at least one mould to share'],
      [{ email, role: viewerRole, moldIds: '' }, 400, 'Please select at least one mould to share'],
      [{ email: 'not-an-email', role: viewerRole, moldIds: [mine] }, 400, /^Invalid input: email/],
      [{ role: viewerRole, moldIds: [mine] }, 400, /^Invalid input: email/],
      [{ email, role: adminRole, moldIds: [mine] }, 400, 'Invalid input: role: choose one of the viewer roles'],
      [{ email, role: 999999, moldIds: [mine] }, 400, 'Invalid input: role: choose one of the viewer roles'],
      [
        { email, role: viewerRole, moldIds: [mine, sharedToMe] },
        422,
        'This mould is shared by others and cannot be modified',
      ],
      [{ email, role: viewerRole, moldIds: [notMine] }, 400, /^Invalid input: moldIds/],
      [{ email, role: viewerRole, moldIds: 'x,1' }, 400, /^Invalid input: moldIds/],
      [
        { email: ADMIN.email, role: viewerRole, moldIds: [mine] },
        400,
        'Invalid input: email: you cannot share moulds with yourself',
      ],
    ];
    for (const [payload, status, msg] of cases) {
      const response = await shareUser(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().msg).toMatch(msg);
    }
    expect((await shareUser({ email, role: viewerRole, moldIds: [] })).json().key).toBe('20338');
    const account = await app.context.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(account).toEqual([]);
    // Another organisation's role is not offered either.
    const foreignRole = await app.context.db
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', other.orgId)
      .where('is_viewer', '=', true)
      .executeTakeFirst();
    if (foreignRole) expect((await shareUser({ email, role: foreignRole.id, moldIds: [mine] })).statusCode).toBe(400);
  });

  it('needs ShareUser on item 33 for sharing, view / delete on item 29 for the lists and revocation, and a session', async () => {
    const viewer = await app.login(VIEWER);
    const calls = [
      { method: 'GET', url: '/api/yudata/share/roles/' },
      { method: 'GET', url: '/api/yudata/share_user_info/?email=a@b.co' },
      { method: 'GET', url: '/api/yudata/share/mold_tree/' },
      { method: 'POST', url: '/api/yudata/share_user/', payload: { email: 'a@b.co', role: viewerRole, moldIds: [1] } },
      { method: 'PUT', url: '/api/yudata/share/mold_distribution/1/', payload: { moldIds: [1] } },
      { method: 'GET', url: '/api/yudata/share/' },
      { method: 'DELETE', url: '/api/yudata/share/1/' },
      { method: 'GET', url: '/api/yudata/share/received/' },
      { method: 'DELETE', url: '/api/yudata/share/received/1/' },
    ] as const;
    for (const call of calls) {
      const denied = await app.request({ ...call, token: viewer });
      expect(denied.statusCode, call.url).toBe(403);
      expect(denied.json()).toMatchObject({ code: 6000, msg: 'No permission' });
      expect((await app.request({ ...call })).statusCode, call.url).toBe(401);
    }
    // View on item 29 without ShareUser: the lists, not the sharing.
    const other = await otherOrganisationAdmin(app);
    await limitMenuActions(app.context.db, other.user.username, MenuId.shareUser, ['view']);
    expect((await app.request({ method: 'GET', url: '/api/yudata/share/', token: other.token })).statusCode).toBe(200);
    expect((await app.request({ method: 'GET', url: '/api/yudata/share/roles/', token: other.token })).statusCode).toBe(
      403,
    );
  });

  it('lists, searches and pages the shares made; edits their moulds; revokes at once; never across users', async () => {
    const [a, b, c] = [
      await createMold(app.context.db, app.orgId, [adminId]),
      await createMold(app.context.db, app.orgId, [adminId]),
      await createMold(app.context.db, app.orgId, [adminId]),
    ];
    const email = `listed.${Date.now()}@partner.example`;
    const { id } = (await shareUser({ email, role: viewerRole, moldIds: [a, b] })).json().data;
    const found = await made(`?search=${encodeURIComponent('LISTED.')}`);
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({
      id,
      email,
      role: { id: viewerRole },
      molds: [{ id: a }, { id: b }].sort((x, y) => x.id - y.id),
    });
    const all = await made('?limit=2&page=1');
    expect(all.data).toHaveLength(2);
    expect(all.data[0]!.id).toBe(id); // newest change first
    expect((await made('?search=%25')).total).toBe(0);

    const other = await otherOrganisationAdmin(app);
    expect((await made('', other.token)).total).toBe(0);
    const events: unknown[] = [];
    const stop = app.context.bus.subscribe('grantsChanged', (event) => events.push(event));
    try {
      // Someone else's share: 404, nothing changes.
      expect(
        (await app.request({ method: 'DELETE', url: `/api/yudata/share/${id}/`, token: other.token })).statusCode,
      ).toBe(404);
      expect(
        (
          await app.request({
            method: 'PUT',
            url: `/api/yudata/share/mold_distribution/${id}/`,
            token: other.token,
            payload: { moldIds: [a] },
          })
        ).statusCode,
      ).toBe(404);
      expect((await grantsOf(id)).map(([moldId]) => moldId)).toEqual([a, b].sort((x, y) => x - y));
      expect(events).toEqual([]);

      const tree = await app.request({
        method: 'GET',
        url: `/api/yudata/share/mold_tree/?user_id=${id}&mode=edit`,
        token: admin,
      });
      expect(nodes(tree.json().data).find((node) => node.cateId === `m${a}`)).toMatchObject({
        checked: true,
        disabled: false,
      });
      const edited = await app.request({
        method: 'PUT',
        url: `/api/yudata/share/mold_distribution/${id}/`,
        token: admin,
        payload: { moldIds: `${b},${c}` },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toEqual({ granted: [c], revoked: [a] });
      expect((await grantsOf(id)).map(([moldId]) => moldId)).toEqual([b, c].sort((x, y) => x - y));
      expect(
        (
          await app.request({
            method: 'PUT',
            url: `/api/yudata/share/mold_distribution/${id}/`,
            token: admin,
            payload: { moldIds: [] },
          })
        ).json().key,
      ).toBe('20338');
      expect(
        (
          await app.request({
            method: 'PUT',
            url: `/api/yudata/share/mold_distribution/${viewerId + 99999}/`,
            token: admin,
            payload: { moldIds: [a] },
          })
        ).statusCode,
      ).toBe(404);

      const revoked = await app.request({ method: 'DELETE', url: `/api/yudata/share/${id}/`, token: admin });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().msg).toBe('Share revoked');
      expect(await grantsOf(id)).toEqual([]);
      expect((await made(`?search=${encodeURIComponent(email)}`)).total).toBe(0);
      expect(events).toContainEqual({ userIds: [id], moldIds: [a], change: 'revoked' });
      expect(events).toContainEqual({ userIds: [id], moldIds: expect.arrayContaining([b, c]), change: 'revoked' });
      expect((await app.request({ method: 'DELETE', url: `/api/yudata/share/${id}/`, token: admin })).statusCode).toBe(
        404,
      );
    } finally {
      stop();
    }
  });

  it('shows a recipient what they received, from whom, and lets them decline it', async () => {
    const other = await otherOrganisationAdmin(app);
    const theirs = await createMold(app.context.db, other.orgId, [other.userId]);
    const roles = await app.request({ method: 'GET', url: '/api/yudata/share/roles/', token: other.token });
    const role = (roles.json().data as Array<{ id: number }>)[0]!.id;
    // Across organisations: the admin of this one receives a mould of the other.
    expect((await shareUser({ email: ADMIN.email, role, moldIds: [theirs] }, other.token)).statusCode).toBe(200);
    const received = await app.request({ method: 'GET', url: '/api/yudata/share/received/', token: admin });
    const rows = received.json().data as ShareReceived[];
    const row = rows.find((share) => share.id === other.userId)!;
    expect(row).toMatchObject({ sharer: 'Fresh', sharer_email: other.user.email, molds: [{ id: theirs }] });
    expect(await listedMoulds(admin)).toContain(theirs);
    // The admin cannot pass it on.
    expect((await shareUser({ email: newEmail(), role: viewerRole, moldIds: [theirs] })).statusCode).toBe(422);
    const declined = await app.request({
      method: 'DELETE',
      url: `/api/yudata/share/received/${other.userId}/`,
      token: admin,
    });
    expect(declined.statusCode).toBe(200);
    expect(await listedMoulds(admin)).not.toContain(theirs);
    expect(
      (await app.request({ method: 'DELETE', url: `/api/yudata/share/received/${other.userId}/`, token: admin }))
        .statusCode,
    ).toBe(404);
  });
});
