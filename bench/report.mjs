// `npm run bench -- report [--db postgres|pglite] [--moulds 500] [--requests 20] [--schema name] [--fill]`
//
// The OEE report of 500 moulds × 12 months by day (DESIGN §10: p95 ≤ 500 ms on PostgreSQL), and the
// cycle-time statistics of the same year as the report screen asks them (from the kept cycle days).
//
// How: a server of its own (this file with --serve, from the TypeScript sources through tsx; PGlite in
// a temp dir, or with --db postgres DATABASE_URL / postgres://postgres@127.0.0.1:5432/test in a fresh
// schema) seeds one organisation with an admin in +5:30 and one group of N moulds granted to them
// (bench/support/report-year.ts: a year of varied work, set-based, two writers on PostgreSQL), 13
// months of 15-minute roll-ups of each (N × 38,000 rows; their kept days in UTC and +5:30 added up by
// the roll-ups' triggers as they are written), the kept cycle days of both zones and a reject ledger,
// and listens. N is 500 on PostgreSQL and 20 on PGlite unless --moulds says. --fill fills UTC once
// after the roll-ups instead (zone_fill_ms: the one-time cost of a zone nobody used before; minutes
// at 500 moulds). This process then asks,
// over HTTP with a +5:30 Time-Zone, for the group over the last 365 days by day (366 buckets, the
// current one partial): the summary, the rows sorted by OEE (page 1 and a deep page of 50) and the
// export (to its first bytes; the whole download once), and the cycle statistics: each once cold (the
// first call of its kind), then N times after 2 unmeasured rounds.
//
// --schema (PostgreSQL): seed into that schema and keep it; a later run with the same name migrates it
// to the latest and measures it without seeding again. The seeded roll-ups end on the day of seeding:
// a later run reads the days up to then and fewer quarters. Drop it yourself when done (`drop schema
// name cascade`).
//
// Prints ONE JSON line: {"bench":"report","db","moulds","rollups","buckets","cells","oee","seed_s",
// "seed_cpu_s" (this process: PGlite's work too),"seed_db_cpu_s" (PostgreSQL's backends),"zone_fill_ms",
// "<call>_cold_ms","<call>_p50_ms","<call>_p95_ms",…,"export_whole_ms","export_bytes","load_average"}
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'benchadmin', password: 'bench1234', name: 'Bench', email: 'bench@example.com' };
const WARMUP_ROUNDS = 2;
const DAY = 86_400;
const ZONE = 'Asia/Kolkata';
/** PGlite's default: its single session writes a year of 20 moulds (760,000 roll-ups) in about a minute. */
const PGLITE_MOULDS = 20;

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
const round = (value) => Math.round(value * 10) / 10;
const roundOrNull = (value) => (Number.isFinite(value) ? round(value) : null);

async function serve({ db, moulds, schema, fill }) {
  const { sql } = await import('kysely');
  const { startQuietServer } = await import('./support/quiet-server.ts');
  const { seedReportYear } = await import('./support/report-year.ts');
  const { server, stop } = await startQuietServer(db, PG_URL, db === 'postgres' ? schema : undefined);
  try {
    const database = server.context.db;
    // A kept schema seeded by an earlier run (migrated to the latest on opening) is measured as it is.
    const seeded = await database.selectFrom('mold_groups').select('id').where('name', '=', 'Bench').executeTakeFirst();
    const year = seeded
      ? {
          groupId: seeded.id,
          rollups: Number((await sql`select count(*) as n from mold_rollups`.execute(database)).rows[0].n),
        }
      : await seedReportYear(database, moulds, ADMIN, ZONE, { postgres: db === 'postgres', fill });
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: ADMIN.username, password: Buffer.from(ADMIN.password).toString('base64') },
    });
    console.log(JSON.stringify({ ready: true, url, token: login.json().data.access, ...year }));
    process.stdin.resume();
    await new Promise((resolve) => process.stdin.once('end', resolve));
  } finally {
    await stop();
  }
}

async function measure({ db, moulds, requests, schema, fill }) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve',
      '--db',
      db,
      '--moulds',
      String(moulds),
      ...(schema ? ['--schema', schema] : []),
      ...(fill ? ['--fill'] : []),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const ready = await new Promise((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
      exited.then((code) => reject(new Error(`the bench server exited (${code})`)));
    });
    const now = Math.floor(Date.now() / 1000);
    // Local midnight (+5:30) 365 days ago, to now: 366 days.
    const start = Math.floor((now + 19_800) / DAY) * DAY - 19_800 - 365 * DAY;
    // A JSON call timed to its whole answer; a download to its first bytes (firstByte) or to its end.
    const get = async (path, firstByte = false, binary = false) => {
      const started = performance.now();
      const response = await fetch(`${ready.url}${path}`, {
        headers: { authorization: `JWT ${ready.token}`, 'time-zone': ZONE },
      });
      if (!response.ok) throw new Error(`${response.status} ${(await response.text()).slice(0, 300)}`);
      if (firstByte) {
        const reader = response.body.getReader();
        await reader.read();
        const ms = performance.now() - started;
        await reader.cancel();
        return { ms };
      }
      if (binary) {
        const bytes = (await response.arrayBuffer()).byteLength;
        return { ms: performance.now() - started, bytes };
      }
      const text = await response.text();
      return { ms: performance.now() - started, bytes: text.length, body: JSON.parse(text) };
    };
    const query = `group_id=${ready.groupId}&start=${start}&end=${now}&range=day`;
    const cells = moulds * 366;
    const deepPage = Math.max(1, Math.ceil(cells / 50) - 10);
    const calls = {
      summary: `/api/yudata/report/summary/?${query}`,
      rows: `/api/yudata/report/rows/?${query}&sort=oee&order=desc&limit=50`,
      rows_deep: `/api/yudata/report/rows/?${query}&sort=oee&order=desc&limit=50&page=${deepPage}`,
      export_first_byte: `/api/yudata/report/export/?${query}`,
      // The cycle screen's call: each mould's statistics over the year and the distribution, from the kept days.
      cycle: `/api/yudata/report/cycle/?${query}&buckets=0`,
    };
    // Cold: the first call of each, on a server that has answered none (the days kept, nothing else warm).
    const cold = {};
    let buckets = 0;
    let oee = null;
    for (const [name, path] of Object.entries(calls)) {
      const answer = await get(path, name === 'export_first_byte');
      cold[name] = round(answer.ms);
      if (name === 'summary') [buckets, oee] = [answer.body.data.buckets.length, answer.body.data.total.oee];
    }
    const exportAll = await get(calls.export_first_byte, false, true);
    const times = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
    for (let round = 0; round < WARMUP_ROUNDS + requests; round += 1) {
      for (const [name, path] of Object.entries(calls)) {
        const answer = await get(path, name === 'export_first_byte');
        if (round >= WARMUP_ROUNDS) times[name].push(answer.ms);
      }
    }
    const figures = Object.fromEntries(
      Object.entries(times).flatMap(([name, values]) => [
        [`${name}_p50_ms`, round(quantile(values, 0.5))],
        [`${name}_p95_ms`, round(quantile(values, 0.95))],
      ]),
    );
    console.log(
      JSON.stringify({
        bench: 'report',
        db,
        moulds,
        rollups: ready.rollups,
        buckets,
        cells,
        oee,
        // Null for a kept schema measured again (not seeded), and a database's CPU it cannot read.
        seed_s: roundOrNull(ready.seedMs / 1000),
        seed_cpu_s: roundOrNull(ready.seedCpuS),
        seed_db_cpu_s: roundOrNull(ready.seedDbCpuS),
        zone_fill_ms: roundOrNull(ready.fillMs),
        ...Object.fromEntries(Object.entries(cold).map(([name, ms]) => [`${name}_cold_ms`, ms])),
        ...figures,
        export_whole_ms: round(exportAll.ms),
        export_bytes: exportAll.bytes,
        load_average: loadavg().map(round),
      }),
    );
  } finally {
    child.stdin.end();
    await exited;
  }
}

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    db: { type: 'string', default: 'postgres' },
    moulds: { type: 'string' },
    requests: { type: 'string', default: '20' },
    schema: { type: 'string' },
    fill: { type: 'boolean', default: false },
  },
});
const options = {
  db: values.db === 'pglite' ? 'pglite' : 'postgres',
  moulds: Math.max(1, Number(values.moulds ?? (values.db === 'pglite' ? PGLITE_MOULDS : 500))),
  requests: Math.max(1, Number(values.requests)),
  schema: values.schema && /^[a-z_][a-z0-9_]*$/.test(values.schema) ? values.schema : undefined,
  fill: values.fill,
};
if (values.serve) await serve(options);
else await measure(options);
