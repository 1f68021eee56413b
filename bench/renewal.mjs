// `npm run bench -- renewal [--db pglite|postgres|both] [--moulds N] [--requests R] [--warmup W]`
//
// Renewal calls for one user who holds N moulds (default 10,000), after an unpaid order of 500 of
// them: the overview's due moulds (`renewal_mold`, due=1: none due, the expiry index), all moulds
// soonest first with each one's unpaid order (due=0, first page of 20), the red dot
// (`renewal_message`) and the order list; and the time to place an order of 100 moulds. Budget:
// p95 ≤ 150 ms for each list on both databases (as the other lists, DESIGN §10).
//
// How: the mould list benches' seeded server (bench/support/many-moulds-server.mjs); W (default 10)
// untimed requests per query, then R (default 100) timed ones, one after another.
//
// Prints ONE JSON line: {"bench":"renewal","moulds","requests","<db>":{"due_p95_ms","all_p95_ms",
//   "message_p95_ms","orders_p95_ms","order_100_ms", …p50}} per database.
import { parseArgs } from 'node:util';
import { startManyMouldsServer, timeQuery as timeRuns } from './support/many-moulds-server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    moulds: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
  },
});
const databases = values.db === 'both' ? ['pglite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'pglite'];
const moulds = Math.max(1000, Number(values.moulds));
const requests = Math.max(1, Number(values.requests));
const warmup = Math.max(0, Number(values.warmup));
const timeQuery = (server, path, expectTotal) => timeRuns(server, path, expectTotal, { warmup, requests });

async function call(server, method, path, body) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `JWT ${server.token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.msg}`);
  return answer;
}

async function mouldIds(server, count) {
  const ids = [];
  for (let page = 1; ids.length < count; page += 1) {
    const answer = await call(server, 'GET', `/api/renewal/renewal_mold/?due=0&limit=100&page=${page}`);
    ids.push(...answer.data.map((row) => row.id));
  }
  return ids.slice(0, count);
}

async function measure(db) {
  const server = await startManyMouldsServer({ db, moulds });
  try {
    const ids = await mouldIds(server, 600);
    await call(server, 'POST', '/api/renewal/renewal/', { mold_ids: ids.slice(0, 500), years: 1, country: 'US' });
    const startedAt = performance.now();
    await call(server, 'POST', '/api/renewal/renewal/', { mold_ids: ids.slice(500, 600), years: 2, country: 'CN' });
    const order100 = Math.round((performance.now() - startedAt) * 10) / 10;
    const due = await timeQuery(server, '/api/renewal/renewal_mold/?due=1&limit=20', (total) => total === 0);
    const all = await timeQuery(server, '/api/renewal/renewal_mold/?due=0&limit=20', (total) => total === moulds);
    const message = await timeQuery(server, '/api/renewal/renewal_message/', () => true);
    const orders = await timeQuery(server, '/api/renewal/renewal/?limit=20', (total) => total === 2);
    return {
      due_p50_ms: due.p50,
      due_p95_ms: due.p95,
      all_p50_ms: all.p50,
      all_p95_ms: all.p95,
      message_p50_ms: message.p50,
      message_p95_ms: message.p95,
      orders_p50_ms: orders.p50,
      orders_p95_ms: orders.p95,
      order_100_ms: order100,
    };
  } finally {
    await server.stop();
  }
}

const figures = {};
for (const db of databases) figures[db] = await measure(db);
console.log(JSON.stringify({ bench: 'renewal', moulds, requests, ...figures }));
