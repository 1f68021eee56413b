import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mouldWithDevice, userIdOf } from '../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../test/test-app.js';
import { AlarmEngine, type AlarmEngineOptions } from '../alarms/alarm-engine.js';
import { StateEngine, type StateEngineOptions } from '../state/state-engine.js';
import type { IngestDevice } from './ingest.repository.js';

/**
 * The judged path against a plain reference (issue 23). One random stream of readings of a few
 * moulds — in order, late, duplicated — goes through two servers: the fast path sends it in
 * concurrent requests the engines judge in batches as they come, crashing both engines half-way
 * (the alarm engine loses its pending run, new engines take over); the reference sends one reading
 * at a time and lets both engines finish with it before the next. Both must leave identical slots,
 * statuses, alarms and notices. The streams are seeded: a failure names its seed, and
 * JUDGED_PATH_SEED=<seed> runs that one again.
 *
 * The moulds' alarms are the battery and power_off alarms: those that do not make a mould's state
 * `alarm`. A temperature or cycle alarm's time in the slots counts from the first batch the state
 * engine applies after the alarm opened (docs/decisions.md, "Late readings"), so it depends on
 * the batches by design; their judging is compared by alarms-of-late-readings in late-alarms.test.ts.
 */

const HOUR = 3_600_000;
const FAST: { alarms: Partial<AlarmEngineOptions>; state: Partial<StateEngineOptions> } = {
  alarms: { gatherMs: 5, catchUpIntervalMs: HOUR, offlineIntervalMs: HOUR, escalationIntervalMs: HOUR },
  state: { applyDelayMs: 5, sweepIntervalMs: HOUR },
};
/** Judging waits for every transaction of the database server (other test files' too). */
const JUDGE_ALL_WAIT_MS = 25_000;
const MOULDS = 3;
/** The stream's readings lie in the ten minutes before the clock: every alarm is news, notified. */
const SPAN_S = 560;
const SEEDS = process.env.JUDGED_PATH_SEED
  ? [Number(process.env.JUDGED_PATH_SEED)]
  : Array.from({ length: 3 }, () => Math.floor(Math.random() * 2 ** 31));
/** Idle after 30 s, stopped after 90 s without a cycle, 380 V: the stream passes through every state. */
const INFO = JSON.stringify({ basic_time: 30, basic_stop_time: 90, voltage: 380 });

interface Message {
  seq: number;
  ts: number;
  event: 'cycle' | 'heartbeat' | 'power_off' | 'power_on';
  counter: number;
  current: number;
  battery: number;
}
interface Arrival {
  mould: number;
  message: Message;
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One mould's readings in time order: cycles, heartbeats, power off and on, silences, a battery that runs low. */
function readingsOfMould(random: () => number, end: number): Message[] {
  const messages: Message[] = [];
  let ts = end - SPAN_S + Math.floor(random() * 20);
  let counter = 1000;
  let battery = 40;
  while (ts < end) {
    const roll = random();
    const event = roll < 0.7 ? 'cycle' : roll < 0.88 ? 'heartbeat' : roll < 0.94 ? 'power_off' : 'power_on';
    if (event === 'cycle') counter += 1;
    battery = Math.min(60, Math.max(5, battery + Math.round((random() - 0.55) * 12)));
    messages.push({
      seq: messages.length + 1,
      ts,
      event,
      counter,
      current: 10 + Math.round(random() * 50) / 10,
      battery,
    });
    // Now and then a silence past the offline time (180 s), else a few seconds, or the same second.
    ts += random() < 0.04 ? 185 + Math.floor(random() * 30) : Math.floor(random() * 13);
  }
  return messages;
}

/**
 * The order readings arrive in: each mould's in time order except some sent late (after up to 15
 * later ones) and some sent twice, the moulds interleaved at random.
 */
function arrivals(random: () => number, end: number): Arrival[] {
  const queues = Array.from({ length: MOULDS }, (_, mould) => {
    const queue: Message[] = [];
    for (const message of readingsOfMould(random, end)) {
      const roll = random();
      const at = roll < 0.12 ? Math.max(0, queue.length - 1 - Math.floor(random() * 15)) : queue.length;
      queue.splice(at, 0, message);
      if (random() < 0.08) queue.splice(queue.length - Math.floor(random() * 5), 0, message);
    }
    return queue.map((message) => ({ mould, message }));
  });
  const order: Arrival[] = [];
  while (queues.some((queue) => queue.length > 0)) {
    const open = queues.filter((queue) => queue.length > 0);
    order.push(open[Math.floor(random() * open.length)]!.shift()!);
  }
  return order;
}

interface Server {
  app: TestApp;
  devices: IngestDevice[];
  moldIds: number[];
}

const servers: Server[] = [];
let clock = 0;

async function startServer(): Promise<Server> {
  const app = await startTestApp({ DEVICE_RATE_LIMIT: '100000' }, undefined, { jobs: FAST });
  app.context.now = () => new Date(clock * 1000);
  const server = { app, devices: [], moldIds: [] };
  servers.push(server);
  return server;
}

/** Fresh moulds, granted to the admin and the viewer (both get the notices), each with a device. */
async function addMoulds(server: Server): Promise<void> {
  const { app } = server;
  const admin = await app.login(ADMIN);
  const readers = [await userIdOf(app.context.db, ADMIN.username), await userIdOf(app.context.db, VIEWER.username)];
  server.devices = [];
  server.moldIds = [];
  for (let index = 0; index < MOULDS; index += 1) {
    const { moldId, device } = await mouldWithDevice(app, admin, readers);
    await app.context.db.updateTable('molds').set({ launch_listen: 1, info: INFO }).where('id', '=', moldId).execute();
    server.devices.push((await app.services.ingest.deviceByToken(device.token))!);
    server.moldIds.push(moldId);
  }
}

/** Waits until both engines have judged everything sent (an alarm change moves the state on again). */
async function settle({ app }: Server): Promise<void> {
  await app.services.state.settled();
  await app.services.alarmEngine.catchUp(JUDGE_ALL_WAIT_MS);
  await app.services.state.settled();
}

/** The reference: one reading at a time, judged before the next is sent. */
async function sendOneByOne(server: Server, stream: readonly Arrival[]): Promise<void> {
  for (const { mould, message } of stream) {
    await server.app.services.ingest.ingest(server.devices[mould]!, message);
    await settle(server);
  }
}

/**
 * The fast path: requests of up to 8 messages of one device, a few dozen messages' requests sent at
 * once, the engines judging on their own timers; at `crashAt` both engines stop as a crash would
 * leave them and new ones take over.
 */
async function sendInBatches(server: Server, stream: readonly Arrival[], random: () => number, crashAt: number) {
  const { ingest } = server.app.services;
  let index = 0;
  while (index < stream.length) {
    const wave = stream.slice(
      index,
      Math.min(index + 5 + Math.floor(random() * 40), crashAt > index ? crashAt : Infinity),
    );
    index += wave.length;
    const requests: Arrival[][] = [];
    for (const arrival of wave) {
      const last = requests.at(-1);
      if (last && last[0]!.mould === arrival.mould && last.length < 8) last.push(arrival);
      else requests.push([arrival]);
    }
    await Promise.all(
      requests.map((request) =>
        ingest.ingest(
          server.devices[request[0]!.mould]!,
          request.map((a) => a.message),
        ),
      ),
    );
    if (index === crashAt) await crash(server);
  }
  await settle(server);
}

/**
 * Both engines replaced as after a crash: the alarm engine's pending run is lost (its new instance
 * catches up from the cursor); the state engine's queue is applied first, since it is kept in
 * memory only (docs/decisions.md, issue 23).
 */
async function crash(server: Server): Promise<void> {
  const { services, context } = server.app;
  await services.alarmEngine.stop();
  await services.state.stop();
  services.alarmEngine = new AlarmEngine(context, FAST.alarms);
  services.state = new StateEngine(context, FAST.state);
  services.state.start();
  services.alarmEngine.start();
}

/**
 * A notice's content but the figures (number, value, power) and the mould's number: the figures
 * are the alarm's when its readers were told, and a reading arriving late can still move them
 * after that (a lower battery reading of the alarm's first moments): the alarm's row has them as
 * judged in time order, the notice as they were first known.
 */
function toldOf(content: string) {
  const {
    number: _number,
    value: _value,
    power: _power,
    mold_number: _mouldNumber,
    ...told
  } = JSON.parse(content) as Record<string, unknown>;
  return told;
}

/**
 * OPEN_DIFFERENCES, found by this test and left open (docs/decisions.md, issue 23): an alarm's
 * `updated_at` may name another reading of the same figures (a re-judge keeps a stored alarm whose
 * times, level, value and bound it produces again, with the `updated_at` of the path that wrote it).
 */
// `+ 0`: time taken back from a slot can leave -1e-12 in one path and 0 in the other; both are 0.
const rounded = (value: number) => Math.round(value * 1e9) / 1e9 + 0;

/** What the judged path left of the moulds, with each mould named by its place in the stream. */
async function outcome({ app, moldIds }: Server) {
  const { db } = app.context;
  const indexOf = (moldId: number) => moldIds.indexOf(moldId);
  const slots = await db
    .selectFrom('time_state_slots')
    .selectAll()
    .where('mold_id', 'in', moldIds)
    .orderBy('mold_id')
    .orderBy('slot_start')
    .execute();
  const statuses = await db
    .selectFrom('mold_status')
    .selectAll()
    .where('mold_id', 'in', moldIds)
    .orderBy('mold_id')
    .execute();
  const alarms = await db
    .selectFrom('alarms')
    .selectAll()
    .where('mold_id', 'in', moldIds)
    .orderBy('mold_id')
    .orderBy('opened_at')
    .orderBy('channel')
    .execute();
  const alarmOf = new Map(
    alarms.map((alarm) => [
      alarm.unique_str,
      `${indexOf(alarm.mold_id)}:${alarm.channel}@${alarm.opened_at.toISOString()}`,
    ]),
  );
  const notices = await db
    .selectFrom('user_messages')
    .select(['user_id', 'alarm_type', 'unique_str', 'mold_id', 'content'])
    .where('mold_id', 'in', moldIds)
    .execute();
  return {
    slots: slots.map(({ mold_id, slot_start, updated_at: _updated, ...values }) => ({
      mould: indexOf(mold_id),
      slot: slot_start.toISOString(),
      ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, rounded(Number(value))])),
    })),
    statuses: statuses.map(({ mold_id, ...status }) => ({ mould: indexOf(mold_id), ...status })),
    alarms: alarms
      .map(
        // updated_at: see OPEN_DIFFERENCES.
        ({ id: _id, unique_str: _unique, mold_id, org_id: _org, updated_at: _updated, ...alarm }) => ({
          mould: indexOf(mold_id),
          ...alarm,
        }),
      )
      // Whole rows in order: a mould can open two offline alarms in one second (power off, on and off
      // again), one closed and one open, which the query's order leaves in the order they were written.
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    notices: notices
      .map(({ unique_str, mold_id: _mould, content, ...notice }) => ({
        ...notice,
        alarm: alarmOf.get(unique_str),
        content: toldOf(content),
      }))
      // Whole notices in order too: the two alarms of one second above have the same name here.
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

let fast: Server;
let reference: Server;

beforeAll(async () => {
  fast = await startServer();
  reference = await startServer();
});
afterAll(async () => {
  await Promise.all(servers.map(({ app }) => app.close()));
});

describe('the judged path', () => {
  it.each(SEEDS)(
    'leaves the slots, statuses, alarms and notices of one reading at a time, whatever the batches (seed %i)',
    async (seed) => {
      clock = Math.floor(Date.now() / 1000);
      const random = randomOf(seed);
      const stream = arrivals(random, clock - 5);
      await addMoulds(fast);
      await addMoulds(reference);
      await sendOneByOne(reference, stream);
      const crashAt = Math.floor(stream.length * (0.3 + random() * 0.4));
      await sendInBatches(fast, stream, random, crashAt);
      const expected = await outcome(reference);
      expect(expected.alarms.length, `seed ${seed}: the stream opens alarms`).toBeGreaterThan(0);
      expect(await outcome(fast), `seed ${seed}`).toEqual(expected);
    },
    120_000,
  );
});
