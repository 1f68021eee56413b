// The server of the mould list benches (bench/moulds.mjs, bench/mold-admin.mjs), in a process of its own so
// the load does not take the server's event loop: this file started with `--serve`, from the TypeScript
// sources through tsx. PGlite in a temp dir, or with db 'postgres' DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped afterwards. It seeds one organisation
// with an admin and N moulds in G groups granted to them (e2e/support/many-moulds.ts, as the browser's
// 10,000-mould test does: every state, temperatures, favourites, an order; the tables analysed), holds
// the background jobs off, listens, and prints one JSON line {ready, url, token}. With `alarms` > 0 it also
// writes that many alarms over the moulds (bench/support/many-alarms.ts, for bench/alarm-list.mjs).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { quantile, round } from './server.mjs';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'benchadmin', password: 'bench1234', name: 'Bench', email: 'bench@example.com' };

/** Starts the seeded server; resolves with its address, the admin's token and `stop()`. */
export async function startManyMouldsServer({ db, moulds, groups = 50, alarms = 0, workOrders = 0, tasks = 0 }) {
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
      '--groups',
      String(groups),
      '--alarms',
      String(alarms),
      '--work-orders',
      String(workOrders),
      '--tasks',
      String(tasks),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(JSON.parse(line)));
    exited.then((code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return {
    ...ready,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}

/** GETs `path` with the token: its time from the call until the whole body is read, its size and its total. */
export async function timedGet(server, path) {
  const startedAt = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `JWT ${server.token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - startedAt, bytes: body.length, total: JSON.parse(body).total };
}

/**
 * p50 and p95 of `requests` timed GETs of `path`, after `warmup` untimed ones, one after another;
 * `expectTotal` checks each answer's total.
 */
export async function timeQuery(server, path, expectTotal, { warmup, requests }) {
  for (let index = 0; index < warmup; index += 1) await timedGet(server, path);
  const timings = [];
  for (let index = 0; index < requests; index += 1) {
    const answer = await timedGet(server, path);
    if (!expectTotal(answer.total)) throw new Error(`${path}: unexpected total ${answer.total}`);
    timings.push(answer.ms);
  }
  return { p50: round(quantile(timings, 0.5)), p95: round(quantile(timings, 0.95)) };
}

/**
 * The options every list bench takes (--db pglite|postgres|both, --moulds, --requests, --warmup) and
 * its own (`own`: name → default); answers the databases to run, the counts as numbers (at least 1,
 * warmup at least 0), and `values` with the own options as given.
 */
export function listBenchOptions(own, { requests = '100', warmup = '10' } = {}) {
  const options = { db: { type: 'string', default: 'both' }, moulds: { type: 'string', default: '10000' } };
  for (const [name, value] of Object.entries(own)) options[name] = { type: 'string', default: value };
  options.requests = { type: 'string', default: requests };
  options.warmup = { type: 'string', default: warmup };
  const { values } = parseArgs({ options });
  return {
    values,
    databases: values.db === 'both' ? ['pglite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'pglite'],
    moulds: Math.max(1, Number(values.moulds)),
    requests: Math.max(1, Number(values.requests)),
    warmup: Math.max(0, Number(values.warmup)),
  };
}

/**
 * Times each case (name → [path, expectTotal]) one after another; answers `<name>_p50_ms` and
 * `<name>_p95_ms` of each.
 */
export async function timeCases(server, cases, { warmup, requests }) {
  const figures = {};
  for (const [name, [path, expectTotal]] of Object.entries(cases)) {
    const { p50, p95 } = await timeQuery(server, path, expectTotal, { warmup, requests });
    figures[`${name}_p50_ms`] = p50;
    figures[`${name}_p95_ms`] = p95;
  }
  return figures;
}

/** The server side: seeds, listens, prints {ready, url, token}, and closes when stdin closes. */
async function serve({ db, moulds, groups, alarms, workOrders, tasks }) {
  const { seedOrganization } = await import('../../server/src/seed/organization.ts');
  const { seedManyMoulds } = await import('../../e2e/support/many-moulds.ts');
  const { startQuietServer } = await import('./quiet-server.ts');
  const { server, stop } = await startQuietServer(db, PG_URL);
  try {
    const { orgId } = await seedOrganization(server.context.db, 'Bench Org', ADMIN);
    await seedManyMoulds(server.context.db, orgId, moulds, groups);
    if (alarms > 0) {
      const { seedManyAlarms } = await import('./many-alarms.ts');
      await seedManyAlarms(server.context.db, orgId, alarms);
    }
    if (workOrders > 0) {
      const { seedManyWorkOrders } = await import('./many-work-orders.ts');
      await seedManyWorkOrders(server.context.db, orgId, workOrders);
    }
    let evaluateMs;
    if (tasks > 0) {
      const { seedManyTasks } = await import('./many-tasks.ts');
      await seedManyTasks(server.context.db, orgId, tasks);
      const startedAt = performance.now();
      await server.services.maintenance.evaluate();
      evaluateMs = Math.round(performance.now() - startedAt);
    }
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: ADMIN.username, password: Buffer.from(ADMIN.password).toString('base64') },
    });
    console.log(JSON.stringify({ ready: true, url, token: login.json().data.access, evaluateMs }));
    process.stdin.resume();
    await new Promise((resolve) => process.stdin.once('end', resolve));
  } finally {
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      db: { type: 'string', default: 'pglite' },
      moulds: { type: 'string', default: '10000' },
      groups: { type: 'string', default: '50' },
      alarms: { type: 'string', default: '0' },
      'work-orders': { type: 'string', default: '0' },
      tasks: { type: 'string', default: '0' },
    },
  });
  if (values.serve) {
    await serve({
      db: values.db === 'postgres' ? 'postgres' : 'pglite',
      moulds: Math.max(1, Number(values.moulds)),
      groups: Math.max(1, Number(values.groups)),
      alarms: Math.max(0, Number(values.alarms)),
      workOrders: Math.max(0, Number(values['work-orders'])),
      tasks: Math.max(0, Number(values.tasks)),
    });
  }
}
