// `npm run bench -- history [--db pglite|postgres] [--requests N]`
//
// A mould's 12-month history, all 10 temperature channels, from the roll-ups. Budget (DESIGN §10):
// p95 ≤ 100 ms, on PostgreSQL and on the embedded default.
//
// How: bench/support/server.mjs starts the real server (PGlite in a temp dir, or --db postgres in a
// fresh schema) with a mould granted to an admin, and seeds 13 months of 15-minute roll-ups of it
// (every channel filled: 38,000 rows). This process then asks, over HTTP with the admin's JWT and a
// +5:30 Time-Zone, for the 12 monthly points of the 4 mould channels and of the 6 hot-runner channels
// (the two calls the history view makes), N times after 5 unmeasured rounds; each round's time is both
// calls, one after the other. The same is measured for the other ranges' full windows.
//
// Prints ONE JSON line: {"bench":"history","db","rollups","requests","p50_ms","p95_ms", "ranges":{range:{p50_ms,p95_ms,points}}}
// where p50_ms / p95_ms are those of the 12-month (month range) round.
import { parseArgs } from 'node:util';
import { quantile, round, startBenchServer } from './support/server.mjs';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'pglite' }, requests: { type: 'string', default: '50' } },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const requests = Math.max(1, Number(values.requests));
const WARMUP_ROUNDS = 5;

const server = await startBenchServer({ db, devices: 1, live: true });
try {
  const { rollups } = await server.command('seed-history');
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
  for (const range of ['month', 'week', 'day', 'hour']) {
    const times = [];
    let points = 0;
    for (let round = 0; round < WARMUP_ROUNDS + requests; round += 1) {
      const started = performance.now();
      points = await read('moldTemperature', range);
      await read('hotRunnerTemperature', range);
      if (round >= WARMUP_ROUNDS) times.push(performance.now() - started);
    }
    ranges[range] = { p50_ms: round(quantile(times, 0.5)), p95_ms: round(quantile(times, 0.95)), points };
  }
  console.log(
    JSON.stringify({
      bench: 'history',
      db,
      rollups,
      requests,
      p50_ms: ranges.month.p50_ms,
      p95_ms: ranges.month.p95_ms,
      ranges,
    }),
  );
} finally {
  await server.stop();
}
