// `npm run bench -- mold-admin [--db pglite|postgres|both] [--moulds N] [--groups G] [--requests R] [--warmup W]`
//
// The mould list of the mould setting screen: `GET /api/yudata/mold_setting/` for one user who holds
// N moulds (default 10,000) in G groups (default 500): the first page, a search by name / mould no and
// a group filter, 20 rows a page. Budget (DESIGN §10, "every list at 10,000+ rows"): p95 ≤ 150 ms.
//
// How: a seeded server of its own per database (bench/support/many-moulds-server.mjs); W (default 10)
// untimed requests per query, then R (default 100) timed ones, one after another, each timed from the
// call until the whole body is read. `both` (the default) runs PGlite, then PostgreSQL (DATABASE_URL
// or postgres://postgres@127.0.0.1:5432/test).
//
// Prints ONE JSON line: {"bench":"mold-admin","moulds","groups","requests",
//   "<db>":{"first_page_p95_ms","search_p95_ms","group_p95_ms","first_page_p50_ms",…}} per database run.
import { parseArgs } from 'node:util';
import { startManyMouldsServer, timeQuery as timeRuns } from './support/many-moulds-server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    moulds: { type: 'string', default: '10000' },
    groups: { type: 'string', default: '500' },
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
  },
});
const databases = values.db === 'both' ? ['pglite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'pglite'];
const moulds = Math.max(1, Number(values.moulds));
const groups = Math.max(1, Number(values.groups));
const requests = Math.max(1, Number(values.requests));
const warmup = Math.max(0, Number(values.warmup));
const timeQuery = (server, path, expectTotal) => timeRuns(server, path, expectTotal, { warmup, requests });
const LIST = '/api/yudata/mold_setting/?limit=20';

async function measure(db) {
  const server = await startManyMouldsServer({ db, moulds, groups });
  try {
    const firstGroup = await fetch(`${server.url}${LIST}&search=Mould%201`, {
      headers: { authorization: `JWT ${server.token}` },
    }).then((response) => response.json());
    const groupId = firstGroup.data[0].group.id;
    const first = await timeQuery(server, `${LIST}&page=1`, (total) => total === moulds);
    // "M-0012" finds the mould numbers M-001200 … M-001299 and M-0012 within others: a selective search.
    const search = await timeQuery(server, `${LIST}&search=M-0012`, (total) => total > 0 && total < moulds);
    const group = await timeQuery(server, `${LIST}&group_id=${groupId}`, (total) => total > 0 && total < moulds);
    return {
      first_page_p50_ms: first.p50,
      first_page_p95_ms: first.p95,
      search_p50_ms: search.p50,
      search_p95_ms: search.p95,
      group_p50_ms: group.p50,
      group_p95_ms: group.p95,
    };
  } finally {
    await server.stop();
  }
}

const figures = {};
for (const db of databases) figures[db] = await measure(db);
console.log(JSON.stringify({ bench: 'mold-admin', moulds, groups, requests, ...figures }));
