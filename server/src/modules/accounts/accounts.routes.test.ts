import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, startTestApp, type TestApp } from '../../../test/test-app.js';
import { Mailbox, codeIn, part } from '../../../test/mailbox.js';
import { CODE_MAX_WRONG_TRIES, CODE_VALID_MS } from './account-codes.js';

let app: TestApp;
const mailbox = new Mailbox();
const texts: Array<{ to: string; text: string }> = [];
let gateway: Server;
let clock = Date.now();
let clients = 0;

/** A client address of its own, so that one test's sends never spend another's allowance. */
const newClient = () => {
  clients += 1;
  return `10.24.${Math.floor(clients / 250)}.${clients % 250}`;
};

beforeAll(async () => {
  const smtpPort = await mailbox.listen();
  gateway = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      texts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  app = await startTestApp(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMS_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
      SIGNUP: 'open',
    },
    undefined,
    { jobs: { delivery: { outboxIntervalMs: 3_600_000, alertIntervalMs: 3_600_000 } } },
  );
  app.context.now = () => new Date(clock);
});

afterAll(async () => {
  await app.close();
  await mailbox.close();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

const post = (url: string, payload: Record<string, unknown>, ip = newClient()) =>
  app.request({ method: 'POST', url, payload, remoteAddress: ip });

const signUp = (form: { username: string; email: string; password?: string; password2?: string }, ip?: string) =>
  post(
    '/api/signup/',
    {
      username: form.username,
      email: form.email,
      password: encode(form.password ?? 'start1234'),
      password2: encode(form.password2 ?? form.password ?? 'start1234'),
    },
    ip,
  );

const sendEmail = (email: string, purpose = 'reset', ip = newClient()) =>
  app.request({
    method: 'GET',
    url: `/api/send_email/?email=${encodeURIComponent(email)}&purpose=${purpose}`,
    remoteAddress: ip,
  });

const activate = (email: string, code: string) => post('/api/activationAccount/', { email, code });

const changePassword = (address: { email: string } | { mobile: string }, code: string, password = 'again5678') =>
  post('/api/change_password/', { ...address, code, password: encode(password), password2: encode(password) });

/** Sends what the outbox holds and answers the code of the last mail to the address. */
async function mailedCode(email: string): Promise<string> {
  await app.services.outbox.sendDue();
  const mail = mailbox.to(email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return codeIn(mail);
}

const outboxTo = async (to: string) =>
  (await app.context.db.selectFrom('outbox').select('id').where('to', '=', to).execute()).length;

const login = (username: string, password: string) =>
  post('/api/login/en_US', { username, password: encode(password) });

/** An active account of its own, with an e-mail address and a mobile number. */
async function activeAccount(): Promise<{ username: string; email: string; mobile: string; token: string }> {
  const user = await app.freshUser();
  const mobile = `+86-139-${user.username.replace(/\D/g, '')}`;
  await app.context.db.updateTable('users').set({ mobile }).where('username', '=', user.username).execute();
  return { username: user.username, email: user.email, mobile, token: await app.login(user) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up and activation', () => {
  it('refuses bad input with a 400 naming the field', async () => {
    const badEmail = await signUp({ username: 'shape1', email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().msg).toContain('email');
    const differ = await signUp({ username: 'shape2', email: 's2@example.com', password2: 'other1234' });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().msg).toContain('password2');
    const shortCode = await activate('s2@example.com', '12345');
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json().msg).toContain('code');
    const noAddress = await post('/api/activationAccount/', { code: '123456' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().msg).toContain('email');
  });

  it('creates an inactive account, mails its code, and the code logs it in to an organisation of its own', async () => {
    const email = 'newcomer@example.com';
    const answer = await signUp({ username: 'newcomer', email });
    expect(answer.statusCode).toBe(200);
    const code = await mailedCode(email);

    const before = await login('newcomer', 'start1234');
    expect(before.statusCode).toBe(422);
    expect(before.json().msg).toMatch(/not activated/);

    expect((await activate(email, wrongCode(code))).statusCode).toBe(422);
    const activated = await activate(email, code);
    expect(activated.statusCode).toBe(200);
    const { access, user } = activated.json().data;
    expect(user.username).toBe('newcomer');

    const me = await app.context.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.org_id', 'roles.name as role', 'users.is_active'])
      .where('username', '=', 'newcomer')
      .executeTakeFirstOrThrow();
    expect(me).toMatchObject({ role: 'Administrator', is_active: true });
    expect(me.org_id).not.toBe(app.orgId);
    const molds = await app.request({ method: 'GET', url: '/api/yudata/mold_setting/', token: access });
    expect(molds.statusCode).toBe(200);
    expect(molds.json().data.count ?? molds.json().data.total ?? 0).toBe(0);

    // Used once: the same code again does nothing.
    expect((await activate(email, code)).statusCode).toBe(422);
    expect((await login('newcomer', 'start1234')).statusCode).toBe(200);
  });

  it('answers a taken name or address the same, and mails the address why instead of a code', async () => {
    const taken = await activeAccount();
    const byName = await signUp({ username: taken.username.toUpperCase(), email: 'other.person@example.com' });
    const byAddress = await signUp({ username: 'brandnew7', email: taken.email });
    const fresh = await signUp({ username: 'brandnew8', email: 'brandnew8@example.com' });
    for (const answer of [byName, byAddress]) {
      expect(answer.statusCode).toBe(fresh.statusCode);
      expect(answer.json()).toEqual(fresh.json());
    }
    await app.services.outbox.sendDue();
    expect(part(mailbox.to('other.person@example.com').at(-1) ?? '', 'text/plain')).toContain('already taken');
    expect(part(mailbox.to(taken.email).at(-1) ?? '', 'text/plain')).toContain('already uses this address');
    const users = await app.context.db.selectFrom('users').select('id').where('username', '=', 'brandnew7').execute();
    expect(users).toHaveLength(0);
  });

  it('is refused with 403 when SIGNUP is closed, and says so to the login page', async () => {
    const offers = () => app.request({ method: 'GET', url: '/api/signup/' });
    expect((await offers()).json().data).toEqual({ open: true, email: true, sms: true });
    app.context.config.signup = 'closed';
    try {
      expect((await offers()).json().data).toMatchObject({ open: false });
      const answer = await signUp({ username: 'closedout', email: 'closed@example.com' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().msg).toMatch(/closed/);
    } finally {
      app.context.config.signup = 'open';
    }
  });

  it('sends a new activation code on request; the old one is dead', async () => {
    const email = 'twice@example.com';
    await signUp({ username: 'twice', email });
    const first = await mailedCode(email);
    expect((await sendEmail(email, 'activate')).statusCode).toBe(200);
    const second = await mailedCode(email);
    if (first !== second) expect((await activate(email, first)).statusCode).toBe(422);
    expect((await activate(email, second)).statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('sets a new password with the mailed code, ends every session and tells the address', async () => {
    const account = await activeAccount();
    const revoked: number[] = [];
    const stop = app.context.bus.subscribe('sessionsRevoked', ({ userId }) => revoked.push(userId));
    expect((await sendEmail(account.email.toUpperCase())).statusCode).toBe(200);
    const code = await mailedCode(account.email);

    const reset = await changePassword({ email: account.email }, code);
    stop();
    expect(reset.statusCode).toBe(200);
    expect(revoked).toHaveLength(1);
    const oldSession = await app.request({ method: 'GET', url: '/api/yudata/user/user_info/', token: account.token });
    expect(oldSession.statusCode).toBe(401);
    expect((await login(account.username, 'fresh1234')).statusCode).toBe(422);
    expect((await login(account.username, 'again5678')).statusCode).toBe(200);

    await app.services.outbox.sendDue();
    expect(part(mailbox.to(account.email).at(-1) ?? '', 'text/plain')).toMatch(
      /password of the account .* was set anew/,
    );
    // Used once.
    expect((await changePassword({ email: account.email }, code, 'third9012')).statusCode).toBe(422);
  });

  it('kills the code at the fifth wrong try: the right code on the sixth fails', async () => {
    const account = await activeAccount();
    await sendEmail(account.email);
    const code = await mailedCode(account.email);
    for (let attempt = 0; attempt < CODE_MAX_WRONG_TRIES; attempt += 1) {
      const wrong = await changePassword({ email: account.email }, wrongCode(code));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().msg).toMatch(/wrong or no longer valid/);
    }
    expect((await changePassword({ email: account.email }, code)).statusCode).toBe(422);
    expect((await login(account.username, 'fresh1234')).statusCode).toBe(200);
  });

  it('refuses an expired code and a replaced one', async () => {
    const account = await activeAccount();
    await sendEmail(account.email);
    const expired = await mailedCode(account.email);
    clock += CODE_VALID_MS;
    expect((await changePassword({ email: account.email }, expired)).statusCode).toBe(422);

    await sendEmail(account.email);
    const replaced = await mailedCode(account.email);
    await sendEmail(account.email);
    const current = await mailedCode(account.email);
    if (replaced !== current) expect((await changePassword({ email: account.email }, replaced)).statusCode).toBe(422);
    expect((await changePassword({ email: account.email }, current)).statusCode).toBe(200);
  });

  it('sends the code by SMS with send_sms and resets by the mobile number', async () => {
    const account = await activeAccount();
    const { mobile } = account;
    const answer = await app.request({
      method: 'GET',
      url: `/api/send_sms/?mobile=${encodeURIComponent(mobile)}`,
      remoteAddress: newClient(),
    });
    expect(answer.statusCode).toBe(200);
    await app.services.outbox.sendDue();
    const sms = texts.filter((text) => text.to === mobile).at(-1);
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect((await changePassword({ mobile }, code)).statusCode).toBe(200);
    const bad = await app.request({
      method: 'GET',
      url: '/api/send_sms/?mobile=call%20me',
      remoteAddress: newClient(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('mobile');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const account = await activeAccount();
    const known = await sendEmail(account.email);
    const unknown = await sendEmail('nobody.here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxTo('nobody.here@example.com')).toBe(0);
    const codeForNobody = await changePassword({ email: 'nobody.here@example.com' }, '123456');
    const wrongCodeForSomebody = await changePassword({ email: account.email }, '123456');
    expect(codeForNobody.statusCode).toBe(422);
    expect(codeForNobody.json()).toEqual(wrongCodeForSomebody.json());
  });
});

describe('sending throttle', () => {
  it('sends at most the allowance for one address out of 100 parallel requests from 100 clients', async () => {
    const account = await activeAccount();
    const before = await outboxTo(account.email);
    const answers = await Promise.all(Array.from({ length: 100 }, () => sendEmail(account.email)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBe(3);
    expect(statuses.filter((status) => status === 429).length).toBe(97);
    expect((await outboxTo(account.email)) - before).toBe(3);
    const waited = answers.find((answer) => answer.statusCode === 429);
    expect(Number(waited?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles an unknown address the same way', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendEmail('ghost@example.com')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
  });

  it('throttles one client across addresses', async () => {
    const ip = newClient();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => sendEmail(`spray${index}@example.com`, 'reset', ip)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(20);
  });
});
