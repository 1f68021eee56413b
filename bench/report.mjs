// `npm run bench -- report [--db postgres|pglite] [--moulds 500] [--requests 20] [--schema name]`
//
// The OEE report of 500 moulds × 12 months by day (DESIGN §10: p95 ≤ 500 ms on PostgreSQL), and the
// cycle-time statistics of the same year as the report screen asks them (from the kept cycle days).
//
// How: a server of its own (this file with --serve, from the TypeScript sources through tsx; PGlite in
// a temp dir, or with --db postgres DATABASE_URL / postgres://postgres@127.0.0.1:5432/test in a fresh
// schema) seeds one organisation with an admin, one group of N moulds granted to them (target cycle
// time, cavitation, target OEE), 13 months of 15-minute roll-ups of each (N × 37,000 rows), the kept
// cycle days of both zones (N × 792 rows) and a reject ledger, computes the days of its kept zones (UTC and the admin's +5:30: zone_fill_ms each, the
// one-time cost of a zone nobody used before), analyses the tables and listens. This process then asks,
// over HTTP with a +5:30 Time-Zone, for the group over the last 365 days by day (366 buckets, the
// current one partial): the summary, the rows sorted by OEE (page 1 and a deep page of 50) and the
// export (to its first bytes; the whole download once), and the cycle statistics: each once cold (the first call of its kind),
// then N times after 2 unmeasured rounds.
//
// --schema (PostgreSQL): seed into that schema and keep it; a later run with the same name migrates it
// to the latest and measures it without seeding again (seeding 500 moulds takes many minutes). The
// seeded roll-ups end on the day of seeding: a later run reads the days up to then and fewer quarters.
// Drop it yourself when done (`drop schema name cascade`).
//
// Prints ONE JSON line: {"bench":"report","db","moulds","rollups","buckets","cells","zone_fill_ms",
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

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
const round = (value) => Math.round(value * 10) / 10;

async function serve({ db, moulds, schema }) {
  const { sql } = await import('kysely');
  const { startQuietServer } = await import('./support/quiet-server.ts');
  const { server, stop } = await startQuietServer(db, PG_URL, db === 'postgres' ? schema : undefined);
  try {
    const database = server.context.db;
    // A kept schema seeded by an earlier run (migrated to the latest on opening) is measured as it is.
    const seeded = await database.selectFrom('mold_groups').select('id').where('name', '=', 'Bench').executeTakeFirst();
    const { groupId, rollups, fillMs } = seeded
      ? {
          groupId: seeded.id,
          rollups: Number((await sql`select count(*) as n from mold_rollups`.execute(database)).rows[0].n),
          fillMs: null,
        }
      : await seed(database, moulds);
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: ADMIN.username, password: Buffer.from(ADMIN.password).toString('base64') },
    });
    console.log(JSON.stringify({ ready: true, url, token: login.json().data.access, groupId, rollups, fillMs }));
    process.stdin.resume();
    await new Promise((resolve) => process.stdin.once('end', resolve));
  } finally {
    await stop();
  }
}

/** One organisation, its admin in +5:30, a group of `moulds` with 13 months of roll-ups, kept days, rejects. */
async function seed(database, moulds) {
  const { sql } = await import('kysely');
  const { seedOrganization } = await import('../server/src/seed/organization.ts');
  {
    const { orgId } = await seedOrganization(database, 'Bench Org', ADMIN);
    const admin = await database
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    const company = await database
      .insertInto('companies')
      .values({ org_id: orgId, name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await database
      .insertInto('mold_groups')
      .values({ org_id: orgId, company_id: company.id, name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const info = JSON.stringify({ cycle_time: 30, oee: 0.85, voltage: 220 });
    const ids = [];
    for (let from = 0; from < moulds; from += 250) {
      const rows = await database
        .insertInto('molds')
        .values(
          Array.from({ length: Math.min(250, moulds - from) }, (_, index) => ({
            org_id: orgId,
            group_id: group.id,
            name: `Bench mould ${String(from + index + 1).padStart(4, '0')}`,
            mold_number: `B-${from + index + 1}`,
            cavitation: 2,
            info,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    await database
      .insertInto('user_mold_grants')
      .values(ids.map((id) => ({ user_id: admin.id, mold_id: id, shared_by: null })))
      .execute();
    // Loaded with the triggers off, then each kept zone's days computed once, as the migration does
    // for an existing install (report_days_fill): keeping days per statement is the roll-up job's cost.
    await sql`alter table mold_rollups disable trigger user`.execute(database);
    let rollups = 0;
    for (let from = 0; from < ids.length; from += 10) {
      const batch = ids.slice(from, from + 10);
      const { rows } = await sql`
        with inserted as (
          insert into mold_rollups (mold_id, bucket, shots, counter_last, run_s, idle_s, stop_s, off_s, energy_kwh,
            cycle_time_sum, cycle_time_n)
          select m.id, b.bucket, 20 + (m.id % 5), 1000, 600 + (m.id % 7) * 30, 150, 50,
            900 - (600 + (m.id % 7) * 30) - 200, 0.4 + (m.id % 3) * 0.1, 620, 20
          from unnest(${batch}::bigint[]) as m(id)
          cross join generate_series(date_bin('15 minutes', now() - interval '396 days', timestamptz '2000-01-01Z'),
            now(), interval '15 minutes') as b(bucket)
          returning 1
        )
        select count(*)::int as n from inserted`.execute(database);
      rollups += rows[0].n;
    }
    await sql`alter table mold_rollups enable trigger user`.execute(database);
    // The admin works in +5:30; UTC is kept as on every install.
    await database.updateTable('users').set({ time_zone: ZONE }).where('id', '=', admin.id).execute();
    await sql`update report_day_zones set filled_at = null`.execute(database);
    const fillStarted = performance.now();
    for (const zone of ['UTC', ZONE]) await sql`select report_days_fill(${zone})`.execute(database);
    const fillMs = (performance.now() - fillStarted) / 2;
    const order = await database
      .insertInto('work_orders')
      .values({ org_id: orgId, mold_id: ids[0], order_no: 'B-1', start_date: new Date(), quantity: 1000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedCycleDays(database, ids);
    await sql`
      insert into work_order_rejects (order_id, mold_id, quantity, recorded_at)
      select ${order.id}, m.id, 3, now() - d * interval '1 day'
      from unnest(${ids}::bigint[]) as m(id) cross join generate_series(1, 360, 7) as d`.execute(database);
    await sql`analyze`.execute(database);
    return { groupId: group.id, rollups, fillMs };
  }
}

/**
 * The cycle statistics of every ended local day of both kept zones, as the roll-up job keeps them: about
 * 2,760 cycles of 27–35 s a day in 23 one-percent bins. The queue the zone fill made from the roll-ups is
 * taken as computed (the raw readings it would read are not seeded): the steady state of an install.
 */
async function seedCycleDays(database, ids) {
  const { sql } = await import('kysely');
  for (let from = 0; from < ids.length; from += 50) {
    await sql`
      insert into mold_cycle_days (zone, mold_id, lo, hi, n, sum_us, min_s, max_s, median_s, target_s,
        within2, within5, tail, bin_keys, bin_counts)
      select z.zone, m.id, d.lo, d.lo + interval '1 day', 2760, 2760::bigint * 30500000, 27, 35, 30 + (m.id % 3) * 0.5, 30,
        2000, 600, array_fill(30.5::real, array[100]), array(select generate_series(330, 352))::smallint[],
        array_fill(120, array[23])
      from unnest(${ids.slice(from, from + 50)}::bigint[]) as m(id)
      cross join (select unnest(array['UTC', ${ZONE}]) as zone) as z
      cross join lateral (
        select (date_trunc('day', now() at time zone z.zone) - k * interval '1 day') at time zone z.zone as lo
        from generate_series(1, 396) as k
      ) as d`.execute(database);
  }
  await sql`delete from cycle_day_pending`.execute(database);
}

async function measure({ db, moulds, requests, schema }) {
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
        zone_fill_ms: round(ready.fillMs),
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
    moulds: { type: 'string', default: '500' },
    requests: { type: 'string', default: '20' },
    schema: { type: 'string' },
  },
});
const options = {
  db: values.db === 'pglite' ? 'pglite' : 'postgres',
  moulds: Math.max(1, Number(values.moulds)),
  requests: Math.max(1, Number(values.requests)),
  schema: values.schema && /^[a-z_][a-z0-9_]*$/.test(values.schema) ? values.schema : undefined,
};
if (values.serve) await serve(options);
else await measure(options);
