// `npm run bench -- cycle-days [--db pglite|postgres] [--moulds 10] [--days 20] [--per-run 200]`
//
// What keeping the cycle statistics of ended days costs one run of the roll-up job (migration 0030):
// on the embedded database a run holds its only session, so its length is how long the ingest and
// every request wait meanwhile; on PostgreSQL it is work beside them.
//
// How: a quiet server (bench/support/quiet-server.ts: PGlite in a temp dir, or PostgreSQL
// DATABASE_URL / postgres://postgres@127.0.0.1:5432/test in a fresh schema) with N moulds, each with a
// cycle every 30 s (2,880 a day) over the D days before today in the raw readings; the roll-up job's
// run queues their days (UTC, the zone every install keeps), then `keepCycleDays` runs, as the job
// would every 30 s, until the queue is empty, each run computing at most --per-run days.
//
// Prints ONE JSON line: {"bench":"cycle-days","db","moulds","days","readings","per_run","runs",
// "run_p50_ms","run_max_ms","ms_per_day","load_average"}.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// The server's TypeScript sources load through tsx: run again under it.
if (!process.env.MW_BENCH_TSX) {
  const again = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, MW_BENCH_TSX: '1' } },
  );
  process.exit(again.status ?? 1);
}

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    moulds: { type: 'string', default: '10' },
    days: { type: 'string', default: '20' },
    'per-run': { type: 'string', default: '200' },
  },
});
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DAY = 86_400;
const CYCLE_S = 30;
const round = (value) => Math.round(value * 10) / 10;

const { sql } = await import('kysely');
const { startQuietServer } = await import('./support/quiet-server.ts');
const { seedOrganization } = await import('../server/src/seed/organization.ts');
const { CycleDaysRepository } = await import('../server/src/rollup/cycle-days.repository.ts');
const { server, stop } = await startQuietServer(values.db, PG_URL);
try {
  const db = server.context.db;
  const moulds = Number(values.moulds);
  const days = Number(values.days);
  const { orgId } = await seedOrganization(db, 'Bench Org', {
    username: 'benchadmin',
    password: 'bench1234',
    name: 'Bench',
    email: 'bench@example.com',
  });
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  let readings = 0;
  for (let index = 0; index < moulds; index += 1) {
    const mould = await db
      .insertInto('molds')
      .values({ org_id: orgId, name: `Bench ${index}`, mold_number: `B-${index}`, info: '{"cycle_time":30}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const device = await db
      .insertInto('devices')
      .values({
        org_id: orgId,
        device_no: `CD-${index}`,
        token_hash: String(index).padStart(64, 'c'),
        mold_id: mould.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { rows } = await sql`
      with inserted as (
        insert into readings (device_id, seq, ts, mold_id, cycle_time, event)
        select ${device.id}, s, to_timestamp(${today - days * DAY} + s * ${CYCLE_S}), ${mould.id},
          29 + (s % 7) * 0.3, 'cycle'
        from generate_series(0, ${(days * DAY) / CYCLE_S - 1}) as s
        returning 1
      ) select count(*)::int as n from inserted`.execute(db);
    readings += rows[0].n;
  }
  const phase = (name, started) => console.error(`${name}: ${round(performance.now() - started)} ms`);
  let started = performance.now();
  await server.services.rollups.run();
  phase(`roll-up of ${readings} readings`, started);
  const times = [];
  let computed = 0;
  const perRun = Number(values['per-run']);
  for (;;) {
    started = performance.now();
    const keptDays = await keepCycleDays(perRun);
    phase(`run ${times.length + 1}: ${keptDays} days`, started);
    if (keptDays === 0) break;
    times.push(performance.now() - started);
    computed += keptDays;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'cycle-days',
      db: values.db,
      moulds,
      days,
      readings,
      per_run: perRun,
      runs: times.length,
      kept_days: computed,
      run_p50_ms: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      run_max_ms: round(sorted.at(-1) ?? 0),
      ms_per_day: round(times.reduce((sum, ms) => sum + ms, 0) / Math.max(1, computed)),
      load_average: loadavg().map(round),
    }),
  );
} finally {
  await stop();
}

/** One run of the job's cycle-day step with its own limit (the job's option is fixed at start). */
async function keepCycleDays(limit) {
  const now = new Date();
  const horizon = new Date(now.getTime() - 35 * DAY * 1000);
  return new CycleDaysRepository().computeEnded(server.context.db, now, horizon, limit);
}
