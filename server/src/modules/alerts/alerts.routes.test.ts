import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmType } from '@mouldwatch/shared';
import { Outbox, OUTBOX_LEASE_SECONDS } from '../../infra/mail/outbox.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { Mailbox, header, part } from '../../../test/mailbox.js';

/** A local SMS gateway: keeps each request; answers 503 to the next `refuse` ones. */
interface SmsRequest {
  headers: Record<string, string | string[] | undefined>;
  body: { to: string; text: string; id: string };
  path: string;
}

let app: TestApp;
const mailbox = new Mailbox();
const sms: SmsRequest[] = [];
let refuseSms = 0;
let gateway: Server;
let token: string;
let adminId: number;
let clock = Date.now();
/**
 * The admin's zone: one whose 08:00, where a day's message budget starts, is hours away from now, so
 * the hour of simulated time before the digest stays inside one period at whatever hour the test runs.
 */
const ZONE = ((utcHour) => (utcHour >= 2 && utcHour < 20 ? 'Asia/Shanghai' : 'America/Sao_Paulo'))(
  new Date(clock).getUTCHours(),
);

const userInfo = async (auth = token) =>
  (await app.request({ method: 'GET', url: '/api/yudata/user/user_info/', token: auth })).json().data;

const saveInfo = (payload: Record<string, unknown>, auth = token) =>
  app.request({ method: 'PUT', url: '/api/yudata/user/user_info/', token: auth, payload });

const later = (seconds: number) => {
  clock += seconds * 1000;
};

async function addNotices(userId: number, count: number, alarmType: number = AlarmType.temperature): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => ({
    user_id: userId,
    alarm_type: alarmType,
    unique_str: `bulk${userId}x${alarmType}x${index}x${Math.random().toString(16).slice(2)}`,
    mold_name: `Mould ${index}`,
    mold_number: `B-${index}`,
    content: JSON.stringify({
      number: `B-${index}`,
      temp_type: 1,
      temp_name: 'T2',
      value: 190,
      bound: 185,
      level: 'alert',
    }),
    created_at: new Date(clock),
  }));
  await app.context.db.insertInto('user_messages').values(rows).execute();
}

async function outboxRows() {
  return app.context.db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

beforeAll(async () => {
  const smtpPort = await mailbox.listen();
  gateway = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (refuseSms > 0) {
        refuseSms -= 1;
        response.writeHead(503).end('busy');
        return;
      }
      sms.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        path: request.url ?? '',
      });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const smsPort = (gateway.address() as AddressInfo).port;
  app = await startTestApp(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMS_URL: `http://127.0.0.1:${smsPort}/send?key=k1`,
      PUBLIC_URL: 'https://mw.example.com/',
      MAIL_FROM: 'alerts@mw.example.com',
    },
    undefined,
    // The test runs the jobs by hand, with its clock.
    { jobs: { delivery: { outboxIntervalMs: 3_600_000, alertIntervalMs: 3_600_000 } } },
  );
  app.context.now = () => new Date(clock);
  token = await app.login(ADMIN);
  adminId = (await userInfo()).id;
});

afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => mailbox.server.close(() => resolve()));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe('alert channels', () => {
  it('tells which channels are configured, and needs a session', async () => {
    const response = await app.request({ method: 'GET', url: '/api/yudata/alert/channels/', token });
    expect(response.json()).toMatchObject({ code: 200, data: { email: true, sms: true } });
    expect((await app.request({ method: 'GET', url: '/api/yudata/alert/channels/' })).statusCode).toBe(401);
  });

  it('starts with every alarm type by e-mail and none by SMS; saves and reloads a choice', async () => {
    expect((await userInfo()).alertChannels).toEqual({ email: [1, 2, 3, 4, 5], sms: [] });
    const saved = await saveInfo({ alertChannels: { email: [1, 3, 4, 5], sms: [3] }, mobile: '+86-138-0000' });
    expect(saved.statusCode).toBe(200);
    expect((await userInfo()).alertChannels).toEqual({ email: [1, 3, 4, 5], sms: [3] });
    // The viewer's choice is their own.
    expect((await userInfo(await app.login(VIEWER))).alertChannels).toEqual({ email: [1, 2, 3, 4, 5], sms: [] });
  });

  it('refuses an alarm type that does not exist, naming the field', async () => {
    for (const alertChannels of [{ email: [6], sms: [] }, { email: [1], sms: ['3'] }, { email: [1] }]) {
      const response = await saveInfo({ alertChannels });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toContain('alertChannels');
    }
  });
});

describe('alert messages', () => {
  it('turns a thousand alarms into one e-mail and one SMS, sent through real servers', async () => {
    await saveInfo({ unit: 'F', timeZone: ZONE, language: 'en', frequency: 3, frequencyPeriod: 'daily' });
    await addNotices(adminId, 999);
    // Cycle time is not wanted by either channel.
    await addNotices(adminId, 5, AlarmType.cycleTime);
    await app.services.notices.create({
      userId: adminId,
      alarmType: AlarmType.temperature,
      moldId: null,
      moldName: 'Bumper <left>',
      moldNumber: 'M-007',
      uniqueStr: 'abc123',
      content: {
        number: 'M-007',
        temp_type: 1,
        temp_name: 'T1',
        value: 100,
        bound: 90,
        level: 'alert',
        channel: 'mold_temp:1',
      },
    });

    // Within the batch window nothing is queued yet.
    later(10);
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 0 });
    later(60);
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 2 });
    // The cursor moved in the same transaction: a second round queues nothing.
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 0 });
    expect(await app.services.outbox.sendDue()).toEqual({ sent: 2, retried: 0, failed: 0 });

    expect(mailbox.received).toHaveLength(1);
    const raw = mailbox.received[0] ?? '';
    const [row] = (await outboxRows()).filter((message) => message.channel === 'email');
    expect(header(raw, 'Message-ID')).toBe(app.services.outbox.messageId(Number(row?.id)));
    expect(header(raw, 'Message-ID')).toMatch(/^<outbox\.\d+\.[\w-]{16}@mw\.example\.com>$/);
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(raw, 'List-Unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/mw\.example\.com\/api\/yudata\/unsubscribe\/\?token=alerts-off\.\d+\.[\w-]+>$/,
    );
    expect(header(raw, 'Subject')).toBe('Mouldwatch: 1000 new alarms');
    expect(header(raw, 'To')).toBe('boss@example.com');

    const text = part(raw, 'text/plain');
    // The newest first; 100 °C in Fahrenheit; the time on the zone's wall clock; the link with unique_str.
    const created = await app.context.db
      .selectFrom('user_messages')
      .select('created_at')
      .where('unique_str', '=', 'abc123')
      .executeTakeFirstOrThrow();
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: ZONE,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    expect(text).toContain(
      `- ${wall.format(created.created_at)}  Temperature  M-007 Bumper <left>  T1 212.0 °F (bound 194.0 °F) Alert\n` +
        '  https://mw.example.com/alarm/temperature?unique_str=abc123',
    );
    expect(text).toContain('… and 980 more');
    expect(text).not.toContain('B-0 ');
    const html = part(raw, 'text/html');
    expect(html).toContain('Bumper &lt;left&gt;');
    expect(html).not.toContain('<left>');
    expect(html).toContain('unsubscribeinfo?lang=en&amp;api=https%3A%2F%2Fmw.example.com%2Fapi%2Fyudata%2Funsubscribe');

    expect(sms).toHaveLength(1);
    const [request] = sms;
    expect(request?.path).toBe('/send?key=k1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe(request?.body.id);
    expect(request?.body).toMatchObject({ to: '+86-138-0000', id: expect.stringMatching(/^outbox-\d+$/) });
    expect(request?.body.text).toMatch(/^Mouldwatch: 1000 alarms\. Temperature M-007 Bumper <left> T1 212\.0 °F/);
    expect(request?.body.text).toContain('https://mw.example.com/unsubscribeinfo?lang=en&api=');
  });

  it('writes the alarm in the user’s unit, zone and language, with a link to the alarm page', async () => {
    await saveInfo({ language: 'zh' });
    await app.services.notices.create({
      userId: adminId,
      alarmType: AlarmType.temperature,
      moldName: 'Door',
      moldNumber: 'M-9',
      uniqueStr: 'zh-alarm-1',
      content: { number: 'M-9', temp_type: 1, temp_name: 'T1', value: 100, bound: 90, level: 'early' },
    });
    later(70);
    await app.services.alerts.deliver();
    await app.services.outbox.sendDue();
    const raw = mailbox.received.at(-1) ?? '';
    const text = part(raw, 'text/plain');
    expect(text).toContain('您关注的模具有新的报警');
    expect(text).toContain('温度  M-9 Door  T1 212.0 °F (界限 194.0 °F) 预警');
    expect(text).toContain('https://mw.example.com/alarm/temperature?unique_str=zh-alarm-1');
    expect(text).toContain('https://mw.example.com/unsubscribeinfo?lang=zh&api=');
    await saveInfo({ language: 'en' });
  });

  it('holds what comes after the day’s budget for the digest at 08:00 local', async () => {
    // Two batches went out today; a third still may, the fourth waits for 08:00 in the admin's zone.
    // (Temperature alarms go by e-mail and SMS: two messages a batch.)
    await addNotices(adminId, 1);
    later(70);
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 2 });
    await addNotices(adminId, 3);
    later(3600);
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 0 });
    const cursor = await app.context.db
      .selectFrom('alert_cursors')
      .selectAll()
      .where('user_id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(cursor.sent_in_period).toBe(3);
    const nextDigest = new Date(cursor.period_start!.getTime() + 24 * 3600 * 1000);
    clock = nextDigest.getTime() - 1000;
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 0 });
    clock = nextDigest.getTime();
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 2 });
    const [digest] = (await outboxRows()).filter((row) => row.channel === 'email').slice(-1);
    expect(digest?.subject).toBe('Mouldwatch digest: 3 alarms');
    await app.services.outbox.sendDue();
  });

  it('retries a refusing SMTP server with backoff, then delivers once', async () => {
    const before = mailbox.received.length;
    mailbox.refuse = 2;
    await addNotices(adminId, 1, AlarmType.offline);
    later(70);
    await app.services.alerts.deliver();
    expect(await app.services.outbox.sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [queued] = (await outboxRows()).slice(-1);
    expect(queued).toMatchObject({ state: 'queued', attempts: 1 });
    expect(queued?.last_error).toContain('mailbox busy');
    expect(queued!.next_attempt_at.getTime() - clock).toBe(30_000);
    // Not before its time.
    later(29);
    expect(await app.services.outbox.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    later(1);
    expect(await app.services.outbox.sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [second] = (await outboxRows()).slice(-1);
    expect(second!.next_attempt_at.getTime() - clock).toBe(60_000);
    later(60);
    expect(await app.services.outbox.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    later(3600);
    expect(await app.services.outbox.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailbox.received.length - before).toBe(1);
    expect(part(mailbox.received.at(-1) ?? '', 'text/plain')).toContain('Device network disconnected');
  });

  it('retries an SMS gateway answering non-2xx', async () => {
    const before = sms.length;
    refuseSms = 1;
    await addNotices(adminId, 1);
    clock += 24 * 3600 * 1000;
    await app.services.alerts.deliver();
    expect(await app.services.outbox.sendDue()).toMatchObject({ sent: 1, retried: 1 });
    later(30);
    expect(await app.services.outbox.sendDue()).toMatchObject({ sent: 1, retried: 0 });
    expect(sms.length - before).toBe(1);
  });

  it('never sends a message twice across a restart: sent stays sent, a claimed one waits for its lease', async () => {
    await app.services.outbox.queue(app.context.db, [
      { userId: adminId, channel: 'email', to: 'a@example.com', subject: 'one', text: 'one' },
      { userId: adminId, channel: 'email', to: 'b@example.com', subject: 'two', text: 'two' },
    ]);
    const rows = (await outboxRows()).slice(-2);
    // An instance claimed the second and died before it could send or mark it.
    await app.context.db
      .updateTable('outbox')
      .set({ state: 'sending', attempts: 1, lease_until: new Date(clock + OUTBOX_LEASE_SECONDS * 1000) })
      .where('id', '=', rows[1]!.id)
      .execute();
    const before = mailbox.received.length;
    // The restarted process: a new outbox over the same database.
    const restarted = new Outbox(app.context);
    expect(await restarted.sendDue()).toMatchObject({ sent: 1 });
    expect(await restarted.sendDue()).toMatchObject({ sent: 0 });
    expect(mailbox.received.length - before).toBe(1);
    later(OUTBOX_LEASE_SECONDS);
    expect(await new Outbox(app.context).sendDue()).toMatchObject({ sent: 1 });
    expect(await new Outbox(app.context).sendDue()).toMatchObject({ sent: 0 });
    expect(mailbox.received.length - before).toBe(2);
    const subjects = mailbox.received.slice(before).map((raw) => header(raw, 'Subject'));
    expect(subjects).toEqual(['one', 'two']);
    // The retried one carries its own, unchanged Message-ID.
    expect(header(mailbox.received.at(-1) ?? '', 'Message-ID')).toBe(app.services.outbox.messageId(rows[1]!.id));
  });
});

describe('unsubscribe', () => {
  const linkToken = async () => {
    const raw = mailbox.received.find((message) => header(message, 'List-Unsubscribe')) ?? '';
    return /token=([^>]+)>/.exec(header(raw, 'List-Unsubscribe') ?? '')?.[1] ?? '';
  };

  it('refuses a forged or missing token with errorCode -1 and changes nothing', async () => {
    const genuine = await linkToken();
    const forged = genuine.replace(/\.\d+\./, `.${adminId + 1}.`);
    for (const url of [
      `/api/yudata/unsubscribe/?token=${forged}&lang=zh_CN`,
      '/api/yudata/unsubscribe/?lang=zh_CN',
      `/api/yudata/unsubscribe/?token=${'x'.repeat(300)}&lang=zh_CN`,
    ]) {
      const response = await app.request({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: -1, data: { errorCode: -1 } });
    }
    const response = await app.request({ method: 'GET', url: `/api/yudata/unsubscribe/?token=${forged}&lang=zh_CN` });
    expect(response.json().msg).toBe('该退订链接无效');
    expect((await userInfo()).subscribe).toBe(1);
  });

  it('switches the named user’s alerts off by GET without a session, and stops their messages', async () => {
    const response = await app.request({ method: 'GET', url: `/api/yudata/unsubscribe/?token=${await linkToken()}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, msg: 'Unsubscribed successfully', data: { errorCode: 0 } });
    expect((await userInfo()).subscribe).toBe(0);
    const queued = (await outboxRows()).length;
    await addNotices(adminId, 3);
    clock += 2 * 24 * 3600 * 1000;
    await app.services.alerts.deliver();
    expect((await outboxRows()).length).toBe(queued);
    // Subscribing again does not bring back what came while unsubscribed.
    await saveInfo({ subscribe: 1 });
    later(70);
    expect(await app.services.alerts.deliver()).toMatchObject({ messages: 0 });
  });

  it('takes the RFC 8058 one-click POST from a mail client', async () => {
    await saveInfo({ subscribe: 1 });
    const response = await app.request({
      method: 'POST',
      url: `/api/yudata/unsubscribe/?token=${await linkToken()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await userInfo()).subscribe).toBe(0);
  });
});

describe('without SMTP_URL and SMS_URL', () => {
  it('says so, and queues nothing', async () => {
    const bare = await startTestApp();
    try {
      const auth = await bare.login(ADMIN);
      const channels = await bare.request({ method: 'GET', url: '/api/yudata/alert/channels/', token: auth });
      expect(channels.json().data).toEqual({ email: false, sms: false });
      const id = (await bare.request({ method: 'GET', url: '/api/yudata/user/user_info/', token: auth })).json().data
        .id;
      await bare.services.notices.create({ userId: id, alarmType: AlarmType.temperature, content: {} });
      bare.context.now = () => new Date(Date.now() + 120_000);
      await bare.services.alerts.deliver();
      expect(await bare.context.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
