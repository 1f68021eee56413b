// `npm run bench -- maintenance-live [--db pglite|postgres|both] [--moulds N] [--tasks T] [--rounds R]`
//
// The live `maintenance` message under counters that never stop (maint-live): one organisation with N
// moulds (default 10,000) and T tasks (default 20,000, three in four PM by cycles), one admin socket on
// the live channel. Each round moves every mould's counter by one cycle, as a device sending a cycle
// does, and runs the maintenance job once (what its 3 s period does): `job_p50_ms` / `job_p95_ms` is
// that run, the live messages' build included. Counted on the socket: messages and links received
// over the R rounds (default 20) — remaining-only changes wait for the 10 s period, so most rounds
// send nothing — and, in a last round moving every counter past its warning point, the messages and
// links of that burst (`burst_*`, at most 500 links a message) and its largest message in bytes.
// Budget: the job's run p95 ≤ its 3 s period; a reader gets at most one remaining-only update per
// link per 10 s.
//
// How: the real server from the TypeScript sources (tsx) in a child process, seeded as the
// maintenance bench does (e2e/support/many-moulds.ts, bench/support/many-tasks.ts), jobs held off, the
// job run by the bench. `both` (the default) runs PGlite, then PostgreSQL.
//
// Prints ONE JSON line: {"bench":"maintenance-live","moulds","tasks","rounds","<db>":{…}}.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'benchadmin', password: 'bench1234', name: 'Bench', email: 'bench@example.com' };

const { values } = parseArgs({
  options: {
    run: { type: 'boolean', default: false },
    db: { type: 'string', default: 'both' },
    moulds: { type: 'string', default: '10000' },
    tasks: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '20' },
  },
});
const moulds = Math.max(1, Number(values.moulds));
const tasks = Math.max(1, Number(values.tasks));
const rounds = Math.max(1, Number(values.rounds));

/** The child: seeds, runs the rounds and prints its figures as one JSON line. */
async function run(db) {
  const { sql } = await import('kysely');
  const { WebSocket } = await import('ws');
  const { seedOrganization } = await import('../server/src/seed/organization.ts');
  const { seedManyMoulds } = await import('../e2e/support/many-moulds.ts');
  const { seedManyTasks } = await import('./support/many-tasks.ts');
  const { startQuietServer } = await import('./support/quiet-server.ts');
  const { quantile, round } = await import('./support/server.mjs');
  const { server, stop } = await startQuietServer(db, PG_URL);
  try {
    const { orgId } = await seedOrganization(server.context.db, 'Bench Org', ADMIN);
    await seedManyMoulds(server.context.db, orgId, moulds, 500);
    await seedManyTasks(server.context.db, orgId, tasks);
    const maintenance = server.services.maintenance;
    // The first run is the full one (every link, statuses from the seed); the rounds are the 3 s runs.
    await maintenance.evaluate();

    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: ADMIN.username, password: Buffer.from(ADMIN.password).toString('base64') },
    });
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const received = { messages: 0, links: 0, maxBytes: 0 };
    const loggedIn = new Promise((resolve) =>
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString());
        if (message.type === 'login') resolve();
        if (message.type !== 'maintenance') return;
        received.messages += 1;
        received.links += message.data.length;
        received.maxBytes = Math.max(received.maxBytes, data.length);
      }),
    );
    socket.send(JSON.stringify({ type: 'login', token: login.json().data.access }));
    await loggedIn;
    /** Waits until the socket has had nothing new for a moment (the hub's sends are asynchronous). */
    const quiet = async () => {
      let seen = -1;
      while (seen !== received.messages) {
        seen = received.messages;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    const timings = [];
    const moveCounters = (by) =>
      sql`update mold_status set counter = counter + ${by} where mold_id in (select id from molds where org_id = ${orgId})`.execute(
        server.context.db,
      );
    for (let index = 0; index < rounds; index += 1) {
      await moveCounters(1);
      const startedAt = performance.now();
      await maintenance.evaluate();
      timings.push(performance.now() - startedAt);
    }
    await quiet();
    const steady = { ...received };
    // Every PM link past its warning point at once (intervals ≤ 4,000 cycles).
    await moveCounters(5000);
    const burstStartedAt = performance.now();
    await maintenance.evaluate();
    const burstMs = performance.now() - burstStartedAt;
    await quiet();
    socket.close();
    return {
      job_p50_ms: round(quantile(timings, 0.5)),
      job_p95_ms: round(quantile(timings, 0.95)),
      messages_over_rounds: steady.messages,
      links_over_rounds: steady.links,
      burst_job_ms: round(burstMs),
      burst_messages: received.messages - steady.messages,
      burst_links: received.links - steady.links,
      largest_message_bytes: received.maxBytes,
    };
  } finally {
    await stop();
  }
}

if (values.run) {
  const figures = await run(values.db === 'postgres' ? 'postgres' : 'pglite');
  console.log(JSON.stringify(figures));
  process.exit(0);
} else {
  const databases = values.db === 'both' ? ['pglite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'pglite'];
  const result = { bench: 'maintenance-live', moulds, tasks, rounds };
  for (const db of databases) {
    const child = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--run',
        '--db',
        db,
        '--moulds',
        String(moulds),
        '--tasks',
        String(tasks),
        '--rounds',
        String(rounds),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout });
    let last;
    for await (const line of lines) last = line;
    result[db] = JSON.parse(last);
  }
  console.log(JSON.stringify(result));
}
