import { sql, type Transaction } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  breakReadingsTable,
  createMold,
  readingsOf,
  registerDevice,
  telemetryMessage,
  userIdOf,
} from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import type { BusEvents } from '../infra/bus/event-bus.js';
import type { Database, NewReading } from '../infra/db/schema.js';
import { IngestRepository, type ReadingKey } from './ingest.repository.js';

/**
 * The ingest writes several batches at once (on PostgreSQL, each on its own connection): what
 * that must not break. The tests that need two statements to run side by side and wait on each
 * other's locks run on PostgreSQL only: the embedded database has one session, where statements
 * run one after another.
 */
let app: TestApp;
let admin: string;
let repository: IngestRepository;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  repository = new IngestRepository(app.context.db);
});
afterAll(async () => {
  await app?.close();
});
/** Transactions a test held: ended (rolled back) after it, even when it failed half-way. */
const holding: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(holding.splice(0).map((release) => release()));
});

const onPostgres = Boolean(process.env.DATABASE_URL);

const send = (token: string, payload: unknown) =>
  app.request({
    method: 'POST',
    url: '/api/device/telemetry/',
    headers: { authorization: `Device ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const row = (deviceId: number, seq: number): NewReading => ({
  device_id: deviceId,
  seq,
  ts: new Date(Math.floor(Date.now() / 1000) * 1000),
  mold_id: null,
  counter: seq,
  cycle_time: 30,
  event: 'cycle',
});

const keys = (inserted: readonly ReadingKey[]) => inserted.map(({ device_id, seq }) => `${device_id}:${seq}`).sort();

/** A transaction held open until released (rolled back unless told to commit), with the backend pid it runs on. */
async function holdTransaction(
  work: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<{ pid: number; release: (commit?: boolean) => Promise<void> }> {
  let release!: (commit: boolean) => void;
  const released = new Promise<boolean>((resolve) => (release = resolve));
  let ready!: (pid: number) => void;
  const pidKnown = new Promise<number>((resolve) => (ready = resolve));
  const rollback = new Error('rolled back on purpose');
  const transaction = app.context.db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      ready(rows[0]!.pid);
      if (!(await released)) throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  const end = async (commit = false) => {
    release(commit);
    await transaction;
  };
  holding.push(end);
  return { pid: await pidKnown, release: end };
}

/** The backend that waits for `pid`'s locks (there must be exactly one), once it waits. */
async function waiterOf(pid: number): Promise<number> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(app.context.db);
    if (rows.length === 1) return rows[0]!.pid;
    if (rows.length > 1) throw new Error(`${rows.length} backends wait for ${pid}`);
    if (Date.now() > deadline) throw new Error(`nothing waits for ${pid}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** 'done', 'failed', or 'pending' if the promise has not settled after `ms`. */
async function stateAfter(promise: Promise<unknown>, ms: number): Promise<string> {
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('pending'), ms));
  return Promise.race([
    promise.then(
      () => 'done',
      () => 'failed',
    ),
    timeout,
  ]);
}

describe('batches written side by side', () => {
  it('store each reading once when they carry the same readings in different orders (replays)', async () => {
    const devices = [await registerDevice(app, admin), await registerDevice(app, admin)];
    const all = devices.flatMap(({ id }) => Array.from({ length: 40 }, (_, seq) => row(id, seq)));
    const shuffled = () => [...all].sort(() => Math.random() - 0.5);
    for (let round = 0; round < 5; round += 1) {
      const results = await Promise.all(
        [shuffled(), shuffled().reverse(), shuffled().slice(10), [...all].reverse()].map((readings) =>
          repository.storeReadings(readings.map((reading) => ({ ...reading, seq: reading.seq + round * 100 }))),
        ),
      );
      // Each key is answered as inserted by exactly one of them.
      expect(keys(results.flat())).toEqual(
        keys(all.map(({ device_id, seq }) => ({ device_id, seq: seq + round * 100 }))),
      );
    }
    for (const device of devices) expect(await readingsOf(app.context.db, device.id)).toHaveLength(5 * 40);
  });

  it.skipIf(!onPostgres)(
    'never deadlock: rows go in (device, seq) order, so two statements cannot each hold what the other waits for',
    async () => {
      const device = await registerDevice(app, admin);
      // Another writer holds seq 2 uncommitted. The first batch inserts seq 1 and waits at seq 2;
      // the second batch, given 3 before 1, inserts 1 first — so it waits for the first batch
      // without holding 3, and the first batch can go on to 3 once seq 2 is free.
      const other = await holdTransaction((trx) => trx.insertInto('readings').values(row(device.id, 2)).execute());
      const first = repository.storeReadings([row(device.id, 1), row(device.id, 2), row(device.id, 3)]);
      const firstPid = await waiterOf(other.pid);
      const second = repository.storeReadings([row(device.id, 3), row(device.id, 1)]);
      await waiterOf(firstPid);
      await other.release();
      expect(keys(await first)).toEqual(keys([1, 2, 3].map((seq) => ({ device_id: device.id, seq }))));
      expect(await second).toEqual([]);
      expect((await readingsOf(app.context.db, device.id)).map((reading) => reading.seq)).toEqual([1, 2, 3]);
    },
  );

  it.skipIf(!onPostgres)('never wait to mark a device seen: a device row locked elsewhere is left alone', async () => {
    const device = await registerDevice(app, admin);
    const other = await holdTransaction((trx) =>
      trx.selectFrom('devices').select('id').where('id', '=', device.id).forUpdate().execute(),
    );
    try {
      const storing = repository.storeReadings([row(device.id, 1)], new Map([[device.id, Date.now()]]));
      expect(await stateAfter(storing, 2000)).toBe('done');
      expect(await readingsOf(app.context.db, device.id)).toHaveLength(1);
    } finally {
      await other.release();
    }
    const seenAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    await repository.storeReadings([row(device.id, 2)], new Map([[device.id, seenAt.getTime()]]));
    const { last_seen_at } = await app.context.db
      .selectFrom('devices')
      .select('last_seen_at')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(last_seen_at).toEqual(seenAt);
  });
});

describe("a reading's mould", () => {
  /** A device and a mould of the administrator's (the device is not bound: the readings name the mould). */
  async function deviceAndMould() {
    const device = await registerDevice(app, admin);
    return {
      device,
      moldId: await createMold(app.context.db, app.orgId, [await userIdOf(app.context.db, ADMIN.username)]),
    };
  }
  /** Deletes the mould as its page does; answers the status code. */
  const removeMould = async (moldId: number) =>
    (await app.request({ method: 'DELETE', url: `/api/yudata/mold_setting/${moldId}/`, token: admin })).statusCode;

  it('is left out when the mould was removed since the device was read: the reading is stored unbound', async () => {
    const { device, moldId } = await deviceAndMould();
    expect(await removeMould(moldId)).toBe(200);
    const inserted = await repository.storeReadings([{ ...row(device.id, 1), mold_id: moldId }]);
    expect(keys(inserted)).toEqual([`${device.id}:1`]);
    expect((await readingsOf(app.context.db, device.id)).map((reading) => reading.mold_id)).toEqual([null]);
  });

  it.skipIf(!onPostgres)(
    "is locked by the insert: the mould's removal waits for it, then deletes what it stored",
    async () => {
      const { device, moldId } = await deviceAndMould();
      const insert = await holdTransaction((trx) =>
        new IngestRepository(trx).storeReadings([{ ...row(device.id, 1), mold_id: moldId }]),
      );
      const removal = removeMould(moldId);
      await waiterOf(insert.pid);
      expect(await stateAfter(removal, 100)).toBe('pending');
      await insert.release(true);
      expect(await removal).toBe(200);
      expect(await readingsOf(app.context.db, device.id)).toEqual([]);
    },
  );
});

describe('the ingest with batches in flight', () => {
  /** Records the readings announced on the bus until stopped. */
  function recordAnnouncements() {
    const seen: string[] = [];
    const unsubscribe = app.context.bus.subscribe('reading', (event: BusEvents['reading']) =>
      seen.push(`${event.deviceNo}:${event.message.seq}`),
    );
    return { seen, unsubscribe };
  }

  it.skipIf(!onPostgres)(
    'acknowledges a batch as soon as it is committed, even while an earlier one waits, and announces in batch order',
    async () => {
      const [slow, fast] = [await registerDevice(app, admin), await registerDevice(app, admin)];
      await send(slow.token, telemetryMessage(1)); // both devices known and cached
      await send(fast.token, telemetryMessage(1));
      const announcements = recordAnnouncements();
      try {
        // Another writer holds the slow device's seq 2: the batch with it waits for that writer.
        const other = await holdTransaction((trx) => trx.insertInto('readings').values(row(slow.id, 2)).execute());
        const slowRequest = send(slow.token, [telemetryMessage(2), telemetryMessage(3)]);
        await waiterOf(other.pid);
        const fastResponse = await send(fast.token, telemetryMessage(2));
        expect(fastResponse.json().data).toEqual({ stored: 1, duplicates: 0, too_old_seqs: [] });
        expect(await stateAfter(slowRequest, 100)).toBe('pending');
        // Announced only after the batch before it: a device's readings reach the state engine in order.
        expect(announcements.seen).toEqual([]);

        await other.release(); // rolled back: seq 2 was never stored, the waiting batch stores it
        expect((await slowRequest).json().data).toEqual({ stored: 2, duplicates: 0, too_old_seqs: [] });
        expect(announcements.seen).toEqual([`${slow.device_no}:2`, `${slow.device_no}:3`, `${fast.device_no}:2`]);
      } finally {
        announcements.unsubscribe();
      }
      expect((await readingsOf(app.context.db, slow.id)).map((reading) => reading.seq)).toEqual([1, 2, 3]);
    },
  );

  it.skipIf(!onPostgres)(
    'does not acknowledge a batch that fails while a batch beside it is acknowledged; the failed one stores when sent again',
    async () => {
      const [failing, fine] = [await registerDevice(app, admin), await registerDevice(app, admin)];
      await send(failing.token, telemetryMessage(1));
      await send(fine.token, telemetryMessage(1));
      const failedBefore = app.services.ingest.counters.failed;
      const announcements = recordAnnouncements();
      try {
        const other = await holdTransaction((trx) => trx.insertInto('readings').values(row(failing.id, 2)).execute());
        const failingRequest = send(failing.token, [telemetryMessage(2), telemetryMessage(3)]);
        const failingPid = await waiterOf(other.pid);
        const fineResponse = await send(fine.token, telemetryMessage(2));
        expect(fineResponse.statusCode).toBe(200);
        // The waiting batch's statement is cancelled: that batch fails.
        await sql`select pg_cancel_backend(${failingPid})`.execute(app.context.db);
        const failedResponse = await failingRequest;
        expect(failedResponse.statusCode).toBe(500);
        expect(app.services.ingest.counters.failed - failedBefore).toBe(2);
        expect(announcements.seen).toEqual([`${fine.device_no}:2`]);
        await other.release();
      } finally {
        announcements.unsubscribe();
      }
      expect((await readingsOf(app.context.db, failing.id)).map((reading) => reading.seq)).toEqual([1]);
      expect((await readingsOf(app.context.db, fine.id)).map((reading) => reading.seq)).toEqual([1, 2]);
      // Sent again, as the device does with what was not acknowledged.
      expect((await send(failing.token, [telemetryMessage(2), telemetryMessage(3)])).json().data).toEqual({
        stored: 2,
        duplicates: 0,
        too_old_seqs: [],
      });
    },
  );
});

describe("a device's last_seen_at", () => {
  const lastSeenAt = async (deviceId: number) =>
    (
      await app.context.db
        .selectFrom('devices')
        .select('last_seen_at')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).last_seen_at;

  /** Runs `test` with the app's clock at `start` + the offset it sets, in ms. */
  async function withClock(test: (start: number, setOffset: (ms: number) => void) => Promise<void>) {
    const realNow = app.context.now;
    const start = Math.floor(Date.now() / 1000) * 1000 + 5000; // after the other tests' marks
    let offset = 0;
    app.context.now = () => new Date(start + offset);
    try {
      await test(start, (ms) => (offset = ms));
    } finally {
      app.context.now = realNow;
    }
  }

  it('is written with the first reading, then with the first batch a second after the last write', () =>
    withClock(async (start, setOffset) => {
      const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
      await send(device.token, telemetryMessage(1));
      await send(other.token, telemetryMessage(1));
      expect(await lastSeenAt(device.id)).toEqual(new Date(start));
      setOffset(600);
      await send(device.token, telemetryMessage(2));
      expect(await lastSeenAt(device.id)).toEqual(new Date(start)); // not yet
      setOffset(1100);
      await send(other.token, telemetryMessage(2)); // carries the device's sighting of 600 ms
      expect(await lastSeenAt(device.id)).toEqual(new Date(start + 600));
      expect(await lastSeenAt(other.id)).toEqual(new Date(start + 1100));
    }));

  it('is written by the next batch when the batch that was to write it failed', () =>
    withClock(async (start, setOffset) => {
      const [device, other] = [await registerDevice(app, admin), await registerDevice(app, admin)];
      await send(device.token, telemetryMessage(1));
      await send(other.token, telemetryMessage(1));
      setOffset(500);
      await send(device.token, telemetryMessage(2));
      setOffset(1100);
      const restore = await breakReadingsTable(app.context.db);
      try {
        expect((await send(other.token, telemetryMessage(2))).statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect(await lastSeenAt(device.id)).toEqual(new Date(start));
      setOffset(1200);
      await send(other.token, telemetryMessage(2));
      expect(await lastSeenAt(device.id)).toEqual(new Date(start + 500));
      expect(await lastSeenAt(other.id)).toEqual(new Date(start + 1200));
    }));
});
