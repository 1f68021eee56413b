/**
 * The Mouldwatch server of a benchmark, started in this process from the TypeScript sources the way
 * e2e/support/in-process.ts and server/test/test-app.ts do (prepareServer + the embedded broker on
 * a free port). Run by bench/ingest.mjs and bench/live.mjs as
 *
 *   node --conditions=source --import tsx bench/support/server.impl.ts --db pglite|postgres --devices N [--live]
 *     [--device-rate-limit R]   (DEVICE_RATE_LIMIT: publishes a second one device may send; default 100)
 *     [--demo]   (DEMO=1: the empty database is first seeded with the demo, as `npm start` does — its
 *                 24 moulds, 13 months of history, DATA_DIR/demo-devices.json for its simulator —
 *                 and the bench's organisation is added beside it; the ready line then names `dataDir`)
 *
 * It seeds one organisation with an admin, registers N devices through the API
 * (POST /api/yudata/device/) and, with --live, creates a mould granted to the admin and binds the
 * first device to it. Then it prints ONE JSON line on stdout:
 *   {"ready":true,"mqttPort":…,"httpUrl":…,"adminToken":…,"moldId":…,"devices":[{device_no,token},…]}
 * (with --moulds each device also carries its mould's `mold_id`) and reads commands from stdin, one per line, each answered by one JSON line:
 *   count → {"stored": readings in the database}
 *   seed-history → with --live: 13 months of 15-minute roll-ups of the mould, every temperature
 *     channel filled → {"rollups": rows}
 *   users N → with --live: N more users of the admin's role, each granted the mould → {"tokens": [JWT, …]}
 *   home-users N → with --moulds: N more users of the admin's role, each granted every device's mould
 *     → {"tokens": [JWT, …], "moldIds": [the devices' moulds, in the devices' order]}
 *   loop-delay → the server's event-loop delay since the last `loop-delay` (or the start), from
 *     perf_hooks.monitorEventLoopDelay (10 ms resolution): {"p50_ms","p99_ms","max_ms","mean_ms"}; the
 *     server exposes no metrics of its own, so this bench-only monitor runs in the server's process
 *   memory → the server's process.memoryUsage() in MB: {"rss_mb","heap_total_mb","heap_used_mb","external_mb",
 *     "array_buffers_mb"} (the JavaScript heap against what PGlite's WebAssembly memory and buffers hold)
 *   monitor → with --live: the mould monitored with one temperature channel (40 °C ± 5) → {"monitored": id}
 *   demo-caught-up → with --demo: {"devices": devices that sent readings, "caught_up": those whose newest
 *     reading is less than 3 minutes old} (the simulator's back-fill is done when every demo device is)
 *   judged → with --moulds, once the state engine has applied and the alarm engine judged every reading
 *     stored so far: {"unjudged": readings the alarm engine had not judged when asked, "caught_up_ms": how
 *     long until both were done} (asked when the load stops, it tells whether the engines kept up)
 *   db-cpu → {"ms": CPU time (user + system) the PostgreSQL backends serving this server have spent so
 *     far, or null on PGlite / without /proc}: two answers apart give the database's work in between
 *   stop  → closes the server (and drops the PostgreSQL schema / removes the temp dir), then exits.
 * The load (devices, browser socket) runs in the parent process so that it does not take the
 * server's event loop, as real devices would not.
 *
 * Database: PGlite in a temp dir by default; with --db postgres, DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped at the end.
 *
 * Diagnosis aids (off by default; the figures they print go to stderr): BENCH_DIAG=1 times each batch
 * write (`diag` command), BENCH_DIAG=noupdate skips marking devices seen, BENCH_DIAG=nostate keeps the
 * state engine from following readings, BENCH_DIAG=statements (PostgreSQL) counts and times each kind
 * of statement (its first words), printed to stderr by `diag`; BENCH_DIAG=session (PGlite) times
 * each hold of the embedded database's one session — from taking it to handing it back, statements and
 * the JavaScript between them — by its first statement (a transaction's first after `begin`), how long
 * each holder waited for it, where the longer transactions' time went, and the event loop's stalls of
 * 20 ms or more with the holds inside them, printed to stderr by `diag` (and reset).
 * BENCH_SERVER_NODE_ARGS passes node flags (e.g. --cpu-prof).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/infra/db/database.js';
import { PGliteDialect } from '../../server/src/infra/db/pglite-dialect.js';
import type { Database } from '../../server/src/infra/db/schema.js';
import { IngestRepository } from '../../server/src/ingest/ingest.repository.js';
import { StateEngine } from '../../server/src/state/state-engine.js';
import { seedOrganization } from '../../server/src/seed/organization.js';
import { prepareServer } from '../../server/src/start.js';
import { processCpuMs } from './proc.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    devices: { type: 'string', default: '200' },
    live: { type: 'boolean', default: false },
    /** Each device bound to a monitored mould of its own with alarm settings: readings are judged. */
    moulds: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    'device-rate-limit': { type: 'string', default: '100' },
  },
});
// BENCH_DIAG=1: times each batch write, reported by the `diag` command (a diagnosis aid, off by default).
const diag = { writes: 0, rows: 0, ms: [] as number[] };
if (process.env.BENCH_DIAG === 'noupdate') {
  // Diagnosis only: inserts the readings without marking the devices seen, to see what that costs.
  IngestRepository.prototype.storeReadings = function (this: IngestRepository, readings) {
    return (this as unknown as { db: Kysely<Database> }).db
      .insertInto('readings')
      .values(readings)
      .onConflict((conflict) => conflict.columns(['device_id', 'seq']).doNothing())
      .returning(['device_id', 'seq'])
      .execute();
  };
} else if (process.env.BENCH_DIAG) {
  const original = IngestRepository.prototype.storeReadings;
  IngestRepository.prototype.storeReadings = async function (this: IngestRepository, ...args) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      diag.writes += 1;
      diag.rows += args[0].length;
      diag.ms.push(performance.now() - started);
    }
  };
}
// BENCH_DIAG=statements: every statement sent through pg, counted and timed by its first words.
const statements = new Map<string, { count: number; ms: number }>();
if (process.env.BENCH_DIAG === 'statements') {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    const started = performance.now();
    const settle = () => {
      const entry = statements.get(kind) ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += performance.now() - started;
      statements.set(kind, entry);
    };
    const result = query.apply(this, args);
    if (result instanceof Promise) void result.then(settle, settle);
    return result;
  } as typeof pg.Client.prototype.query;
}
// BENCH_DIAG=session: every hold of PGlite's one session, by its first statement's first words, with
// the time its statements took (the rest of the hold is JavaScript between them) and, per statement, where it went.
/** A kind of statement's executions and their time, by its first words. */
type StatementTimes = Map<string, { count: number; ms: number }>;
type HoldEntry = {
  count: number;
  holdMs: number;
  maxHoldMs: number;
  waitMs: number;
  maxWaitMs: number;
  statementMs: number;
  statements: StatementTimes;
};
const holds = new Map<string, HoldEntry>();
const firstWords = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 90);
/** The holds of the last seconds (start, end, kind), for `stalls`. */
const recentHolds: Array<{ start: number; end: number; kind: string }> = [];
/**
 * Stalls of the event loop (a 5 ms timer late by 20 ms or more), with the time the holds of the
 * session took inside each: the rest of a stall is JavaScript outside them (MQTT packets, GC).
 */
const stalls = { count: 0, ms: 0, byKind: new Map<string, number>() };
if (process.env.BENCH_DIAG === 'session') {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 5;
    if (late >= 20) {
      stalls.count += 1;
      stalls.ms += late;
      let inHolds = 0;
      for (const hold of recentHolds) {
        const overlap = Math.min(hold.end, now) - Math.max(hold.start, last);
        if (overlap <= 0) continue;
        inHolds += overlap;
        stalls.byKind.set(hold.kind, (stalls.byKind.get(hold.kind) ?? 0) + overlap);
      }
      stalls.byKind.set('(outside holds)', (stalls.byKind.get('(outside holds)') ?? 0) + Math.max(0, late - inHolds));
    }
    while (recentHolds.length > 0 && recentHolds[0]!.end < now - 1000) recentHolds.shift();
    last = now;
  }, 5).unref();
  const createDriver = PGliteDialect.prototype.createDriver;
  PGliteDialect.prototype.createDriver = function (this: PGliteDialect) {
    const driver = createDriver.call(this);
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    let hold: { waitMs: number; takenAt: number; kind: string | undefined; statements: StatementTimes } | undefined;
    const named = new WeakSet<object>();
    driver.acquireConnection = async () => {
      const askedAt = performance.now();
      const connection = await acquire();
      const takenAt = performance.now();
      hold = { waitMs: takenAt - askedAt, takenAt, kind: undefined, statements: new Map() };
      // One connection object for the one session: its statements are named once.
      if (!named.has(connection)) {
        named.add(connection);
        const executeQuery = connection.executeQuery.bind(connection);
        connection.executeQuery = (query) => {
          // A transaction is named by its first statement after `begin`.
          const words = firstWords(query.sql);
          if (hold && !hold.kind && !/^\s*begin\b/i.test(query.sql)) hold.kind = words;
          const statements = hold?.statements;
          const startedAt = performance.now();
          const settle = () => {
            const entry = statements?.get(words) ?? { count: 0, ms: 0 };
            entry.count += 1;
            entry.ms += performance.now() - startedAt;
            statements?.set(words, entry);
          };
          const result = executeQuery(query);
          void result.then(settle, settle);
          return result;
        };
      }
      return connection;
    };
    driver.releaseConnection = async (connection) => {
      if (hold) {
        const holdMs = performance.now() - hold.takenAt;
        const kind = hold.kind ?? '(none)';
        recentHolds.push({ start: hold.takenAt, end: hold.takenAt + holdMs, kind });
        const entry = holds.get(kind) ?? {
          count: 0,
          holdMs: 0,
          maxHoldMs: 0,
          waitMs: 0,
          maxWaitMs: 0,
          statementMs: 0,
          statements: new Map(),
        };
        entry.count += 1;
        for (const [words, { count, ms }] of hold.statements) {
          const statement = entry.statements.get(words) ?? { count: 0, ms: 0 };
          statement.count += count;
          statement.ms += ms;
          entry.statements.set(words, statement);
          entry.statementMs += ms;
        }
        entry.holdMs += holdMs;
        entry.maxHoldMs = Math.max(entry.maxHoldMs, holdMs);
        entry.waitMs += hold.waitMs;
        entry.maxWaitMs = Math.max(entry.maxWaitMs, hold.waitMs);
        holds.set(kind, entry);
        hold = undefined;
      }
      return release(connection);
    };
    return driver;
  };
}
// BENCH_DIAG=nostate: the state engine does not follow readings (to see what it costs; diagnosis only).
if (process.env.BENCH_DIAG === 'nostate') StateEngine.prototype.start = () => undefined;
/** 13 months of full 15-minute roll-ups of one mould: every channel read once a minute. */
async function seedRollups(db: Kysely<Database>, moldId: number): Promise<number> {
  const channels = ['mt1', 'mt2', 'mt3', 'mt4', 'hr1', 'hr2', 'hr3', 'hr4', 'hr5', 'hr6'];
  const { rows } = await sql<{ n: number }>`
    with inserted as (
      insert into mold_rollups (mold_id, bucket, ${sql.raw(channels.map((c) => `${c}_sum, ${c}_n`).join(', '))},
        shots, counter_last, run_s, energy_kwh)
      select ${moldId}, bucket, ${sql.raw(channels.map(() => '15 * (40 + random() * 200), 15').join(', '))},
        30, 1000 + row_number() over (order by bucket) * 30, 900, 1.5
      from generate_series(date_bin('15 minutes', now() - interval '396 days', timestamptz '2000-01-01Z'), now(),
        interval '15 minutes') as bucket
      returning 1
    )
    select count(*)::int as n from inserted`.execute(db);
  return rows[0]!.n;
}

const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const deviceCount = Number(values.devices);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'benchadmin', password: 'bench1234', name: 'Bench', email: 'bench@example.com' };

const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-bench-'));
const schema = `mw_bench_${process.pid}_${randomBytes(4).toString('hex')}`;

/** CPU ms of every backend of this server seen so far, at its last sighting (pid → ms). */
const backendCpu = new Map<number, number>();
let sampleBackends: (() => Promise<void>) | undefined;

/** The `judged` command: waits (at most a minute) until every stored reading is applied and judged. */
async function judgedCaughtUp(): Promise<{ unjudged: number; caught_up_ms: number }> {
  const startedAt = performance.now();
  const unjudged = async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from readings, alarm_progress p
      where p.name = 'readings' and readings.mold_id is not null and readings.xid >= p.judged_below`.execute(
      server.context.db,
    );
    return rows[0]!.n;
  };
  const atAsk = await unjudged();
  await server.services.state.settled();
  while ((await unjudged()) > 0 && performance.now() - startedAt < 60_000) await delay(20);
  return { unjudged: atAsk, caught_up_ms: Math.round(performance.now() - startedAt) };
}

async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let database: DatabaseHandle | undefined;
if (kind === 'postgres') {
  await pgAdmin(`create schema ${schema}`);
  // Named after the schema: the backends serving this server are found by it (`db-cpu`).
  const url = new URL(PG_URL);
  url.searchParams.set('application_name', schema);
  database = await openDatabase({ kind: 'postgres', url: url.toString(), schema });
  followBackends(database.db);
}

const config = loadConfig({
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-'.padEnd(40, 'x'),
  MQTT_PORT: '0',
  DEVICE_RATE_LIMIT: values['device-rate-limit'],
  ...(values.demo ? { DEMO: '1' } : {}),
});
const server = await prepareServer(config, { database, seedEmpty: values.demo });

let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    await server.close().catch(() => undefined);
    if (kind === 'postgres') await pgAdmin(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  })());
// The parent going away (stdin closed) or a signal: clean up all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop().then(() => process.exit(1)));

try {
  const { orgId } = await seedOrganization(server.context.db, 'Bench Org', ADMIN);
  const mqtt = await server.startMqtt(0);
  const httpUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });

  const inject = async (method: 'POST' | 'PUT', url: string, payload: unknown, token?: string) => {
    const response = await server.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? { authorization: `JWT ${token}` } : {},
    });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  const adminToken = (
    await inject('POST', '/api/login/en_US', {
      username: ADMIN.username,
      password: Buffer.from(ADMIN.password).toString('base64'),
    })
  ).access as string;

  const devices: Array<{ id: number; device_no: string; token: string }> = [];
  for (let index = 0; index < deviceCount; index += 1) {
    const device_no = `BENCH-${index}-${randomBytes(3).toString('hex')}`;
    devices.push(await inject('POST', '/api/yudata/device/', { device_no }, adminToken));
  }

  // With --live the first device is the live mould's (below).
  const monitored = values.moulds
    ? await monitoredMoulds(server.context.db, orgId, values.live ? devices.slice(1) : devices)
    : new Map<number, number>();

  let moldId: number | null = null;
  if (values.live) {
    const user = await server.context.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    const mold = await server.context.db
      .insertInto('molds')
      .values({ org_id: orgId, name: 'Bench mould', mold_number: `M-BENCH-${randomBytes(3).toString('hex')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.context.db
      .insertInto('user_mold_grants')
      .values({ user_id: user.id, mold_id: mold.id, shared_by: null })
      .execute();
    moldId = mold.id;
    await inject('PUT', `/api/yudata/device/${devices[0]!.id}/`, { mold_id: moldId }, adminToken);
  }

  /** Users like the admin (role, password), each granted these moulds, with a token each. */
  const moreUsers = async (count: number, moulds: readonly number[]) => {
    const admin = await server.context.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    const tokens: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const user = await server.context.db
        .insertInto('users')
        .values({
          org_id: admin.org_id,
          role_id: admin.role_id,
          username: `benchuser${index}`,
          password_hash: admin.password_hash,
          name: `Bench ${index}`,
          email: `bench${index}@example.com`,
          is_staff: true,
          subscribe: 1,
        })
        .returning(['id', 'token_version'])
        .executeTakeFirstOrThrow();
      if (moulds.length > 0) {
        await server.context.db
          .insertInto('user_mold_grants')
          .values(moulds.map((mold_id) => ({ user_id: user.id, mold_id, shared_by: null })))
          .execute();
      }
      tokens.push(await server.context.tokens.issue({ userId: user.id, version: user.token_version }));
    }
    return tokens;
  };

  if (mqtt.kind !== 'embedded') throw new Error(`expected the embedded broker, got ${mqtt.kind}`);
  console.log(
    JSON.stringify({
      ready: true,
      mqttPort: mqtt.port,
      httpUrl,
      adminToken,
      moldId,
      devices: devices.map(({ id, device_no, token }) => ({ device_no, token, mold_id: monitored.get(id) })),
      ...(values.demo ? { dataDir } : {}),
    }),
  );
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    void (async () => {
      const command = line.trim();
      if (command === 'count') {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from readings`.execute(server.context.db);
        console.log(JSON.stringify({ stored: rows[0]!.n }));
      } else if (command === 'seed-history' && moldId !== null) {
        console.log(JSON.stringify({ rollups: await seedRollups(server.context.db, moldId) }));
      } else if (command.startsWith('users ') && moldId !== null) {
        console.log(JSON.stringify({ tokens: await moreUsers(Number(command.slice(6)), [moldId]) }));
      } else if (command.startsWith('home-users ') && monitored.size > 0) {
        const moldIds = [...monitored.values()];
        console.log(JSON.stringify({ tokens: await moreUsers(Number(command.slice(11)), moldIds), moldIds }));
      } else if (command === 'loop-delay') {
        const ms = (ns: number) => Math.round(ns / 1e4) / 100;
        console.log(
          JSON.stringify({
            p50_ms: ms(loopDelay.percentile(50)),
            p99_ms: ms(loopDelay.percentile(99)),
            max_ms: ms(loopDelay.max),
            mean_ms: ms(loopDelay.mean),
          }),
        );
        loopDelay.reset();
      } else if (command === 'memory') {
        const mb = (bytes: number) => Math.round(bytes / 1048576);
        const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
        console.log(
          JSON.stringify({
            rss_mb: mb(rss),
            heap_total_mb: mb(heapTotal),
            heap_used_mb: mb(heapUsed),
            external_mb: mb(external),
            array_buffers_mb: mb(arrayBuffers),
          }),
        );
      } else if (command === 'monitor' && moldId !== null) {
        // bench/alarm-notify.mjs: the mould is monitored, T1 set 40 °C ± 5.
        const info = JSON.stringify({ mold_temp_setting: [{ name: 'T1', set: 40, alert: 5 }] });
        await server.context.db.updateTable('molds').set({ launch_listen: 1, info }).where('id', '=', moldId).execute();
        console.log(JSON.stringify({ monitored: moldId }));
      } else if (command === 'demo-caught-up') {
        const { rows } = await sql<{ devices: number; caught_up: number }>`
          select count(*)::int as devices, (count(*) filter (where newest >= now() - interval '3 minutes'))::int as caught_up
          from (select device_id, max(ts) as newest from readings group by device_id) as newest`.execute(
          server.context.db,
        );
        console.log(JSON.stringify(rows[0]));
      } else if (command === 'judged') {
        console.log(JSON.stringify(await judgedCaughtUp()));
      } else if (command === 'db-cpu') {
        await sampleBackends?.();
        console.log(JSON.stringify({ ms: backendCpuMs() }));
      } else if (command === 'diag') {
        const kinds = [...statements].sort((a, b) => b[1].ms - a[1].ms);
        for (const [kind, { count, ms }] of kinds) console.error(`${Math.round(ms)} ms ${count} × ${kind}`);
        const held = [...holds].sort((a, b) => b[1].holdMs - a[1].holdMs);
        for (const [kind, entry] of held) {
          const { count, holdMs, maxHoldMs, waitMs, maxWaitMs, statementMs } = entry;
          console.error(
            `held ${Math.round(holdMs)} ms (max ${Math.round(maxHoldMs)}; statements ${Math.round(statementMs)} ms), waited ${Math.round(waitMs)} ms (max ${Math.round(maxWaitMs)}), ${count} × ${kind}`,
          );
          // Transactions of several statements: where their hold went.
          if (entry.statements.size < 3 || holdMs < 100) continue;
          const inside = [...entry.statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
          for (const [words, statement] of inside) {
            console.error(`    ${Math.round(statement.ms)} ms ${statement.count} × ${words}`);
          }
        }
        holds.clear();
        console.error(`stalls of 20 ms or more: ${stalls.count}, ${Math.round(stalls.ms)} ms in all, of which:`);
        for (const [kind, ms] of [...stalls.byKind].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
          console.error(`    ${Math.round(ms)} ms ${kind}`);
        }
        stalls.count = 0;
        stalls.ms = 0;
        stalls.byKind.clear();
        const sorted = diag.ms.sort((a, b) => a - b);
        const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
        console.log(
          JSON.stringify({
            writes: diag.writes,
            rows_per_write: Math.round(diag.rows / Math.max(1, diag.writes)),
            write_ms_p50: at(0.5),
            write_ms_p99: at(0.99),
            write_ms_max: at(1),
          }),
        );
      } else if (command === 'stop') {
        await stop();
        console.log(JSON.stringify({ stopped: true }));
        process.exit(0);
      }
    })();
  });
  lines.on('close', () => void stop().then(() => process.exit(0)));
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}

/**
 * Every half second, the CPU time of the PostgreSQL backends serving this server (found by their
 * application_name), read from /proc: the database's share of the work, which the server's own CPU
 * time leaves out. A backend that ends is counted up to its last sighting.
 */
function followBackends(db: Kysely<Database>): void {
  if (!existsSync('/proc/self/stat')) return;
  sampleBackends = async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where application_name = ${schema}`.execute(db);
    for (const { pid } of rows) {
      const cpuMs = processCpuMs(pid) as number | null;
      // A backend that ended meanwhile is counted up to its last sighting.
      if (cpuMs !== null) backendCpu.set(pid, cpuMs);
    }
  };
  setInterval(() => void sampleBackends?.().catch(() => undefined), 500).unref();
}

const backendCpuMs = () => (sampleBackends ? [...backendCpu.values()].reduce((sum, ms) => sum + ms, 0) : null);

/**
 * A monitored mould per device, with temperature and cycle settings around what bench/ingest.mjs
 * sends (inside the bounds: every reading is judged, none opens an alarm), bound to it; answers
 * device id → mould id.
 */
async function monitoredMoulds(
  db: Kysely<Database>,
  orgId: number,
  devices: ReadonlyArray<{ id: number }>,
): Promise<Map<number, number>> {
  const info = JSON.stringify({
    mold_temp_setting: [41, 42, 41].map((set, index) => ({ name: `T${index + 1}`, set, alert: 5 })),
    hot_temp_setting: [220, 221, 220, 220].map((set, index) => ({ name: `H${index + 1}`, set, alert: 10 })),
    cycle_time: 30.5,
    cycle_time_setting: { time: 120, alert: 4, early: 1.5 },
  });
  const moulds = await db
    .insertInto('molds')
    .values(
      devices.map((_, index) => ({
        org_id: orgId,
        name: `Bench${index}`,
        mold_number: `MB${index}`,
        launch_listen: 1,
        info,
      })),
    )
    .returning('id')
    .execute();
  for (const [index, device] of devices.entries()) {
    await db.updateTable('devices').set({ mold_id: moulds[index]!.id }).where('id', '=', device.id).execute();
  }
  return new Map(devices.map((device, index) => [device.id, moulds[index]!.id]));
}
