// `npm run bench -- moulds [--db pglite|postgres] [--moulds N] [--requests R] [--warmup W]`
//
// The home screen's mould list: `GET /api/yudata/mold/more/?limit=99999` for one user who sees N
// moulds (default 10,000). Budget (DESIGN §10): p95 ≤ 150 ms.
//
// How: this file runs twice. Started plainly, it starts itself again as the server (`--serve`, from
// the TypeScript sources through tsx, in a process of its own so the load does not take the server's
// event loop): PGlite in a temp dir, or with --db postgres DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped afterwards. The server seeds one
// organisation with an admin and N moulds granted to them (e2e/support/many-moulds.ts, as the
// browser's 10,000-mould test does: every state, temperatures, favourites, an order; the tables
// analysed, as autovacuum or, without one, the roll-up job would soon after such a load), holds the
// background jobs off, listens, and prints one JSON line {ready, url, token}. This process then sends W (default 10)
// untimed requests, then R (default 100) timed ones, one after another, each timed from the call
// until the whole body is read.
//
// Prints ONE JSON line: {"bench":"moulds","db","moulds","requests","p50_ms","p95_ms","kb"}; kb is
// the size of one answer.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { quantile, round } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    moulds: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    serve: { type: 'boolean', default: false },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const mouldCount = Math.max(1, Number(values.moulds));
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'benchadmin', password: 'bench1234', name: 'Bench', email: 'bench@example.com' };
const LIST_PATH = '/api/yudata/mold/more/?limit=99999';

if (values.serve) await serve();
else await measure();

/** The load: starts the server, times the list requests, prints the figures. */
async function measure() {
  const requests = Math.max(1, Number(values.requests));
  const warmup = Math.max(0, Number(values.warmup));
  const server = await startServer();
  try {
    const get = async () => {
      const startedAt = performance.now();
      const response = await fetch(`${server.url}${LIST_PATH}`, { headers: { authorization: `JWT ${server.token}` } });
      const body = await response.text();
      if (!response.ok) throw new Error(`${response.status} ${body.slice(0, 200)}`);
      return { ms: performance.now() - startedAt, bytes: body.length, total: JSON.parse(body).total };
    };
    for (let index = 0; index < warmup; index += 1) await get();
    const timings = [];
    let last;
    for (let index = 0; index < requests; index += 1) {
      last = await get();
      timings.push(last.ms);
    }
    if (last.total !== mouldCount) throw new Error(`listed ${last.total} moulds, expected ${mouldCount}`);
    console.log(
      JSON.stringify({
        bench: 'moulds',
        db,
        moulds: mouldCount,
        requests,
        p50_ms: round(quantile(timings, 0.5)),
        p95_ms: round(quantile(timings, 0.95)),
        kb: Math.round(last.bytes / 1024),
      }),
    );
  } finally {
    await server.stop();
  }
}

/** This file again, as the server, from the TypeScript sources; resolves with its address and token once seeded. */
async function startServer() {
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
      String(mouldCount),
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

/** The server side: seeds, listens, prints {ready, url, token}, and closes when stdin closes. */
async function serve() {
  const { seedOrganization } = await import('../server/src/seed/organization.ts');
  const { seedManyMoulds } = await import('../e2e/support/many-moulds.ts');
  const { startQuietServer } = await import('./support/quiet-server.ts');
  const { server, stop } = await startQuietServer(db, PG_URL);
  try {
    const { orgId } = await seedOrganization(server.context.db, 'Bench Org', ADMIN);
    await seedManyMoulds(server.context.db, orgId, mouldCount);
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: ADMIN.username, password: Buffer.from(ADMIN.password).toString('base64') },
    });
    console.log(JSON.stringify({ ready: true, url, token: login.json().data.access }));
    process.stdin.resume();
    await new Promise((resolve) => process.stdin.once('end', resolve));
  } finally {
    await stop();
  }
}
