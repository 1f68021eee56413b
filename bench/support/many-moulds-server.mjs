// The server of the mould list benches (bench/moulds.mjs, bench/mold-admin.mjs), in a process of its own so
// the load does not take the server's event loop: this file started with `--serve`, from the TypeScript
// sources through tsx. PGlite in a temp dir, or with db 'postgres' DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped afterwards. It seeds one organisation
// with an admin and N moulds in G groups granted to them (e2e/support/many-moulds.ts, as the browser's
// 10,000-mould test does: every state, temperatures, favourites, an order; the tables analysed), holds
// the background jobs off, listens, and prints one JSON line {ready, url, token}.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  const pg = (await import('pg')).default;
  const { loadConfig } = await import('../../server/src/config.ts');
  const { openDatabase } = await import('../../server/src/infra/db/database.ts');
  const { seedOrganization } = await import('../../server/src/seed/organization.ts');
  const { seedManyMoulds } = await import('../../e2e/support/many-moulds.ts');
  const { prepareServer } = await import('../../server/src/start.ts');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-bench-'));
  const schema = `mw_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const pgAdmin = async (statement) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  if (db === 'postgres') await pgAdmin(`create schema ${schema}`);
  const database = db === 'postgres' ? await openDatabase({ kind: 'postgres', url: PG_URL, schema }) : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-'.padEnd(40, 'x'),
    MQTT_PORT: '0',
  });
  // The sweep and the roll-up would take the database now and then: the list is measured alone.
  const never = 2 ** 31 - 1;
  const server = await prepareServer(config, {
    database,
    seedEmpty: false,
    jobs: { state: { sweepIntervalMs: never }, rollups: { intervalMs: never } },
  });
  const stop = async () => {
    await server.close().catch(() => undefined);
    if (db === 'postgres') await pgAdmin(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
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
