// `npm run bench -- moulds [--db pglite|postgres] [--moulds N] [--requests R] [--warmup W]`
//
// The home screen's mould list: `GET /api/yudata/mold/more/?limit=99999` for one user who sees N
// moulds (default 10,000). Budget (DESIGN §10): p95 ≤ 150 ms.
//
// How: the server runs in a process of its own, seeded with one admin and N moulds granted to them
// (bench/support/many-moulds-server.mjs). This process then sends W (default 10) untimed requests,
// then R (default 100) timed ones, one after another, each timed from the call until the whole body
// is read.
//
// Prints ONE JSON line: {"bench":"moulds","db","moulds","requests","p50_ms","p95_ms","kb"}; kb is
// the size of one answer.
import { parseArgs } from 'node:util';
import { startManyMouldsServer, timedGet } from './support/many-moulds-server.mjs';
import { quantile, round } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    moulds: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const mouldCount = Math.max(1, Number(values.moulds));
const LIST_PATH = '/api/yudata/mold/more/?limit=99999';

/** The load: starts the server, times the list requests, prints the figures. */
const requests = Math.max(1, Number(values.requests));
const warmup = Math.max(0, Number(values.warmup));
const server = await startManyMouldsServer({ db, moulds: mouldCount });
try {
  const get = () => timedGet(server, LIST_PATH);
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
