import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { withConnectionFirst } from './session-priority.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await database?.close();
});

/** Holds the one session until the returned function is called. */
async function holdSession(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const holder = database.db.connection().execute(async () => {
    held();
    await released;
  });
  await isHeld;
  return async () => {
    release();
    await holder;
  };
}

/**
 * A saturating ingest of `count` batches taking the session first: each batch queues the next
 * before it hands the session back, does `work`, and notes itself in `order`. Answers once all ran.
 */
function saturatingIngest(count: number, order: string[], work: () => Promise<unknown> = async () => undefined) {
  return new Promise<void>((allRan, failed) => {
    const batch = (n: number): void => {
      withConnectionFirst((inTurn) =>
        database.db.connection().execute(() =>
          inTurn(async () => {
            if (n < count) batch(n + 1);
            await work();
            order.push(`batch ${n}`);
            if (n === count) allRan();
          }),
        ),
      ).catch(failed);
    };
    batch(1);
  });
}

describe('the embedded database session (issue 10.6)', () => {
  it('goes to the ingest before the queries waiting in turn', async () => {
    const release = await holdSession();
    const order: string[] = [];
    const reads = [1, 2, 3].map((n) => sql`select ${n}::int`.execute(database.db).then(() => order.push(`read ${n}`)));
    const ingest = withConnectionFirst((inTurn) =>
      database.db.connection().execute((connection) => inTurn(() => sql`select 0`.execute(connection))),
    ).then(() => order.push('ingest'));
    await release();
    await Promise.all([...reads, ingest]);
    expect(order).toEqual(['ingest', 'read 1', 'read 2', 'read 3']);
  });

  it('goes to a query waiting in turn once it has waited 50 ms, though the ingest always takes it first', async () => {
    const order: string[] = [];
    const release = await holdSession();
    const read = sql`select 1`.execute(database.db).then(() => order.push('read'));
    const ingest = saturatingIngest(40, order, () => new Promise((resolve) => setTimeout(resolve, 5)));
    await release();
    await read;
    await ingest;
    // 40 batches hold the session 200 ms at least: the read did not wait for the ingest to stop.
    expect(order.indexOf('read')).toBeLessThan(order.indexOf('batch 40'));
  });

  it('lets the reads that waited long enough go one at a time, each followed by an ingest batch', async () => {
    const order: string[] = [];
    const release = await holdSession();
    const reads = [1, 2, 3, 4].map((n) => database.db.connection().execute(async () => order.push(`read ${n}`)));
    await new Promise((resolve) => setTimeout(resolve, 60));
    const ingest = saturatingIngest(8, order);
    await release();
    await Promise.all([...reads, ingest]);
    // Four reads queued at once hold back the ingest one read at a time, not for all four.
    expect(order.slice(0, 8)).toEqual([
      'read 1',
      'batch 1',
      'read 2',
      'batch 2',
      'read 3',
      'batch 3',
      'read 4',
      'batch 4',
    ]);
  });

  it('gives the event loop a turn between two holders of the session', async () => {
    const release = await holdSession();
    let done = 0;
    const reads = Array.from({ length: 20 }, () => sql`select 1`.execute(database.db).then(() => (done += 1)));
    let doneAtTurn = -1;
    const turn = new Promise<void>((resolve) =>
      setImmediate(() => {
        doneAtTurn = done;
        resolve();
      }),
    );
    await release();
    await Promise.all([...reads, turn]);
    expect(doneAtTurn).toBeLessThan(20);
  });

  // An engine's run of transactions asks again as each one ends, when nobody waits yet: handed the
  // session at once, it kept the event loop for all of them, and the devices' packets went unread.
  it('gives the event loop a turn before a holder that asks again at once: the ingest asking in it goes first', async () => {
    const order: string[] = [];
    let ingest!: Promise<unknown>;
    await database.db.connection().execute(async () => {
      // In the next turn of the event loop, as a device's packet read then would.
      setImmediate(() => {
        ingest = withConnectionFirst((inTurn) =>
          database.db.connection().execute(() => inTurn(async () => order.push('ingest'))),
        );
      });
      order.push('run, first');
    });
    await database.db.connection().execute(async () => order.push('run, second'));
    await ingest;
    expect(order).toEqual(['run, first', 'ingest', 'run, second']);
  });

  it('has one holder at a time, whoever goes first', async () => {
    let holders = 0;
    let most = 0;
    const work = async () => {
      holders += 1;
      most = Math.max(most, holders);
      await new Promise((resolve) => setTimeout(resolve, 2));
      holders -= 1;
    };
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        n % 3 === 0
          ? withConnectionFirst((inTurn) => database.db.connection().execute(() => inTurn(work)))
          : database.db.connection().execute(work),
      ),
    );
    expect(most).toBe(1);
  });
});
