import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, ResponseCode, THERMOCOUPLE_CODES, correctKReading, type MoldDataRecord } from '@mouldwatch/shared';
import { createMold, mouldWithDevice, revokeMenu, telemetryMessage, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;

const HOUR = 3600;
/** 04:00 UTC two days ago: hours of +5:30 then straddle the UTC hours. */
const BASE = Math.floor(Date.now() / 1000 / 86_400) * 86_400 - 2 * 86_400 + 4 * HOUR;

beforeAll(async () => {
  // The jobs never fire on their own: the tests roll up by hand.
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 }, rollups: { intervalMs: 3_600_000 } },
  });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
});
afterAll(async () => {
  await app?.close();
});

interface Reading {
  seq: number;
  ts: number;
  counter: number;
  cycle_time: number;
  mold_temp: Array<number | null>;
  hrs_temp: number[];
  event: 'cycle' | 'heartbeat';
}

/** Two hours of a reading a minute: a cycle every other minute, temperatures rising steadily. */
function scriptedReadings(): Reading[] {
  return Array.from({ length: 120 }, (_, minute) => ({
    seq: minute + 1,
    ts: BASE + minute * 60,
    counter: 500 + Math.ceil(minute / 2),
    cycle_time: 30 + (minute % 7),
    mold_temp: [40 + minute / 10, 50, minute % 3 === 0 ? null : 60, 70],
    hrs_temp: [200 + minute, 210, 220, 230, 240, 250],
    event: minute % 2 === 1 ? 'cycle' : 'heartbeat',
  }));
}

/** A mould granted to the admin with a device; `send` waits until the state engine applied the messages. */
async function newMould() {
  const mould = await mouldWithDevice(app, admin, [adminId]);
  const send = async (messages: object[]) => {
    await mould.send(messages);
    await app.services.state.settled();
  };
  return { moldId: mould.moldId, send };
}

async function read(path: string, query: string, headers: Record<string, string> = {}, token = admin) {
  return app.request({ method: 'GET', url: `/api/yudata/mold/${path}/?${query}`, headers, token });
}

async function records(path: string, query: string, headers: Record<string, string> = {}): Promise<MoldDataRecord[]> {
  const response = await read(path, query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const valueOf = (record: MoldDataRecord, key: string) =>
  record.content.find((entry) => key in entry)?.[key] as number | null | undefined;
const average = (values: Array<number | null>) => {
  const present = values.filter((value): value is number => value !== null);
  return present.length ? Math.round((present.reduce((a, b) => a + b, 0) / present.length) * 10) / 10 : null;
};

describe('roll-ups against the raw readings', () => {
  const readings = scriptedReadings();
  let mould: Awaited<ReturnType<typeof newMould>>;
  let moldId: number;
  const window = `start=${BASE}&end=${BASE + 2 * HOUR}`;

  beforeAll(async () => {
    mould = await newMould();
    moldId = mould.moldId;
    await mould.send(readings);
    expect(await app.services.rollups.run()).toBeGreaterThanOrEqual(8);
  });

  it('averages each temperature channel per UTC hour, skipping missing values', async () => {
    const hours = await records(`moldTemperature/${moldId}`, `range=hour&${window}`);
    expect(hours.map((record) => record.create_datetime)).toEqual([BASE, BASE + HOUR]);
    for (const [index, hour] of hours.entries()) {
      const inHour = readings.slice(index * 60, index * 60 + 60);
      for (const channel of [0, 1, 2, 3]) {
        expect(valueOf(hour, `mold_temperature${channel + 1}`)).toBe(
          average(inHour.map((reading) => reading.mold_temp[channel] ?? null)),
        );
      }
    }
    const hotRunner = await records(`hotRunnerTemperature/${moldId}`, `range=hour&${window}`);
    expect(valueOf(hotRunner[1]!, 'hrs_temperature1')).toBe(average(readings.slice(60).map((r) => r.hrs_temp[0]!)));
  });

  it('buckets hours on the local hour at +5:30', async () => {
    const hours = await records(`moldTemperature/${moldId}`, `range=hour&${window}`, { 'time-zone': 'Asia/Kolkata' });
    expect(hours.map((record) => record.create_datetime)).toEqual([BASE - 1800, BASE + 1800, BASE + 5400]);
    expect(valueOf(hours[0]!, 'mold_temperature1')).toBe(average(readings.slice(0, 30).map((r) => r.mold_temp[0]!)));
  });

  it('counts shots as the rise of the counter and keeps the last counter', async () => {
    const [day] = await records(`moldCycleCounter/${moldId}`, `range=day&${window}`);
    const last = readings[readings.length - 1]!;
    expect(valueOf(day!, 'counter')).toBe(last.counter);
    // No counter before the first bucket: its cycle events count, then the rises.
    expect(valueOf(day!, 'shots')).toBe(readings.filter((reading) => reading.event === 'cycle').length);
    const hours = await records(`moldCycleCounter/${moldId}`, `range=hour&${window}`);
    expect(hours.map((hour) => valueOf(hour, 'shots'))).toEqual([30, 30]);
  });

  it('averages cycle times over cycle reports only', async () => {
    const [day] = await records(`moldCycleTimer/${moldId}`, `range=day&${window}`);
    const cycles = readings.filter((reading) => reading.event === 'cycle').map((reading) => reading.cycle_time);
    const expected = Math.round((cycles.reduce((a, b) => a + b, 0) / cycles.length) * 100) / 100;
    expect(valueOf(day!, 'cycle_time')).toBe(expected);
  });

  it('pages the buckets newest first with the total', async () => {
    const response = await read(`moldTemperaturePage/${moldId}`, `range=hour&${window}&page=1&limit=1`);
    expect(response.json()).toMatchObject({ code: 200, total: 2 });
    expect(response.json().data.map((record: MoldDataRecord) => record.create_datetime)).toEqual([BASE + HOUR]);
  });

  it('reads the raw readings in real time, and pages them newest first', async () => {
    const raw = await records(`moldTemperature/${moldId}`, `range=realtime&start=${BASE}&end=${BASE + 600}`);
    expect(raw).toHaveLength(10);
    expect(raw[0]).toEqual({
      create_datetime: BASE,
      content: [
        { mold_temperature1: 40 },
        { mold_temperature2: 50 },
        { mold_temperature3: null },
        { mold_temperature4: 70 },
      ],
    });
    const cycles = await records(`moldCycleCounter/${moldId}`, `range=realtime&start=${BASE}&end=${BASE + 600}`);
    expect(cycles.map((record) => valueOf(record, 'shots'))).toEqual([1, 1, 1, 1, 1]);
    const page = await read(`moldCycleTimerPage/${moldId}`, `range=realtime&start=${BASE}&end=${BASE + 600}&limit=2`);
    expect(page.json().total).toBe(5);
    expect(page.json().data.map((record: MoldDataRecord) => record.create_datetime)).toEqual([BASE + 540, BASE + 420]);
  });

  it('gives the same roll-ups when run again and when readings are replayed', async () => {
    const before = await records(`moldTemperature/${moldId}`, `range=hour&${window}`);
    await mould.send(readings.slice(0, 30));
    await app.services.rollups.run();
    await app.services.rollups.run();
    expect(await records(`moldTemperature/${moldId}`, `range=hour&${window}`)).toEqual(before);
  });

  it('takes in a late reading for an earlier bucket on the next run', async () => {
    await mould.send([
      { ...telemetryMessage(1000), ts: BASE + 30, mold_temp: [1000, null, null, null], event: 'heartbeat' },
    ]);
    await app.services.rollups.run();
    const [first] = await records(`moldTemperature/${moldId}`, `range=hour&${window}`);
    const channel1 = [...readings.slice(0, 60).map((r) => r.mold_temp[0]!), 1000];
    expect(valueOf(first!, 'mold_temperature1')).toBe(average(channel1));
  });
});

describe('thermocouples', () => {
  it("corrects a K mould's temperatures as they come in; a J mould's stay as reported", async () => {
    const k = await newMould();
    const j = await newMould();
    await app.context.db
      .updateTable('molds')
      .set({ thermocouple_type: THERMOCOUPLE_CODES.K })
      .where('id', '=', k.moldId)
      .execute();
    // Device changes empty the ingest's device cache; a mould edit announces one the same way.
    app.context.bus.publish('deviceChanged', { deviceId: 0 });
    const reading = { ...telemetryMessage(1), ts: BASE, mold_temp: [100, null, null, null], hrs_temp: null };
    await k.send([reading]);
    await j.send([reading]);
    const query = `range=realtime&start=${BASE}&end=${BASE + 60}`;
    const [kRecord] = await records(`moldTemperature/${k.moldId}`, query);
    const [jRecord] = await records(`moldTemperature/${j.moldId}`, query);
    expect(valueOf(kRecord!, 'mold_temperature1')).toBe(correctKReading(100));
    expect(valueOf(jRecord!, 'mold_temperature1')).toBe(100);
  });
});

describe('energy and time-state roll-ups from the 5-minute slots', () => {
  it('adds up energy per bucket and skips buckets without accounted time', async () => {
    const { moldId } = await newMould();
    const slot = (offset: number, energy: number, run: number) => ({
      mold_id: moldId,
      slot_start: new Date((BASE + offset) * 1000),
      c_run_time: run,
      c_stop_time: 1 - run,
      energy_kwh: energy,
    });
    await app.context.db
      .insertInto('time_state_slots')
      .values([slot(0, 0.25, 1), slot(300, 0.5, 0.5), slot(HOUR, 1.125, 0)])
      .execute();
    await app.services.rollups.run();
    const hours = await records(`energyList/${moldId}`, `range=hour&start=${BASE}&end=${BASE + 3 * HOUR}`);
    expect(hours).toEqual([
      { create_datetime: BASE, content: [{ energy: 0.75 }] },
      { create_datetime: BASE + HOUR, content: [{ energy: 1.125 }] },
    ]);
    const slots = await records(`energyList/${moldId}`, `range=realtime&start=${BASE}&end=${BASE + 600}`);
    expect(slots.map((record) => valueOf(record, 'energy'))).toEqual([0.25, 0.5]);

    const states = await read(`statusHistory/${moldId}`, `range=hour&start=${BASE}&end=${BASE + 3 * HOUR}`);
    expect(states.json().data).toEqual([
      { create_datetime: BASE, c_run_time: 0.75, c_idle_time: 0, c_alarm_time: 0, c_stop_time: 0.25, c_off_time: 0 },
      { create_datetime: BASE + HOUR, c_run_time: 0, c_idle_time: 0, c_alarm_time: 0, c_stop_time: 1, c_off_time: 0 },
    ]);
    const fiveMinutes = await read(`statusHistory/${moldId}`, `start=${BASE}&end=${BASE + 600}`);
    expect(fiveMinutes.json().data.map((record: { c_run_time: number }) => record.c_run_time)).toEqual([1, 0.5]);
  });
});

describe('refusals', () => {
  it('refuses a mould the caller has no grant for with 403 / 6000', async () => {
    const moldId = await createMold(app.context.db, app.orgId);
    for (const path of ['moldTemperature', 'moldCycleTimerPage', 'energyList']) {
      const response = await read(`${path}/${moldId}`, 'range=day');
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toMatchObject({ code: ResponseCode.forbidden });
    }
  });

  it("refuses a read whose screen the caller's role lacks", async () => {
    const viewerId = await userIdOf(app.context.db, VIEWER.username);
    const moldId = await createMold(app.context.db, app.orgId, [viewerId]);
    const viewer = await app.login(VIEWER);
    await revokeMenu(app.context.db, VIEWER.username, MenuId.energy);
    expect((await read(`moldTemperature/${moldId}`, 'range=day', {}, viewer)).statusCode).toBe(200);
    expect((await read(`energyList/${moldId}`, 'range=day', {}, viewer)).statusCode).toBe(403);
  });

  it.each([
    ['real time without a start', 'range=realtime&end=1800000000'],
    ['real time over a day', 'range=realtime&start=1700000000&end=1700086401'],
    ['hours over 31 days', `range=hour&start=1700000000&end=${1700000000 + 31 * 86_400 + 1}`],
    ['an end before the start', 'range=day&start=1700000000&end=1690000000'],
    ['an unknown range', 'range=year'],
    ['a word for a time', 'range=day&start=yesterday'],
  ])('answers 400 naming the field for %s', async (_case, query) => {
    const { moldId } = await newMould();
    const response = await read(`moldTemperature/${moldId}`, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResponseCode.invalid });
    expect(response.json().msg).toMatch(/range|start|end/);
  });

  it('refuses a page limit over 1000', async () => {
    const { moldId } = await newMould();
    expect((await read(`moldTemperaturePage/${moldId}`, 'range=day&limit=1001')).statusCode).toBe(400);
  });
});
