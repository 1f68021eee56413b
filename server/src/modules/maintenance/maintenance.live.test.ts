import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LiveServerMessage, MaintenanceTaskRecord } from '@mouldwatch/shared';
import type { BusEvents } from '../../infra/bus/event-bus.js';
import { createMold, userIdOf } from '../../../test/factories.js';
import { liveMessagesOf } from '../../../test/live-socket.js';
import { otherOrganisationAdmin } from '../../../test/organisation.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

type MaintenanceMessage = Extract<LiveServerMessage, { type: 'maintenance' }>;

let app: TestApp;
let liveUrl: string;
let clock = Date.UTC(2026, 5, 1, 10);
/** What the service published, as it published it (before the hub's per-user filtering). */
const published: Array<BusEvents['maintenanceChanged']> = [];

beforeAll(async () => {
  // The job runs only when the test says so (runNow); the clock is the test's.
  app = await startTestApp({}, undefined, {
    jobs: { maintenance: { intervalMs: 3_600_000, liveRemainingEveryMs: 10_000 } },
  });
  app.context.now = () => new Date(clock);
  app.context.bus.subscribe('maintenanceChanged', (event) => {
    published.push(event);
  });
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  liveUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => app.close());

/** A logged-in socket and the `maintenance` messages it received. */
async function maintenanceSocket(token: string) {
  const { socket, messages } = await liveMessagesOf<MaintenanceMessage>(liveUrl, token, 'maintenance');
  /** The messages received so far, forgotten once read. */
  const take = () => messages.splice(0);
  return { socket, messages, take };
}

async function setCounter(moldId: number, counter: number) {
  await sql`insert into mold_status (mold_id, state, online, counter, state_since, accounted_until)
    values (${moldId}, 'run', true, ${counter}, now(), now())
    on conflict (mold_id) do update set counter = excluded.counter`.execute(app.context.db);
}

async function ok<T>(method: 'POST' | 'DELETE', url: string, token: string, payload?: object): Promise<T> {
  const response = await app.request({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

const pmTask = (moldId: number, name: string) => ({
  task_name: name,
  mold: moldId,
  maint_interval: 100,
  warning_type: 'count',
  warning_value: 10,
  content: [{ content: 'Grease pins' }],
});

describe('the live maintenance message', () => {
  it('reaches the readers of the mould only, on status changes at once and on what is left at most once a period', async () => {
    const [admin, viewer] = await Promise.all([app.login(ADMIN), app.login(VIEWER)]);
    const adminId = await userIdOf(app.context.db, ADMIN.username);
    const viewerId = await userIdOf(app.context.db, VIEWER.username);
    const shared = await createMold(app.context.db, app.orgId, [adminId, viewerId]);
    const adminOnly = await createMold(app.context.db, app.orgId, [adminId]);
    await Promise.all([setCounter(shared, 1000), setCounter(adminOnly, 1000)]);
    const other = await otherOrganisationAdmin(app);
    const [adminSocket, viewerSocket, otherSocket] = await Promise.all([
      maintenanceSocket(admin),
      maintenanceSocket(viewer),
      maintenanceSocket(other.token),
    ]);

    // Saving tasks: each reader hears of the links of moulds they may read.
    const onShared = await ok<MaintenanceTaskRecord>(
      'POST',
      '/api/yudata/maintenance/task/',
      admin,
      pmTask(shared, 'A'),
    );
    const onAdminOnly = await ok<MaintenanceTaskRecord>(
      'POST',
      '/api/yudata/maintenance/task/',
      admin,
      pmTask(adminOnly, 'B'),
    );
    const saved = (moldId: number, taskId: number) => ({
      type: 'maintenance',
      change: 'saved',
      data: [
        {
          mold_id: moldId,
          task_id: taskId,
          status: 'normal',
          remaining: 100,
          unit: 'cycles',
          counter: 1000,
          cycles_until_pm: 100,
        },
      ],
    });
    await expect.poll(() => adminSocket.messages.length).toBe(2);
    expect(adminSocket.take()).toEqual([saved(shared, onShared.id), saved(adminOnly, onAdminOnly.id)]);
    await expect.poll(() => viewerSocket.messages.length).toBe(1);
    expect(viewerSocket.take()).toEqual([saved(shared, onShared.id)]);

    // The counters cross the warning point: a status change goes at once.
    await Promise.all([setCounter(shared, 1092), setCounter(adminOnly, 1095)]);
    await app.services.jobs.runNow('maintenance-due');
    await expect.poll(() => viewerSocket.messages.length).toBe(1);
    expect(viewerSocket.take()).toEqual([
      {
        type: 'maintenance',
        change: 'evaluated',
        data: [
          {
            mold_id: shared,
            task_id: onShared.id,
            status: 'warning',
            remaining: 8,
            unit: 'cycles',
            counter: 1092,
            cycles_until_pm: 8,
          },
        ],
      },
    ]);
    await expect.poll(() => adminSocket.messages.length).toBe(1);
    expect(
      adminSocket
        .take()[0]
        ?.data.map((item) => item.mold_id)
        .sort(),
    ).toEqual([shared, adminOnly].sort());

    // Counting down inside the warning window: held back until the first has waited the period…
    published.length = 0;
    clock += 3_000;
    await setCounter(shared, 1094);
    await app.services.jobs.runNow('maintenance-due');
    clock += 3_000;
    await setCounter(shared, 1096);
    await app.services.jobs.runNow('maintenance-due');
    expect(published).toEqual([]);
    // …then the newest figures, once.
    clock += 8_000;
    await app.services.jobs.runNow('maintenance-due');
    expect(published).toHaveLength(1);
    await expect.poll(() => viewerSocket.messages.length).toBe(1);
    expect(viewerSocket.take()).toEqual([
      {
        type: 'maintenance',
        change: 'evaluated',
        data: [expect.objectContaining({ mold_id: shared, status: 'warning', remaining: 4, cycles_until_pm: 4 })],
      },
    ]);

    // Past the due point, recorded: the count starts again.
    await setCounter(shared, 1103);
    await app.services.jobs.runNow('maintenance-due');
    await expect.poll(() => viewerSocket.messages.length).toBe(1);
    expect(viewerSocket.take()[0]?.data[0]).toMatchObject({ status: 'exceeded', remaining: -3, cycles_until_pm: -3 });
    await ok('POST', '/api/yudata/maintenance/record/', admin, {
      task_id: onShared.id,
      mold_id: shared,
      checked: [0],
      remarks: '',
    });
    await expect.poll(() => viewerSocket.messages.length).toBe(1);
    expect(viewerSocket.take()).toEqual([
      {
        type: 'maintenance',
        change: 'recorded',
        data: [
          {
            mold_id: shared,
            task_id: onShared.id,
            status: 'normal',
            remaining: 100,
            unit: 'cycles',
            counter: 1103,
            cycles_until_pm: 100,
          },
        ],
      },
    ]);

    // Deleting the task: the mould falls back to no PM by tasks.
    await ok('DELETE', `/api/yudata/maintenance/task/${onShared.id}/`, admin);
    await expect.poll(() => viewerSocket.messages.length).toBe(1);
    expect(viewerSocket.take()[0]).toMatchObject({
      change: 'deleted',
      data: [{ mold_id: shared, task_id: onShared.id, status: 'normal', remaining: null }],
    });

    // Nothing of the admin-only mould reached the viewer, and nothing at all another organisation.
    await ok('POST', '/api/yudata/maintenance/schedule/start/', admin, { task_id: onAdminOnly.id, mold_id: adminOnly });
    await expect.poll(() => adminSocket.messages.some((message) => message.change === 'started')).toBe(true);
    expect(viewerSocket.messages).toEqual([]);
    expect(otherSocket.messages).toEqual([]);
    for (const socket of [adminSocket, viewerSocket, otherSocket]) socket.socket.close();
  });
});
