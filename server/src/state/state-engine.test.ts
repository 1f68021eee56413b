import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode, type MoldState } from '@mouldwatch/shared';
import { createMold, telemetryMessage, userIdOf } from '../../test/factories.js';
import { mouldForStateTests } from '../../test/replay.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../test/test-app.js';
import type { BusEvents } from '../infra/bus/event-bus.js';
import { tryJobLock } from '../infra/jobs/job-lock.js';
import { SWEEP_JOB } from './state-engine.js';

let app: TestApp;
let admin: string;
let viewer: string;
let adminId: number;
/** The app's clock, in epoch seconds; tests move it. */
let clock: number;

beforeAll(async () => {
  // The timer never fires during a test: the tests sweep by hand.
  app = await startTestApp({}, undefined, { jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 } } });
  admin = await app.login(ADMIN);
  viewer = await app.login(VIEWER);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  app.context.now = () => new Date(clock * 1000);
});
beforeEach(() => {
  clock = Math.floor(Date.now() / 1000);
});
afterAll(async () => {
  await app?.close();
});

/**
 * A mould granted to the users (the admin unless told), with base idle 120 s, base stop 600 s and
 * 380 V, and a device bound to it.
 */
async function mouldWithDevice(grantedTo = [adminId]) {
  const { moldId, device } = await mouldForStateTests(app, admin, grantedTo);
  let seq = 0;
  let cycles = 0;
  /**
   * Sends one reading taken at the app's clock (its counter counting the cycles) and waits until
   * the state engine applied it.
   */
  const report = async (event: 'cycle' | 'heartbeat' | 'power_off', extra: Record<string, unknown> = {}) => {
    seq += 1;
    if (event === 'cycle') cycles += 1;
    const response = await app.request({
      method: 'POST',
      url: '/api/device/telemetry/',
      headers: { authorization: `Device ${device.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(telemetryMessage(seq, { ts: clock, event, counter: cycles, ...extra })),
    });
    expect(response.statusCode).toBe(200);
    await app.services.state.settled();
  };
  return { moldId, report };
}

const statusOf = (moldId: number) =>
  app.context.db.selectFrom('mold_status').selectAll().where('mold_id', '=', moldId).executeTakeFirst();

async function stateAfterSweep(moldId: number): Promise<MoldState | undefined> {
  await app.services.state.sweep();
  return (await statusOf(moldId))?.state;
}

const history = (moldId: number, start: number, end: number, token = admin) =>
  app.request({ method: 'GET', url: `/api/yudata/mold/statusHistory/${moldId}/?start=${start}&end=${end}`, token });

/** Records the mould status changes announced while `action` runs. */
async function announcedDuring(action: () => Promise<unknown>): Promise<Array<BusEvents['moldStatus']>> {
  const events: Array<BusEvents['moldStatus']> = [];
  const unsubscribe = app.context.bus.subscribe('moldStatus', (event) => events.push(event));
  try {
    await action();
  } finally {
    unsubscribe();
  }
  return events;
}

describe('state engine', () => {
  it('runs a mould on a cycle reading, announcing the change of state once and each new figure', async () => {
    const { moldId, report } = await mouldWithDevice();
    const events = await announcedDuring(async () => {
      await report('cycle', { counter: 500, cycle_time: 31.5, mold_temp: [40, 41, null, 42] });
      await report('cycle', { counter: 501 });
    });
    const status = {
      id: moldId,
      state: 'run',
      online: true,
      last_connect_time: clock,
      counter: 500,
      last_cycle_time: 31.5,
      mold_temp: [40, 41, null, 42],
      hrs_temp: null,
    };
    expect(events).toEqual([
      { orgId: app.orgId, moldId, status, stateChanged: true },
      { orgId: app.orgId, moldId, status: { ...status, counter: 501, last_cycle_time: 30.5 }, stateChanged: false },
    ]);
    expect(await statusOf(moldId)).toMatchObject({ state: 'run', online: true, counter: 501 });
  });

  it('ignores a reading older than the one applied', async () => {
    const { moldId, report } = await mouldWithDevice();
    await report('cycle', { counter: 10 });
    clock -= 30;
    await report('cycle', { counter: 9 });
    expect(await statusOf(moldId)).toMatchObject({ counter: 10 });
  });

  it('turns a quiet mould idle, then stopped, then off, and writes time and energy into slots', async () => {
    const start = clock;
    const { moldId, report } = await mouldWithDevice();
    await report('cycle', { current: 10 });
    clock = start + 120;
    expect(await stateAfterSweep(moldId)).toBe('run');
    clock = start + 121;
    expect(await stateAfterSweep(moldId)).toBe('idle');
    for (const at of [start + 150, start + 300, start + 450, start + 600]) {
      clock = at;
      await report('heartbeat');
    }
    clock = start + 601;
    expect(await stateAfterSweep(moldId)).toBe('stop');
    clock = start + 780;
    expect(await stateAfterSweep(moldId)).toBe('stop');
    clock = start + 781;
    const events = await announcedDuring(async () => expect(await stateAfterSweep(moldId)).toBe('off'));
    expect(events).toMatchObject([{ moldId, status: { state: 'off', online: false }, stateChanged: true }]);

    const response = await history(moldId, start - 300, start + 900);
    expect(response.statusCode).toBe(200);
    const records = response.json().data as Array<Record<string, number>>;
    // The stored slots hold the seconds accounted (the records show each slot's shares of them).
    const stored = await app.context.db
      .selectFrom('time_state_slots')
      .selectAll()
      .where('mold_id', '=', moldId)
      .execute();
    const total = (key: string) =>
      stored.reduce((sum, slot) => sum + (slot[key as keyof typeof slot] as number), 0) * 300;
    expect(total('c_run_time')).toBeCloseTo(120, 6);
    expect(total('c_idle_time')).toBeCloseTo(480, 6);
    expect(total('c_stop_time')).toBeCloseTo(180, 6);
    for (const record of records) {
      expect(record.create_datetime! % 300).toBe(0);
      const { create_datetime: _slot, ...fractions } = record;
      expect(Object.values(fractions).reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 9);
    }
    // 780 s online at 10 A (the last current reported) and 380 V.
    const energy = await app.context.db
      .selectFrom('time_state_slots')
      .select((eb) => eb.fn.sum<number>('energy_kwh').as('kwh'))
      .where('mold_id', '=', moldId)
      .executeTakeFirstOrThrow();
    expect(energy.kwh).toBeCloseTo((380 * 10 * 780) / 3600 / 1000, 9);
  });

  it('turns a mould off at once on power_off', async () => {
    const { moldId, report } = await mouldWithDevice();
    await report('cycle');
    await report('power_off');
    expect(await statusOf(moldId)).toMatchObject({ state: 'off', online: false });
  });
});

describe('state sweep', () => {
  it('moves on every mould, a batch of them per transaction', async () => {
    const count = 250;
    const quietSince = new Date((clock - 7200) * 1000);
    const moldIds = await Promise.all(Array.from({ length: count }, () => createMold(app.context.db, app.orgId)));
    await app.context.db
      .insertInto('mold_status')
      .values(
        moldIds.map((moldId) => ({
          mold_id: moldId,
          state: 'run' as const,
          online: true,
          last_connect_at: quietSince,
          last_cycle_at: quietSince,
          state_since: quietSince,
          accounted_until: quietSince,
        })),
      )
      .execute();
    const events = await announcedDuring(() => app.services.state.sweep());
    const swept = new Set(events.map((event) => event.moldId));
    expect(moldIds.filter((moldId) => !swept.has(moldId))).toEqual([]);
    const states = await app.context.db
      .selectFrom('mold_status')
      .select('state')
      .where('mold_id', 'in', moldIds)
      .execute();
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['off']));
  });
});

describe('state sweep on PostgreSQL', () => {
  // The embedded database has one session: a second transaction would wait for the first.
  it.runIf(process.env.DATABASE_URL)('does nothing while another instance holds the sweep', async () => {
    const { moldId, report } = await mouldWithDevice();
    await report('cycle');
    clock += 3600;
    await app.context.db.transaction().execute(async (otherInstance) => {
      expect(await tryJobLock(otherInstance, SWEEP_JOB)).toBe(true);
      expect(await app.services.state.sweep()).toBe(0);
    });
    expect(await statusOf(moldId)).toMatchObject({ state: 'run' });
    expect(await stateAfterSweep(moldId)).toBe('off');
  });
});

describe('GET /api/yudata/mold/statusHistory/:moldId/', () => {
  it('refuses a mould the caller has no grant for', async () => {
    const moldId = await createMold(app.context.db, app.orgId);
    const response = await history(moldId, clock - 3600, clock);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ResponseCode.forbidden });
  });

  it.each([
    ['end before start', 'start=2000&end=1000'],
    ['more than 31 days', `start=0&end=${31 * 86_400 + 1}`],
    ['no start', 'end=1000'],
    ['a word', 'start=yesterday&end=1000'],
  ])('answers 400 for %s', async (_case, query) => {
    const { moldId } = await mouldWithDevice();
    const response = await app.request({
      method: 'GET',
      url: `/api/yudata/mold/statusHistory/${moldId}/?${query}`,
      token: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResponseCode.invalid });
  });
});

describe('GET /api/yudata/mold/more/', () => {
  it('lists only the moulds granted to the caller, with their status', async () => {
    const viewerId = await userIdOf(app.context.db, VIEWER.username);
    const shared = await mouldWithDevice([adminId, viewerId]);
    await shared.report('cycle', { counter: 7 });
    const response = await app.request({
      method: 'GET',
      url: '/api/yudata/mold/more/?page=1&limit=99999',
      token: viewer,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(1);
    expect(body.data).toEqual([
      expect.objectContaining({ id: shared.moldId, state: 'run', online: true, counter: 7, group: null }),
    ]);
    expect(body.data[0].device_no).toMatch(/^SN-/);
  });

  it('shows a mould that never reported as off and offline', async () => {
    const moldId = await createMold(app.context.db, app.orgId, [adminId]);
    const response = await app.request({ method: 'GET', url: '/api/yudata/mold/more/?limit=99999', token: admin });
    const row = (response.json().data as Array<Record<string, unknown>>).find((item) => item.id === moldId);
    expect(row).toMatchObject({ state: 'off', online: false, last_connect_time: null, device_no: null });
  });

  it('refuses a limit over 99999', async () => {
    const response = await app.request({ method: 'GET', url: '/api/yudata/mold/more/?limit=100000', token: admin });
    expect(response.statusCode).toBe(400);
  });
});
