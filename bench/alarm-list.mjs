// `npm run bench -- alarm-list [--db pglite|postgres|both] [--moulds N] [--alarms A] [--requests R] [--warmup W]`
//
// The alarm pages' list: `GET /api/yudata/alarm/` for one user who holds N moulds (default 10,000) with
// A alarms among them (default 100,000; bench/support/many-alarms.ts): the temperature page's first
// page, the network page (types 4 and 5), open ones only, one mould's, a company's, a keyword, a page
// deep in the list and the page of an old alarm by unique_str; 20 rows a page. Budget (issue 12):
// p95 ≤ 150 ms on both databases.
//
// How: a seeded server of its own per database (bench/support/many-moulds-server.mjs); W (default 5)
// untimed requests per query, then R (default 50) timed ones, one after another, each timed from the
// call until the whole body is read. `both` (the default) runs PGlite, then PostgreSQL.
//
// Prints ONE JSON line: {"bench":"alarm-list","moulds","alarms","requests","<db>":{"<query>_p95_ms",…}}.
import { listBenchOptions, startManyMouldsServer, timeCases } from './support/many-moulds-server.mjs';

const { values, databases, moulds, requests, warmup } = listBenchOptions(
  { alarms: '100000' },
  { requests: '50', warmup: '5' },
);
const alarms = Math.max(1, Number(values.alarms));
const LIST = '/api/yudata/alarm/?limit=20';

/** Any total is accepted: each query's total is checked where it is known. */
const anyTotal = () => true;

async function getJson(server, path) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `JWT ${server.token}` } });
  return response.json();
}

async function measure(db) {
  const server = await startManyMouldsServer({ db, moulds, groups: 500, alarms });
  try {
    const first = await getJson(server, `${LIST}&alarm_type=3`);
    if (!(first.total > 0)) throw new Error(`no alarms listed: ${JSON.stringify(first).slice(0, 200)}`);
    const sample = first.data[0];
    // Page 1,500 at the default size; the last page of a smaller run.
    const deepPage = Math.min(1500, Math.ceil(first.total / 20));
    const deep = await getJson(server, `${LIST}&alarm_type=3&page=${deepPage}`);
    const old = deep.data[0];
    const companies = await getJson(server, '/api/yudata/mold/company/');
    const paths = {
      temperature: `${LIST}&alarm_type=3`,
      network: `${LIST}&alarm_type=4,5`,
      open: `${LIST}&alarm_type=3&state=open`,
      unacknowledged: `${LIST}&alarm_type=2&acknowledged=0`,
      mould: `${LIST}&alarm_type=3&mold_id=${sample.mold_id}`,
      company: `${LIST}&alarm_type=3&company_id=${companies.data[0].id}`,
      keyword: `${LIST}&alarm_type=3&keyword=M-0012`,
      deep_page: `${LIST}&alarm_type=3&page=${deepPage}`,
      unique_str: `${LIST}&alarm_type=3&unique_str=${old.unique_str}`,
    };
    const cases = Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, [path, anyTotal]]));
    return { temperature_total: first.total, ...(await timeCases(server, cases, { warmup, requests })) };
  } finally {
    await server.stop();
  }
}

const figures = {};
for (const db of databases) figures[db] = await measure(db);
console.log(JSON.stringify({ bench: 'alarm-list', moulds, alarms, requests, ...figures }));
