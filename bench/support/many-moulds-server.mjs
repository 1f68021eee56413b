// The server of the mould list benches (bench/moulds.mjs, bench/mold-admin.mjs), in a process of its own so
// the load does not take the server's event loop: this file started with `--serve`, from the TypeScript
// sources through tsx. PGlite in a temp dir, or with db 'postgres' DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped afterwards. It seeds one organisation
// with an admin and N moulds in G groups granted to them (e2e/support/many-moulds.ts, as the browser's
// 10,000-mould test does: every state, temperatures, favourites, an order; the tables analysed), holds
// the background jobs off, listens, and prints one JSON line {ready, url, token}.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'benchadmin', password: 'bench1234', name: 'Bench', email: 'bench@example.com' };

/** Starts the seeded server; resolves with its address, the admin's token and `stop()`. */
export async function startManyMouldsServer({ db, moulds, groups = 50 }) {
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

/** The server side: seeds, listens, prints {ready, url, token}, and closes when stdin closes. */
async function serve({ db, moulds, groups }) {
  const { seedOrganization } = await import('../../server/src/seed/organization.ts');
  const { seedManyMoulds } = await import('../../e2e/support/many-moulds.ts');
  const { startQuietServer } = await import('./quiet-server.ts');
  const { server, stop } = await startQuietServer(db, PG_URL);
  try {
    const { orgId } = await seedOrganization(server.context.db, 'Bench Org', ADMIN);
    await seedManyMoulds(server.context.db, orgId, moulds, groups);
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      db: { type: 'string', default: 'pglite' },
      moulds: { type: 'string', default: '10000' },
      groups: { type: 'string', default: '50' },
    },
  });
  if (values.serve) {
    await serve({
      db: values.db === 'postgres' ? 'postgres' : 'pglite',
      moulds: Math.max(1, Number(values.moulds)),
      groups: Math.max(1, Number(values.groups)),
    });
  }
}
