import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AlarmType, LIVE_MAX_FRAME_BYTES, type LivePosition, type MoldLiveStatus } from '@mouldwatch/shared';
import { createMold } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let liveUrl: string;

beforeAll(async () => {
  app = await startTestApp({}, undefined, { live: { authTimeoutMs: 300, figuresIntervalMs: 100 } });
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  liveUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => app.close());

/** A socket with a queue of what the server sent, and its close code once closed. */
async function connect(url = liveUrl) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const received: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  let closeCode: number | undefined;
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      closeCode = code;
      resolve(code);
    }),
  );
  /** The next message of a type, waiting up to `waitMs`. */
  const next = async (type: string, waitMs = 5000) => {
    for (let attempt = 0; attempt < waitMs / 100; attempt += 1) {
      const index = received.findIndex((message) => message.type === type);
      if (index >= 0) return received.splice(index, 1)[0] as Record<string, unknown>;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    throw new Error(`no ${type} message; got ${JSON.stringify(received)}`);
  };
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return { socket, send, next, closed, closeCode: () => closeCode };
}

async function loggedIn(token: string, url = liveUrl) {
  const client = await connect(url);
  client.send({ type: 'login', token, time_zone: 'Asia/Kolkata' });
  expect(await client.next('login')).toMatchObject({ type: 'login', code: 200 });
  return client;
}

const userIdOf = async (token: string) =>
  (await app.request({ method: 'GET', url: '/api/yudata/user/user_info/', token })).json().data.id as number;

describe('live channel', () => {
  it('logs in with a token and answers pings with the unread count', async () => {
    const token = await app.login(ADMIN);
    const client = await loggedIn(token);
    const userId = await userIdOf(token);
    await app.services.notices.create({ userId, alarmType: AlarmType.offline, content: { number: 'M-1' } });
    const notice = await client.next('notify');
    client.send({ type: 'ping' });
    // The count says which notices it counted: a push of one of them that comes later is not one more.
    expect(await client.next('ping')).toEqual({
      type: 'ping',
      message: 'pong',
      messageCount: 1,
      countedThrough: notice.id,
    });
    client.socket.close();
  });

  it('pushes a new notice only to its user', async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const admin = await loggedIn(adminToken);
    const viewer = await loggedIn(viewerToken);
    const notice = await app.services.notices.create({
      userId: await userIdOf(viewerToken),
      alarmType: AlarmType.temperature,
      moldName: 'Bumper',
      moldNumber: 'B-7',
      content: { number: 'B-7', temp_type: 2, temp_name: 'T3' },
    });
    expect(await viewer.next('notify')).toMatchObject({
      type: 'notify',
      notify_type: 3,
      id: notice.id,
      mold_name: 'Bumper',
      mold_number: 'B-7',
      service_type: 'notice',
      unique_str: notice.unique_str,
    });
    await expect(admin.next('notify', 500)).rejects.toThrow(/no notify/);
    admin.socket.close();
    viewer.socket.close();
  });

  it('refuses a bad token and closes', async () => {
    const client = await connect();
    client.send({ type: 'login', token: 'not-a-token' });
    expect(await client.next('login')).toMatchObject({ code: 5000 });
    expect(await client.closed).toBe(4401);
  });

  it('closes a socket that does not log in in time', async () => {
    const client = await connect();
    expect(await client.closed).toBe(4401);
  });

  it('closes a socket that asks for anything before logging in', async () => {
    const client = await connect();
    client.send({ type: 'ping' });
    expect(await client.closed).toBe(4401);
  });

  it('refuses to follow a mould the user may not see', async () => {
    const client = await loggedIn(await app.login(VIEWER));
    client.send({ type: 'info', mold_id: 999_999 });
    expect(await client.next('info')).toMatchObject({ code: 6000, mold_id: 999_999 });
    client.send({ type: 'info', mold_id: null });
    expect(await client.next('info')).toMatchObject({ code: 200, mold_id: null });
    client.socket.close();
  });

  it('closes the sockets of a user who logs out', async () => {
    const token = await app.login(ADMIN);
    const client = await loggedIn(token);
    await app.request({ method: 'POST', url: '/api/logout/', token });
    expect(await client.closed).toBe(4401);
  });

  it("tells only the consoles of the role's users that their menu changed", async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const admin = await loggedIn(adminToken);
    const viewer = await loggedIn(viewerToken);
    app.context.bus.publish('menuChanged', { userIds: [await userIdOf(viewerToken)] });
    expect(await viewer.next('menu')).toEqual({ type: 'menu' });
    await expect(admin.next('menu', 300)).rejects.toThrow('no menu message');
    admin.socket.close();
    viewer.socket.close();
  });

  it("answers the pings of a moment each with its own user's count; another user's notice reaches none of the first's sockets", async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const [adminId, viewerId] = [await userIdOf(adminToken), await userIdOf(viewerToken)];
    for (const userId of [adminId, viewerId]) await app.services.notices.markAllRead(userId);
    const [first, second, viewer] = [
      await loggedIn(adminToken),
      await loggedIn(adminToken),
      await loggedIn(viewerToken),
    ];
    let newest: unknown = 0;
    for (const number of ['V-1', 'V-2']) {
      await app.services.notices.create({ userId: viewerId, alarmType: AlarmType.offline, content: { number } });
      newest = (await viewer.next('notify')).id;
    }

    for (const client of [first, second, viewer]) client.send({ type: 'ping' });
    const pong = { type: 'ping', message: 'pong', messageCount: 0, countedThrough: 0 };
    expect(await first.next('ping')).toEqual(pong);
    expect(await second.next('ping')).toEqual(pong);
    expect(await viewer.next('ping')).toEqual({ ...pong, messageCount: 2, countedThrough: newest });
    await expect(first.next('notify', 300)).rejects.toThrow(/no notify/);
    await expect(second.next('notify', 100)).rejects.toThrow(/no notify/);
    for (const client of [first, second, viewer]) client.socket.close();
  });

  it('ends the session of a ping whose token was revoked, with the pings of other users still answered', async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const viewerId = await userIdOf(viewerToken);
    const [admin, viewer] = [await loggedIn(adminToken), await loggedIn(viewerToken)];
    // Revoked as on another instance: no event here, only the ping's check finds it.
    await app.context.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', viewerId)
      .execute();
    admin.send({ type: 'ping' });
    viewer.send({ type: 'ping' });
    expect(await admin.next('ping')).toMatchObject({ type: 'ping', message: 'pong' });
    expect(await viewer.next('login')).toMatchObject({ code: 5000 });
    expect(await viewer.closed).toBe(4401);
    admin.socket.close();
  });

  it('closes a socket that sends a frame over 64 KiB', async () => {
    const client = await loggedIn(await app.login(ADMIN));
    client.socket.send('x'.repeat(LIVE_MAX_FRAME_BYTES + 1));
    expect(await client.closed).toBe(1009);
  });
});

describe('live readings of a followed mould', () => {
  it('go only to the sockets following that mould', async () => {
    const token = await app.login(ADMIN);
    const userId = await userIdOf(token);
    const db = app.context.db;
    const mold = await db
      .insertInto('molds')
      .values({ org_id: app.orgId, name: 'Door panel', mold_number: 'D-1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moldId = Number(mold.id);
    await db.insertInto('user_mold_grants').values({ user_id: userId, mold_id: moldId, shared_by: null }).execute();

    const follower = await loggedIn(token);
    const bystander = await loggedIn(token);
    follower.send({ type: 'info', mold_id: moldId });
    expect(await follower.next('info')).toMatchObject({ code: 200, mold_id: moldId });

    const reading = { seq: 1, ts: 1_795_340_000, counter: 120, cycle_time: 31.5, event: 'cycle' as const };
    app.context.bus.publish('reading', { deviceId: 1, deviceNo: 'DEV-1', orgId: app.orgId, moldId, message: reading });
    expect(await follower.next('info')).toMatchObject({
      code: 200,
      mold_id: moldId,
      data: { create_datetime: 1_795_340_000, counter: 120, cycle_time: 31.5 },
    });
    await expect(bystander.next('info', 300)).rejects.toThrow(/no info/);
    follower.socket.close();
    bystander.socket.close();
  });

  // A server of its own (a migrated database, a listening port): over 30 s on CI's two cores at a load
  // of 10, on a host three times slower than usual.
  it('checks the grant again once the trusted period is over', async () => {
    const recheckApp = await startTestApp({}, undefined, { live: { followRecheckMs: 0 } });
    try {
      const address = await recheckApp.app.listen({ port: 0, host: '127.0.0.1' });
      const token = await recheckApp.login(ADMIN);
      const info = await recheckApp.request({ method: 'GET', url: '/api/yudata/user/user_info/', token });
      const userId = info.json().data.id as number;
      const db = recheckApp.context.db;
      const { id } = await db
        .insertInto('molds')
        .values({ org_id: recheckApp.orgId, name: 'Lid', mold_number: 'L-1' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_mold_grants').values({ user_id: userId, mold_id: id, shared_by: null }).execute();

      const client = await loggedIn(token, `${address.replace('http', 'ws')}/ws`);
      client.send({ type: 'info', mold_id: Number(id) });
      expect(await client.next('info')).toMatchObject({ code: 200 });
      await db.deleteFrom('user_mold_grants').where('mold_id', '=', id).execute();
      const reading = { seq: 2, ts: 1_795_340_100 };
      recheckApp.context.bus.publish('reading', {
        deviceId: 2,
        deviceNo: 'D2',
        orgId: 1,
        moldId: Number(id),
        message: reading,
      });
      expect(await client.next('info')).toMatchObject({ code: 6000, mold_id: Number(id) });
      client.socket.close();
    } finally {
      await recheckApp.close();
    }
  }, 90_000);
});

const statusOf = (id: number, changes: Partial<MoldLiveStatus> = {}): MoldLiveStatus => ({
  id,
  state: 'idle',
  online: true,
  last_connect_time: 1_795_340_000,
  counter: 12,
  last_cycle_time: 30,
  mold_temp: null,
  hrs_temp: null,
  ...changes,
});

const announce = (moldId: number, status: MoldLiveStatus, stateChanged: boolean, on = app) =>
  on.context.bus.publish('moldStatus', { orgId: on.orgId, moldId, status, stateChanged });

describe('live mould list updates', () => {
  it('send a state change to every socket of a user who may see the mould, watching it or not', async () => {
    const viewerToken = await app.login(VIEWER);
    const viewerId = await userIdOf(viewerToken);
    const visible = await createMold(app.context.db, app.orgId, [viewerId]);
    const hidden = await createMold(app.context.db, app.orgId);
    const client = await loggedIn(viewerToken);

    announce(hidden, statusOf(hidden), true);
    announce(visible, statusOf(visible), true);
    expect(await client.next('list')).toEqual({ type: 'list', data: statusOf(visible) });
    await expect(client.next('list', 300)).rejects.toThrow(/no list/);
    client.socket.close();
  });

  it('send a work order change to the users who may read its mould only', async () => {
    const viewerToken = await app.login(VIEWER);
    const viewerId = await userIdOf(viewerToken);
    const visible = await createMold(app.context.db, app.orgId, [viewerId]);
    const hidden = await createMold(app.context.db, app.orgId);
    const client = await loggedIn(viewerToken);
    const change = {
      orgId: app.orgId,
      change: 'progress' as const,
      status: 'working',
      finished: 8,
      remaining: 2,
      reject: 1,
    };
    app.context.bus.publish('workOrderChanged', { ...change, moldId: hidden, orderId: 1 });
    app.context.bus.publish('workOrderChanged', { ...change, moldId: visible, orderId: 2 });
    expect(await client.next('work_order')).toEqual({
      type: 'work_order',
      change: 'progress',
      id: 2,
      mold_id: visible,
      status: 'working',
      finished: 8,
      remaining: 2,
      reject: 1,
    });
    await expect(client.next('work_order', 300)).rejects.toThrow(/no work_order/);
    client.socket.close();
  });

  it('send position changes only of the moulds the user may read, to every socket of that user', async () => {
    const viewerToken = await app.login(VIEWER);
    const viewerId = await userIdOf(viewerToken);
    const adminToken = await app.login(ADMIN);
    const adminId = await userIdOf(adminToken);
    const visible = await createMold(app.context.db, app.orgId, [viewerId, adminId]);
    const hidden = await createMold(app.context.db, app.orgId, [adminId]);
    const first = await loggedIn(viewerToken);
    const second = await loggedIn(viewerToken);
    const admin = await loggedIn(adminToken);
    const publish = (positions: LivePosition[]) =>
      app.context.bus.publish('moldPositions', { orgId: app.orgId, positions });

    publish([
      [hidden, 22.5, 114.1, 1, 8, 1_700_000_000],
      [visible, 31.2, 121.5, 2, 40, 1_700_000_000],
    ]);
    const expected = { type: 'positions', data: [[visible, 31.2, 121.5, 2, 40, 1_700_000_000]] };
    expect(await first.next('positions')).toEqual(expected);
    expect(await second.next('positions')).toEqual(expected);
    expect(await admin.next('positions')).toEqual({
      type: 'positions',
      data: [
        [hidden, 22.5, 114.1, 1, 8, 1_700_000_000],
        [visible, 31.2, 121.5, 2, 40, 1_700_000_000],
      ],
    });

    // Only moulds the viewer may not read: nothing at all reaches the viewer's sockets.
    publish([[hidden, 22.6, 114.2, 3, null, 1_700_000_000]]);
    expect(await admin.next('positions')).toEqual({
      type: 'positions',
      data: [[hidden, 22.6, 114.2, 3, null, 1_700_000_000]],
    });
    await expect(first.next('positions', 300)).rejects.toThrow(/no positions/);
    await expect(second.next('positions', 300)).rejects.toThrow(/no positions/);
    for (const client of [first, second, admin]) client.socket.close();
    // The app is shared: leave no grants behind that later tests' distributions would revoke.
    await app.context.db.deleteFrom('user_mold_grants').where('mold_id', 'in', [visible, hidden]).execute();
  });

  it("send a watched mould's present status at once, then its newest figures once a period", async () => {
    const token = await app.login(VIEWER);
    const [watched, unwatched] = [
      await createMold(app.context.db, app.orgId, [await userIdOf(token)]),
      await createMold(app.context.db, app.orgId, [await userIdOf(token)]),
    ];
    const watcher = await loggedIn(token);
    const bystander = await loggedIn(token);
    watcher.send({ type: 'list', mold_ids: [watched, watched] });
    // Never reported: off and offline.
    expect(await watcher.next('list')).toEqual({
      type: 'list',
      data: statusOf(watched, {
        state: 'off',
        online: false,
        last_connect_time: null,
        counter: null,
        last_cycle_time: null,
      }),
    });

    for (const counter of [13, 14, 15]) announce(watched, statusOf(watched, { counter }), false);
    announce(unwatched, statusOf(unwatched), false);
    expect(await watcher.next('list')).toEqual({ type: 'list', data: statusOf(watched, { counter: 15 }) });
    await expect(watcher.next('list', 400)).rejects.toThrow(/no list/);
    await expect(bystander.next('list', 100)).rejects.toThrow(/no list/);

    watcher.send({ type: 'list', mold_ids: [] });
    await expect(watcher.next('list', 200)).rejects.toThrow(/no list/);
    announce(watched, statusOf(watched, { counter: 16 }), false);
    await expect(watcher.next('list', 400)).rejects.toThrow(/no list/);
    watcher.socket.close();
    bystander.socket.close();
  });

  it('leave out moulds the user may not see', async () => {
    const token = await app.login(VIEWER);
    const hidden = await createMold(app.context.db, app.orgId);
    const client = await loggedIn(token);
    client.send({ type: 'list', mold_ids: [hidden] });
    announce(hidden, statusOf(hidden), false);
    await expect(client.next('list', 500)).rejects.toThrow(/no list/);
    client.socket.close();
  });

  it('let a state change replace the figures still waiting', async () => {
    const token = await app.login(VIEWER);
    const moldId = await createMold(app.context.db, app.orgId, [await userIdOf(token)]);
    const client = await loggedIn(token);
    client.send({ type: 'list', mold_ids: [moldId] });
    await client.next('list');
    announce(moldId, statusOf(moldId, { counter: 20 }), false);
    announce(moldId, statusOf(moldId, { counter: 21, state: 'run' }), true);
    expect(await client.next('list')).toEqual({ type: 'list', data: statusOf(moldId, { counter: 21, state: 'run' }) });
    await expect(client.next('list', 400)).rejects.toThrow(/no list/);
    client.socket.close();
  });

  it('stop the figures of a mould whose grant was withdrawn, on every socket of the user, once the trusted period is over', async () => {
    const recheckApp = await startTestApp({}, undefined, { live: { followRecheckMs: 0, figuresIntervalMs: 50 } });
    try {
      const address = await recheckApp.app.listen({ port: 0, host: '127.0.0.1' });
      const token = await recheckApp.login(ADMIN);
      const userId = (await recheckApp.request({ method: 'GET', url: '/api/yudata/user/user_info/', token })).json()
        .data.id as number;
      const moldId = await createMold(recheckApp.context.db, recheckApp.orgId, [userId]);
      const url = `${address.replace('http', 'ws')}/ws`;
      const sockets = [await loggedIn(token, url), await loggedIn(token, url)];
      for (const client of sockets) {
        client.send({ type: 'list', mold_ids: [moldId] });
        await client.next('list');
      }
      announce(moldId, statusOf(moldId, { counter: 30 }), false, recheckApp);
      for (const client of sockets) expect(await client.next('list')).toMatchObject({ data: { counter: 30 } });

      // Withdrawn as on another instance: no event here, only the re-check finds it.
      await recheckApp.context.db.deleteFrom('user_mold_grants').where('mold_id', '=', moldId).execute();
      announce(moldId, statusOf(moldId, { counter: 31 }), false, recheckApp);
      for (const client of sockets) await expect(client.next('list', 400)).rejects.toThrow(/no list/);
      for (const client of sockets) client.socket.close();
    } finally {
      await recheckApp.close();
    }
  });
});

describe("live changes of a user's moulds", () => {
  it('tell the user a mould was granted or taken away, and stop following and watching what they lost', async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const [adminId, viewerId] = [await userIdOf(adminToken), await userIdOf(viewerToken)];
    const [kept, lost] = [
      await createMold(app.context.db, app.orgId, [adminId]),
      await createMold(app.context.db, app.orgId, [adminId]),
    ];
    const viewer = await loggedIn(viewerToken);
    const admin = await loggedIn(adminToken);
    const distribute = (moldIds: number[]) =>
      app.request({
        method: 'PUT',
        url: `/api/yudata/mold_distribution/${viewerId}/`,
        token: adminToken,
        payload: { moldIds },
      });

    await distribute([kept, lost]);
    expect(await viewer.next('moulds')).toEqual({ type: 'moulds', change: 'granted', mold_ids: [kept, lost] });
    viewer.send({ type: 'info', mold_id: lost });
    expect(await viewer.next('info')).toMatchObject({ code: 200, mold_id: lost });
    viewer.send({ type: 'list', mold_ids: [kept, lost] });
    await viewer.next('list');
    await viewer.next('list');

    await distribute([kept]);
    expect(await viewer.next('moulds')).toEqual({ type: 'moulds', change: 'revoked', mold_ids: [lost] });
    app.context.bus.publish('reading', {
      deviceId: 9,
      deviceNo: 'D9',
      orgId: app.orgId,
      moldId: lost,
      message: { seq: 1, ts: 1_795_340_000 },
    });
    announce(lost, statusOf(lost, { counter: 40 }), false);
    announce(kept, statusOf(kept, { counter: 41 }), false);
    expect(await viewer.next('list')).toMatchObject({ data: { id: kept, counter: 41 } });
    await expect(viewer.next('info', 300)).rejects.toThrow(/no info/);
    await expect(viewer.next('list', 300)).rejects.toThrow(/no list/);
    await expect(admin.next('moulds', 100)).rejects.toThrow(/no moulds/);
    viewer.socket.close();
    admin.socket.close();
  });

  it('stop a revoked mould at once on every socket of the user, and watch it again on none, while another user keeps it', async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const [adminId, viewerId] = [await userIdOf(adminToken), await userIdOf(viewerToken)];
    const moldId = await createMold(app.context.db, app.orgId, [adminId, viewerId]);
    const viewers = [await loggedIn(viewerToken), await loggedIn(viewerToken)];
    const admin = await loggedIn(adminToken);
    for (const client of [...viewers, admin]) {
      client.send({ type: 'list', mold_ids: [moldId] });
      await client.next('list');
    }

    const revoked = await app.request({
      method: 'PUT',
      url: `/api/yudata/mold_distribution/${viewerId}/`,
      token: adminToken,
      payload: { moldIds: [] },
    });
    expect(revoked.statusCode).toBe(200);
    for (const client of viewers) {
      // With any the viewer held from earlier tests of the shared app.
      expect(await client.next('moulds')).toMatchObject({
        change: 'revoked',
        mold_ids: expect.arrayContaining([moldId]),
      });
    }
    // The user's permission check, made before, is no longer trusted for the mould.
    viewers[1]!.send({ type: 'list', mold_ids: [moldId] });
    announce(moldId, statusOf(moldId, { counter: 50 }), false);
    expect(await admin.next('list')).toMatchObject({ data: { id: moldId, counter: 50 } });
    for (const client of viewers) await expect(client.next('list', 300)).rejects.toThrow(/no list/);
    for (const client of [...viewers, admin]) client.socket.close();
    await app.context.db.deleteFrom('user_mold_grants').where('mold_id', '=', moldId).execute();
  });

  it("tell who may see moulds that their settings changed, and a removed mould's holders and watchers", async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const [adminId, viewerId] = [await userIdOf(adminToken), await userIdOf(viewerToken)];
    const shared = await createMold(app.context.db, app.orgId, [adminId, viewerId]);
    const adminsOnly = await createMold(app.context.db, app.orgId, [adminId]);
    const viewer = await loggedIn(viewerToken);
    const admin = await loggedIn(adminToken);

    app.context.bus.publish('moldsChanged', { orgId: app.orgId, moldIds: [shared, adminsOnly], change: 'updated' });
    expect(await viewer.next('moulds')).toEqual({ type: 'moulds', change: 'updated', mold_ids: [shared] });
    expect(await admin.next('moulds')).toEqual({ type: 'moulds', change: 'updated', mold_ids: [shared, adminsOnly] });

    const holders = await app.services.access.holdersOf([adminsOnly]);
    viewer.send({ type: 'info', mold_id: shared });
    await viewer.next('info');
    await app.context.db.deleteFrom('molds').where('id', 'in', [adminsOnly, shared]).execute();
    app.context.bus.publish('moldsChanged', {
      orgId: app.orgId,
      moldIds: [adminsOnly],
      change: 'removed',
      userIds: holders,
    });
    expect(await admin.next('moulds')).toEqual({ type: 'moulds', change: 'removed', mold_ids: [adminsOnly] });
    await expect(viewer.next('moulds', 300)).rejects.toThrow(/no moulds/);
    app.context.bus.publish('moldsChanged', { orgId: app.orgId, moldIds: [shared], change: 'removed' });
    expect(await viewer.next('moulds')).toEqual({ type: 'moulds', change: 'removed', mold_ids: [shared] });
    viewer.socket.close();
    admin.socket.close();
  });

  it('closes the sockets of a user an administrator disables', async () => {
    const adminToken = await app.login(ADMIN);
    const viewerToken = await app.login(VIEWER);
    const viewerId = await userIdOf(viewerToken);
    const viewer = await loggedIn(viewerToken);
    const disabled = await app.request({
      method: 'PUT',
      url: `/api/yudata/user/${viewerId}/`,
      token: adminToken,
      payload: { is_active: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await viewer.closed).toBe(4401);
    await app.request({
      method: 'PUT',
      url: `/api/yudata/user/${viewerId}/`,
      token: adminToken,
      payload: { is_active: true },
    });
  });
});
