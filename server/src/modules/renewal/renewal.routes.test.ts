import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, RENEWAL_NOTICE_TYPE, type RenewalRecord } from '@mouldwatch/shared';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { createMold, limitMenuActions, userIdOf } from '../../../test/factories.js';
import { callWithout, otherOrganisationAdmin } from '../../../test/organisation.js';
import { remittance } from '../../../test/renewal.js';
import type { OutgoingMail } from '../../infra/mail/mailer.js';

const OPERATOR_KEY = 'operator-key-for-tests-0123456789';
const DAY = 86_400_000;

let app: TestApp;
let admin: string;
let viewer: string;
let adminId: number;
let now = new Date('2026-11-24T10:00:00Z');
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  app = await startTestApp({ RENEWAL_OPERATOR_KEY: OPERATOR_KEY, PUBLIC_URL: 'https://mw.example.com' }, undefined, {
    jobs: {
      delivery: {
        transports: { email: { send: async (mail) => void sent.push(mail), close: () => undefined } },
        outboxIntervalMs: 3_600_000,
        alertIntervalMs: 3_600_000,
      },
    },
  });
  [admin, viewer] = await Promise.all([app.login(ADMIN), app.login(VIEWER)]);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  app.context.now = () => now;
});
afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object, headers?: Record<string, string>) =>
  app.request({ method, url, token, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });

/** A mould of the test organisation granted to the admin, expiring `days` from the test clock (null: never set). */
async function mould(days: number | null): Promise<number> {
  const id = await createMold(app.context.db, app.orgId, [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ subscription_expires_at: days === null ? null : new Date(now.getTime() + days * DAY) })
    .where('id', '=', id)
    .execute();
  return id;
}
const expiryOf = async (id: number) =>
  (
    await app.context.db
      .selectFrom('molds')
      .select('subscription_expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).subscription_expires_at;

async function order(moldIds: number[], years = 1, country = 'CN'): Promise<RenewalRecord> {
  const response = await call('POST', '/api/renewal/renewal/', admin, { mold_ids: moldIds, years, country });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const confirm = (orderNo: string, key: string | null = OPERATOR_KEY) =>
  app.request({
    method: 'POST',
    url: `/api/renewal/operator/confirm/${orderNo}/`,
    headers: key === null ? {} : { 'x-operator-key': key },
  });

describe('renewal look-ups', () => {
  it('lists prices in minor units with their banks, the bank countries, and guesses a country offline', async () => {
    const prices = (await call('GET', '/api/renewal/price_list/', admin)).json().data;
    expect(prices).toContainEqual(
      expect.objectContaining({
        country: 'CN',
        currency: 'CNY',
        unit_amount: 36_000,
        account_name: expect.any(String),
      }),
    );
    const countries = (await call('GET', '/api/renewal/bank_country/', admin)).json().data;
    expect(countries.map((row: { country: string }) => row.country)).toEqual(['BR', 'CN', 'DE', 'KR', 'US']);

    const byZone = (
      await call('GET', '/api/renewal/ip_api/', admin, undefined, { 'time-zone': 'Asia/Shanghai' })
    ).json();
    expect(byZone.data).toMatchObject({ country: 'CN', source: 'time_zone', private_address: true });
    const byLanguage = (
      await call('GET', '/api/renewal/ip_api/', admin, undefined, { 'accept-language': 'pt-BR,pt;q=0.9' })
    ).json();
    expect(byLanguage.data).toMatchObject({ country: 'BR', source: 'language' });
    const none = (await call('GET', '/api/renewal/ip_api/', admin, undefined, { 'accept-language': 'fr-FR' })).json();
    expect(none.data).toMatchObject({ country: null, source: 'none' });
  });

  it("lists the caller's own due moulds soonest first with days left; all of them with due=0", async () => {
    const expired = await mould(-3);
    const soon = await mould(10);
    const later = await mould(200);
    const unset = await mould(null);
    const stranger = await otherOrganisationAdmin(app);
    const foreign = await createMold(app.context.db, stranger.orgId, [stranger.userId]);
    await app.context.db.updateTable('molds').set({ subscription_expires_at: now }).where('id', '=', foreign).execute();

    const due = (await call('GET', '/api/renewal/renewal_mold/?limit=100', admin)).json();
    const ids = due.data.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([expired, soon]));
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(unset);
    expect(ids).not.toContain(foreign);
    expect(ids.indexOf(expired)).toBeLessThan(ids.indexOf(soon));
    expect(due.data.find((row: { id: number }) => row.id === soon)).toMatchObject({
      days_left: 10,
      unpaid_order_no: null,
    });
    expect(due.data.find((row: { id: number }) => row.id === expired).days_left).toBe(-3);

    const all = (await call('GET', '/api/renewal/renewal_mold/?due=0&limit=100', admin)).json();
    const allIds = all.data.map((row: { id: number }) => row.id);
    expect(allIds).toEqual(expect.arrayContaining([expired, soon, later, unset]));
    expect(all.data.find((row: { id: number }) => row.id === unset)).toMatchObject({
      expires_at: null,
      days_left: null,
    });
    const page = (await call('GET', '/api/renewal/renewal_mold/?due=0&limit=1&page=2', admin)).json();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(all.total);
  });
});

describe('renewal orders', () => {
  it('orders moulds for years at the country price, remits, and the operator confirms: expiry extended', async () => {
    const early = await mould(5);
    const lapsed = await mould(-40);
    const created = await order([early, lapsed, early], 2, 'cn');
    expect(created).toMatchObject({
      status: 'unpaid',
      remitted: false,
      year: 2,
      country: 'CN',
      currency: 'CNY',
      unit_amount: 36_000,
      remittance_amount: 36_000 * 2 * 2,
      record_number: 2,
      account_name: 'Mouldwatch Technology Co., Ltd.',
    });
    expect(created.order_number).toMatch(/^RN20261124[0-9A-Z]{10}$/);
    expect(created.molds?.map((line) => line.mold_id).sort()).toEqual([early, lapsed].sort());

    // The moulds now show their unpaid order; a second order for one of them is refused.
    const listed = (await call('GET', '/api/renewal/renewal_mold/?limit=100', admin)).json().data;
    expect(listed.find((row: { id: number }) => row.id === early).unpaid_order_no).toBe(created.order_number);
    const twice = await call('POST', '/api/renewal/renewal/', admin, { mold_ids: [early], years: 1, country: 'CN' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toContain(created.order_number);

    // Not confirmable before the remittance is filled in.
    expect((await confirm(created.order_number)).statusCode).toBe(422);

    const remitted = await call(
      'PUT',
      `/api/renewal/renewal/${created.id}/`,
      admin,
      remittance({ remark: 'paid Monday' }),
    );
    expect(remitted.statusCode, remitted.body).toBe(200);
    expect(remitted.json().data).toMatchObject({
      remitted: true,
      status: 'unpaid',
      remitter: 'ACME Moulds Ltd',
      remitter_country: 'CN',
      renewal_type: 'corporate',
      transaction_serial_number: 'TX-2026-0001',
      remark: 'paid Monday',
    });

    const earlyBefore = (await expiryOf(early))!;
    const answer = await confirm(created.order_number);
    expect(answer.statusCode, answer.body).toBe(200);
    const finished: RenewalRecord = answer.json().data;
    expect(finished.status).toBe('finished');
    expect(finished.confirmed_at).toBe(Math.floor(now.getTime() / 1000));
    // From the later of now and the current expiry.
    const earlyAfter = (await expiryOf(early))!;
    expect(earlyAfter.toISOString()).toBe(
      new Date(
        Date.UTC(
          earlyBefore.getUTCFullYear() + 2,
          earlyBefore.getUTCMonth(),
          earlyBefore.getUTCDate(),
          earlyBefore.getUTCHours(),
        ),
      ).toISOString(),
    );
    expect((await expiryOf(lapsed))!.toISOString()).toBe('2028-11-24T10:00:00.000Z');
    expect(finished.renewal_start_date).toBe(Math.floor(now.getTime() / 1000));
    expect(finished.expiration_date).toBe(Math.floor(earlyAfter.getTime() / 1000));
    const line = finished.molds?.find((row) => row.mold_id === lapsed);
    expect(line?.previous_expires_at).toBe(Math.floor((now.getTime() - 40 * DAY) / 1000));

    // Done once: again, cancel and remit are refused.
    expect((await confirm(created.order_number)).statusCode).toBe(422);
    expect((await call('PUT', `/api/renewal/cancel/${created.id}/`, admin)).statusCode).toBe(422);
    expect((await call('PUT', `/api/renewal/renewal/${created.id}/`, admin, remittance())).statusCode).toBe(422);
  });

  it('cancels an unpaid order, which frees its moulds', async () => {
    const id = await mould(3);
    const created = await order([id]);
    const cancelled = await call('PUT', `/api/renewal/cancel/${created.id}/`, admin);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json().data.cancelled_at).toBe(Math.floor(now.getTime() / 1000));
    expect((await call('PUT', `/api/renewal/cancel/${created.id}/`, admin)).statusCode).toBe(422);
    expect((await call('PUT', `/api/renewal/renewal/${created.id}/`, admin, remittance())).statusCode).toBe(422);
    expect((await confirm(created.order_number)).statusCode).toBe(422);
    await order([id]);
  });

  it('lists orders newest first by status, search and page', async () => {
    const a = await order([await mould(1)]);
    const b = await order([await mould(2)]);
    await call(
      'PUT',
      `/api/renewal/renewal/${b.id}/`,
      admin,
      remittance({ transaction_serial_number: 'SERIAL-XYZ-77' }),
    );
    await call('PUT', `/api/renewal/cancel/${a.id}/`, admin);

    const all = (await call('GET', '/api/renewal/renewal/?limit=100', admin)).json();
    expect(all.data[0].id).toBe(b.id);
    expect(all.data.map((row: RenewalRecord) => row.id)).toContain(a.id);
    const unpaid = (await call('GET', '/api/renewal/renewal/?status=unpaid&limit=100', admin)).json();
    expect(unpaid.data.every((row: RenewalRecord) => row.status === 'unpaid')).toBe(true);
    expect(unpaid.data.map((row: RenewalRecord) => row.id)).toContain(b.id);
    const cancelled = (await call('GET', '/api/renewal/renewal/?status=cancelled', admin)).json();
    expect(cancelled.data.map((row: RenewalRecord) => row.id)).toContain(a.id);
    const found = (await call('GET', '/api/renewal/renewal/?search=serial-xyz', admin)).json();
    expect(found.data.map((row: RenewalRecord) => row.id)).toEqual([b.id]);
    const byNumber = (await call('GET', `/api/renewal/renewal/?search=${a.order_number.slice(-6)}`, admin)).json();
    expect(byNumber.data.map((row: RenewalRecord) => row.id)).toEqual([a.id]);
    const paged = (await call('GET', '/api/renewal/renewal/?limit=1&page=2', admin)).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBe(all.total);
    const one = (await call('GET', `/api/renewal/renewal/${b.id}/`, admin)).json().data;
    expect(one.molds).toHaveLength(1);
  });

  it('refuses bad input naming the field, and nothing changes', async () => {
    const id = await mould(4);
    for (const [body, field] of [
      [{ mold_ids: [], years: 1, country: 'CN' }, 'mold_ids'],
      [{ mold_ids: [id], years: 6, country: 'CN' }, 'years'],
      [{ mold_ids: [id], years: 1.5, country: 'CN' }, 'years'],
      [{ mold_ids: [id], years: 1, country: 'China' }, 'country'],
      [{ mold_ids: [id], years: 1, country: 'FR' }, 'FR'],
      [{ mold_ids: ['x'], years: 1, country: 'CN' }, 'mold_ids'],
    ] as const) {
      const response = await call('POST', '/api/renewal/renewal/', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe(400);
      expect(response.json().msg).toContain(field);
    }
    const stranger = await otherOrganisationAdmin(app);
    const foreign = await createMold(app.context.db, stranger.orgId, [stranger.userId]);
    const notMine = await call('POST', '/api/renewal/renewal/', admin, {
      mold_ids: [id, foreign],
      years: 1,
      country: 'CN',
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().msg).toContain(String(foreign));
    expect(
      (await call('GET', '/api/renewal/renewal_mold/?limit=100', admin))
        .json()
        .data.find((row: { id: number }) => row.id === id).unpaid_order_no,
    ).toBeNull();

    const created = await order([id]);
    for (const [body, field] of [
      [remittance({ remitter: '  ' }), 'remitter'],
      [remittance({ account_number: '12-34' }), 'account_number'],
      [remittance({ account_number: 'DE89 3704 0044 0532 0130 01' }), 'account_number'],
      [remittance({ transaction_serial_number: '' }), 'transaction_serial_number'],
      [remittance({ country: '' }), 'country'],
      [remittance({ renewal_type: undefined }), 'renewal_type'],
      [remittance({ country: 'US' }), 'CN'],
    ] as const) {
      const response = await call('PUT', `/api/renewal/renewal/${created.id}/`, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().msg).toContain(field);
    }
    const unchanged = (await call('GET', `/api/renewal/renewal/${created.id}/`, admin)).json().data;
    expect(unchanged).toMatchObject({ remitted: false, remitter: '' });
    expect((await call('GET', '/api/renewal/renewal/?status=paid', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/renewal/renewal/abc/', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/renewal/renewal/999999/', admin)).statusCode).toBe(404);
  });

  it('confirms only with the operator key', async () => {
    const created = await order([await mould(2)]);
    await call('PUT', `/api/renewal/renewal/${created.id}/`, admin, remittance());
    for (const key of [null, 'wrong', `${OPERATOR_KEY}x`]) {
      const response = await confirm(created.order_number, key);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(6000);
    }
    // A user's session is no operator key.
    const withSession = await call('POST', `/api/renewal/operator/confirm/${created.order_number}/`, admin);
    expect(withSession.statusCode).toBe(403);
    expect((await confirm('RN-NO-SUCH')).statusCode).toBe(404);
    const bare = await startTestApp();
    try {
      const off = await bare.request({
        method: 'POST',
        url: `/api/renewal/operator/confirm/${created.order_number}/`,
        headers: { 'x-operator-key': OPERATOR_KEY },
      });
      expect(off.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});

describe('renewal permissions and isolation', () => {
  it('refuses each call without its action on its menu item (403 / 6000)', async () => {
    const cases = [
      [MenuId.renewalAlarm, 'add', 'POST', '/api/renewal/renewal/'],
      [MenuId.renewalUnpaid, 'edit', 'PUT', '/api/renewal/renewal/1/'],
      [MenuId.renewalUnpaid, 'delete', 'PUT', '/api/renewal/cancel/1/'],
      [MenuId.renewalAlarm, 'view', 'GET', '/api/renewal/price_list/'],
      [MenuId.renewalAlarm, 'view', 'GET', '/api/renewal/renewal_mold/'],
      [MenuId.renewalAlarm, 'view', 'GET', '/api/renewal/ip_api/'],
      [MenuId.renewal, 'view', 'GET', '/api/renewal/bank_country/'],
      [MenuId.renewal, 'view', 'GET', '/api/renewal/renewal_message/'],
    ] as const;
    for (const [menu, action, method, url] of cases) {
      const payload = method === 'GET' ? undefined : { mold_ids: [1], years: 1, country: 'CN' };
      const response = await callWithout(app, menu, action, { method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${action} ${url}`).toBe(403);
      expect(response.json().code).toBe(6000);
    }
    // The viewer's role has no renewal menu at all.
    expect((await call('GET', '/api/renewal/renewal/', viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/renewal/renewal_mold/', viewer)).statusCode).toBe(403);
  });

  it('lets the unpaid list (39) see unpaid orders only, the all list (38) every order', async () => {
    const { user, token } = await otherOrganisationAdmin(app);
    await limitMenuActions(app.context.db, user.username, MenuId.renewalAll, []);
    expect((await call('GET', '/api/renewal/renewal/', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/renewal/renewal/?status=finished', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/renewal/renewal/?status=unpaid', token)).statusCode).toBe(200);
    await limitMenuActions(app.context.db, user.username, MenuId.renewalUnpaid, []);
    expect((await call('GET', '/api/renewal/renewal/?status=unpaid', token)).statusCode).toBe(403);
  });

  it("never shows or changes another organisation's orders", async () => {
    const created = await order([await mould(6)]);
    const stranger = await otherOrganisationAdmin(app);
    const list = (await call('GET', '/api/renewal/renewal/?limit=100', stranger.token)).json();
    expect(list.total).toBe(0);
    expect((await call('GET', `/api/renewal/renewal/${created.id}/`, stranger.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/renewal/renewal/${created.id}/`, stranger.token, remittance())).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/api/renewal/cancel/${created.id}/`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/renewal/renewal/${created.id}/`, admin)).json().data.status).toBe('unpaid');
    // A mould shared to a user is not theirs to renew.
    const { userId } = stranger;
    const mine = await mould(7);
    await app.context.db
      .insertInto('user_mold_grants')
      .values({ user_id: userId, mold_id: mine, shared_by: adminId })
      .execute();
    const refused = await call('POST', '/api/renewal/renewal/', stranger.token, {
      mold_ids: [mine],
      years: 1,
      country: 'CN',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('renewal flag and reminders', () => {
  it('lights the flag for due moulds no unpaid order holds; cancel dismisses it until something new is due', async () => {
    const { user, token, orgId, userId } = await otherOrganisationAdmin(app);
    void user;
    const message = async (query = '') =>
      (await call('GET', `/api/renewal/renewal_message/${query}`, token)).json().data;
    expect(await message()).toEqual({ flag: false, count: 0, mold_ids: [] });
    const id = await createMold(app.context.db, orgId, [userId]);
    await app.context.db
      .updateTable('molds')
      .set({ subscription_expires_at: new Date(now.getTime() + 20 * DAY) })
      .where('id', '=', id)
      .execute();
    expect(await message()).toEqual({ flag: true, count: 1, mold_ids: [id] });
    expect((await message('?cancel=1')).flag).toBe(false);
    expect((await message()).flag).toBe(false);
    // Ten days on the 15-day mark has passed: the flag is back.
    const saved = now;
    now = new Date(saved.getTime() + 10 * DAY);
    try {
      expect((await message()).flag).toBe(true);
      // An unpaid order holds it: no flag.
      const created = await call('POST', '/api/renewal/renewal/', token, { mold_ids: [id], years: 1, country: 'US' });
      expect(created.statusCode).toBe(200);
      expect(await message()).toEqual({ flag: false, count: 0, mold_ids: [] });
    } finally {
      now = saved;
    }
  });

  it('sends each stage once per mould and expiry: a notice and a mail, idempotent across runs and instances', async () => {
    const { token, orgId, userId } = await otherOrganisationAdmin(app);
    const id = await createMold(app.context.db, orgId, [userId]);
    const expiry = new Date(now.getTime() + 25 * DAY);
    await app.context.db.updateTable('molds').set({ subscription_expires_at: expiry }).where('id', '=', id).execute();
    const noticesOf = () =>
      app.context.db
        .selectFrom('user_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('alarm_type', '=', RENEWAL_NOTICE_TYPE)
        .execute();
    const mailsOf = async () =>
      (await app.context.db.selectFrom('outbox').selectAll().where('user_id', '=', userId).execute()).filter((row) =>
        row.subject.includes('Mouldwatch'),
      );

    // Two instances at once: one sends.
    await Promise.all([app.services.renewal.sendReminders(), app.services.renewal.sendReminders()]);
    await app.services.renewal.sendReminders();
    const first = await noticesOf();
    expect(first).toHaveLength(1);
    expect(JSON.parse(first[0]!.content)).toMatchObject({ stage: 30, expires_at: Math.floor(expiry.getTime() / 1000) });
    const mails = await mailsOf();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('30 days');
    expect(mails[0]!.text).toContain('https://mw.example.com/renewal/renewalAlarm');

    // The notice shows in the bell's list and leads to the overview.
    const bell = (await call('GET', '/api/yudata/user_message/?page=1', token)).json().data;
    expect(bell[0]).toMatchObject({ alarm_type: RENEWAL_NOTICE_TYPE, mold_id: id });

    const saved = now;
    try {
      now = new Date(expiry.getTime() - 14 * DAY);
      await app.services.renewal.sendReminders();
      await app.services.renewal.sendReminders();
      expect((await noticesOf()).map((row) => JSON.parse(row.content).stage)).toEqual([30, 15]);
      expect(await mailsOf()).toHaveLength(2);
      // Expired: nothing more.
      now = new Date(expiry.getTime() + DAY);
      await app.services.renewal.sendReminders();
      expect(await noticesOf()).toHaveLength(2);
    } finally {
      now = saved;
    }

    // A renewal sets a new expiry: its stages are sent again for it.
    const later = new Date(now.getTime() + 29 * DAY);
    await app.context.db.updateTable('molds').set({ subscription_expires_at: later }).where('id', '=', id).execute();
    await app.services.renewal.sendReminders();
    expect(await noticesOf()).toHaveLength(3);
  });

  it('sends only the 15-day reminder when a mould first comes due within 15 days', async () => {
    const { orgId, userId } = await otherOrganisationAdmin(app);
    const id = await createMold(app.context.db, orgId, [userId]);
    await app.context.db
      .updateTable('molds')
      .set({ subscription_expires_at: new Date(now.getTime() + 8 * DAY) })
      .where('id', '=', id)
      .execute();
    await app.services.renewal.sendReminders();
    const notices = await app.context.db
      .selectFrom('user_messages')
      .select('content')
      .where('user_id', '=', userId)
      .where('alarm_type', '=', RENEWAL_NOTICE_TYPE)
      .execute();
    expect(notices.map((row) => JSON.parse(row.content).stage)).toEqual([15]);
    const recorded = await app.context.db
      .selectFrom('renewal_reminders')
      .select('stage')
      .where('mold_id', '=', id)
      .orderBy('stage')
      .execute();
    expect(recorded.map((row) => Number(row.stage))).toEqual([15, 30]);
  });
});
