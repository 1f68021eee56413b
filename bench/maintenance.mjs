// `npm run bench -- maintenance [--db pglite|postgres|both] [--moulds N] [--tasks T] [--requests R] [--warmup W]`
//
// The maintenance lists (issue 13): `GET /api/yudata/maintenance/schedule/` and `…/history/` for one
// user who holds N moulds (default 10,000) with T tasks (default 20,000; one record each): the
// schedule's first page (most urgent first), page 750, filtered by status, company and task type, a
// keyword search, and the history's first page, page 750, a company and a keyword, 20 rows a page. Budget: p95 ≤ 150 ms on both databases. Also the time
// of one full evaluation of every task (the job's minute run), `evaluate_all_ms`.
//
// How: the many-moulds bench server (bench/support/many-moulds-server.mjs) with the tasks added
// (bench/support/many-tasks.ts); W (default 10) untimed requests per query, then R (default 100)
// timed ones, one after another. `both` (the default) runs PGlite, then PostgreSQL.
//
// Prints ONE JSON line: {"bench":"maintenance","moulds","tasks","requests","<db>":{…_p95_ms, …}}.
import { listBenchOptions, startManyMouldsServer, timeCases } from './support/many-moulds-server.mjs';

const { values, databases, moulds, requests, warmup } = listBenchOptions({ tasks: '20000' });
const tasks = Math.max(1, Number(values.tasks));
const SCHEDULE = '/api/yudata/maintenance/schedule/?limit=20';
const HISTORY = '/api/yudata/maintenance/history/?limit=20';

async function measure(db) {
  const server = await startManyMouldsServer({ db, moulds, groups: 500, tasks });
  try {
    const companies = await fetch(`${server.url}/api/yudata/mold_company/?limit=1`, {
      headers: { authorization: `JWT ${server.token}` },
    }).then((response) => response.json());
    const companyId = companies.data[0].id;
    // Totals are counted up to 1,000 (`more` past it); a deep page's total is its end.
    const counted = Math.min(tasks, 1000);
    const cases = {
      schedule_first_page: [`${SCHEDULE}&page=1`, (total) => total === counted],
      schedule_deep_page: [`${SCHEDULE}&page=750`, (total) => total > 0],
      schedule_status: [`${SCHEDULE}&status=warning`, (total) => total >= 0 && total < tasks],
      schedule_company: [`${SCHEDULE}&company_id=${companyId}`, (total) => total > 0 && total < tasks],
      schedule_type: [`${SCHEDULE}&task_type=regular`, (total) => total > 0],
      schedule_keyword: [`${SCHEDULE}&keyword=Task%20123`, (total) => total > 0 && total < tasks],
      history_first_page: [`${HISTORY}&page=1`, (total) => total === counted],
      history_deep_page: [`${HISTORY}&page=750`, (total) => total > 0],
      history_company: [`${HISTORY}&company_id=${companyId}`, (total) => total > 0 && total < tasks],
      history_keyword: [`${HISTORY}&keyword=M-00012`, (total) => total > 0 && total < tasks],
    };
    return { evaluate_all_ms: server.evaluateMs, ...(await timeCases(server, cases, { warmup, requests })) };
  } finally {
    await server.stop();
  }
}

const figures = {};
for (const db of databases) figures[db] = await measure(db);
console.log(JSON.stringify({ bench: 'maintenance', moulds, tasks, requests, ...figures }));
