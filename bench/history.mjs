// `npm run bench -- history [--db pglite|postgres] [--requests N] [--demo]`
//
// A mould's 12-month history, all 10 temperature channels, from the roll-ups. Budget (DESIGN §10):
// p95 ≤ 50 ms on PostgreSQL, ≤ 100 ms embedded with the demo's simulator running (--demo).
//
// How: bench/support/server.mjs starts the real server (PGlite in a temp dir, or --db postgres in a
// fresh schema) with a mould granted to an admin, and seeds 13 months of 15-minute roll-ups of it
// (every channel filled: 38,000 rows). This process then asks, over HTTP with the admin's JWT and a
// +5:30 Time-Zone, for the 12 monthly points of the 4 mould channels and of the 6 hot-runner channels
// (the two calls the history view makes), N times after 5 unmeasured rounds; each round's time is both
// calls, one after the other. The same is measured for the other ranges' full windows.
//
// --demo: the demo's load beside it, as `npm start` runs it. The server seeds the demo into the empty
// database first (DEMO=1: 24 moulds, 13 months of history, DATA_DIR/demo-devices.json), then the
// bench's organisation and mould beside it; this process starts the demo's simulator as
// scripts/start.mjs does (simulator/src/cli.ts run --devices … --http … --state …
// --backfill-hours H, H = the hours since the seeded history's end, about 6), waits until its
// back-fill is done (every demo device's newest reading less than 3 minutes old: `demo-caught-up`)
// and 30 s more, so that the state engine, alarms and roll-ups have taken it in and the simulator
// is streaming, then measures the same reads while the simulator writes. The simulator's messages
// during the reads are counted from its own 10-second lines ("sent N messages"): null when the reads
// took less than those ten seconds; the readings the server stored meanwhile are counted too.
//
// Prints ONE JSON line: {"bench":"history","db","demo","rollups","requests","p50_ms","p95_ms",
// "ranges":{range:{p50_ms,p95_ms,points}}} where p50_ms / p95_ms are those of the 12-month (month
// range) round; with --demo also "backfill_s", "simulator_msgs_per_s" and "stored_per_s_while_reading"
// (the readings stored a second from the first read to the last) and "load_avg" (1 min, at the end).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { quantile, round, startBenchServer } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    requests: { type: 'string', default: '50' },
    demo: { type: 'boolean', default: false },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const requests = Math.max(1, Number(values.requests));
const WARMUP_ROUNDS = 5;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => process.stderr.write(`[history] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startBenchServer({ db, devices: 1, live: true, demo: values.demo });
let simulator;
try {
  const { rollups } = await server.command('seed-history');
  const demo = values.demo ? await startDemoSimulator() : undefined;
  const headers = { authorization: `JWT ${server.adminToken}`, 'time-zone': 'Asia/Kolkata' };
  const read = async (kind, range) => {
    const response = await fetch(`${server.httpUrl}/api/yudata/mold/${kind}/${server.moldId}/?range=${range}`, {
      headers,
    });
    const body = await response.json();
    if (body.code !== 200) throw new Error(`${kind} ${range}: ${body.msg}`);
    return body.data.length;
  };
  const ranges = {};
  const storedBefore = demo && { at: performance.now(), ...(await server.command('count')) };
  for (const range of ['month', 'week', 'day', 'hour']) {
    const times = [];
    let points = 0;
    // BENCH_DIAG=session: the holds of the embedded database's session during the month reads (stderr).
    if (process.env.BENCH_DIAG && range === 'month') await server.command('diag');
    for (let round = 0; round < WARMUP_ROUNDS + requests; round += 1) {
      const started = performance.now();
      points = await read('moldTemperature', range);
      await read('hotRunnerTemperature', range);
      if (round >= WARMUP_ROUNDS) times.push(performance.now() - started);
    }
    if (process.env.BENCH_DIAG && range === 'month') await server.command('diag');
    ranges[range] = { p50_ms: round(quantile(times, 0.5)), p95_ms: round(quantile(times, 0.95)), points };
  }
  const storedAfter = demo && { at: performance.now(), ...(await server.command('count')) };
  const demoFigures = demo && {
    backfill_s: demo.backfillS,
    simulator_msgs_per_s: round(demo.rate()),
    stored_per_s_while_reading: round(
      ((storedAfter.stored - storedBefore.stored) * 1000) / (storedAfter.at - storedBefore.at),
    ),
    load_avg: round(loadavg()[0], 2),
  };
  console.log(
    JSON.stringify({
      bench: 'history',
      db,
      demo: values.demo,
      rollups,
      requests,
      p50_ms: ranges.month.p50_ms,
      p95_ms: ranges.month.p95_ms,
      ranges,
      ...demoFigures,
    }),
  );
} finally {
  simulator?.kill('SIGTERM');
  await server.stop();
}

/**
 * The demo's simulator, started as scripts/start.mjs starts it; resolves once its back-fill is in
 * and it streams, with the back-fill's duration and the simulator's rate since then (`rate()`).
 */
async function startDemoSimulator() {
  const devicesFile = path.join(server.dataDir, 'demo-devices.json');
  if (!existsSync(devicesFile)) throw new Error(`the demo seed wrote no ${devicesFile}`);
  const demoDevices = JSON.parse(readFileSync(devicesFile, 'utf8'));
  const backfillHours = Math.max(0, (Date.now() / 1000 - demoDevices[0].history_until) / 3600);
  simulator = spawn(
    process.execPath,
    [
      ...['--conditions=source', '--import', 'tsx', path.join(root, 'simulator/src/cli.ts'), 'run'],
      ...['--devices', devicesFile, '--http', server.httpUrl],
      ...['--state', path.join(server.dataDir, 'demo-simulator-state.json')],
      ...['--backfill-hours', String(backfillHours)],
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // "<time> sent N messages", every 10 s: N counts from the start.
  const lines = [];
  simulator.stdout.setEncoding('utf8');
  simulator.stdout.on('data', (chunk) => {
    for (const match of chunk.matchAll(/sent (\d+) messages/g))
      lines.push({ at: performance.now(), sent: Number(match[1]) });
  });
  const started = performance.now();
  say(`simulator back-filling ${backfillHours.toFixed(1)} h of ${demoDevices.length} demo devices`);
  for (;;) {
    if (simulator.exitCode !== null) throw new Error(`the simulator exited (${simulator.exitCode})`);
    const { devices, caught_up } = await server.command('demo-caught-up');
    if (devices >= demoDevices.length && caught_up >= demoDevices.length) break;
    if (performance.now() - started > 15 * 60_000)
      throw new Error(`back-fill not done in 15 min: ${caught_up} / ${devices}`);
    await sleep(2000);
  }
  const backfillS = Math.round((performance.now() - started) / 1000);
  say(`back-fill done in ${backfillS} s; 30 s for the engines and the roll-up to take it in`);
  await sleep(30_000);
  const from = lines.at(-1) ?? { at: performance.now(), sent: 0 };
  return {
    backfillS,
    /** Messages a second the simulator sent from the end of the settling to its latest line. */
    rate: () => {
      const last = lines.at(-1);
      return last && last.at > from.at ? ((last.sent - from.sent) * 1000) / (last.at - from.at) : null;
    },
  };
}
