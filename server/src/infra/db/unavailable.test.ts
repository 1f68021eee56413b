import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { freePort } from '../../../test/private-services.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { isDatabaseUnavailable } from './unavailable.js';

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('a database that cannot be reached', () => {
  it('is nobody listening on the port', async () => {
    const port = await freePort();
    const error = await failureOf(openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/x` }));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.runIf(process.env.DATABASE_URL)('is a connection the server ended (57P01) or lost', async () => {
    const victim = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const errors: Error[] = [];
    victim.on('error', (error) => errors.push(error));
    await victim.connect();
    const { rows } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    const next = await failureOf(victim.query('select 1'));
    expect([...errors, next].every(isDatabaseUnavailable)).toBe(true);
    // The server's notice reaches the idle client (an error event) or, when the next query is sent
    // first, fails that query: either way it says 57P01.
    expect([...errors, next].map((error) => (error as { code?: string }).code)).toContain('57P01');
  });

  it('is a server starting up or shutting down, or any connection exception (08…)', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    const timeout = new Error('Connection terminated due to connection timeout', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(isDatabaseUnavailable(timeout)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error(), { code: 'ECONNREFUSED' })]))).toBe(
      true,
    );
  });
});

describe('a statement that fails', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is not the database being away', async () => {
    const failures = await Promise.all([
      failureOf(sql`select * from no_such_table`.execute(database.db)),
      failureOf(sql`select 1/0`.execute(database.db)),
      failureOf(sql`selec 1`.execute(database.db)),
    ]);
    for (const failure of failures) expect(isDatabaseUnavailable(failure)).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
