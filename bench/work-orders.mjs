// `npm run bench -- work-orders [--db pglite|postgres|both] [--moulds N] [--orders O] [--requests R] [--warmup W]`
//
// The work order list: `GET /api/yudata/work_order/` for one user who holds N moulds (default
// 10,000) with O orders on them (default 100,000): the first page, a status filter, a search by order
// ID, a mould filter, the last week's start dates and page 1,500, 20 rows a page. Budget (issue 13, DESIGN §10): p95 ≤ 150 ms on both databases.
//
// How: the mould list benches' seeded server (bench/support/many-moulds-server.mjs) with the orders
// added (bench/support/many-work-orders.ts); W (default 10) untimed requests per query, then R
// (default 100) timed ones, one after another. `both` (the default) runs PGlite, then PostgreSQL.
//
// Prints ONE JSON line: {"bench":"work-orders","moulds","orders","requests",
//   "<db>":{"first_page_p95_ms","deep_page_p95_ms","status_p95_ms","search_p95_ms","mould_p95_ms",
//   "dates_p95_ms", …p50}} per database.
import { listBenchOptions, startManyMouldsServer, timeCases } from './support/many-moulds-server.mjs';

const { values, databases, moulds, requests, warmup } = listBenchOptions({ orders: '100000' });
const orders = Math.max(1, Number(values.orders));
const LIST = '/api/yudata/work_order/?limit=20';

async function measure(db) {
  const server = await startManyMouldsServer({ db, moulds, workOrders: orders });
  try {
    const firstPage = await fetch(`${server.url}${LIST}`, { headers: { authorization: `JWT ${server.token}` } }).then(
      (response) => response.json(),
    );
    const moldId = firstPage.data[0].mold_id;
    const now = Math.floor(Date.now() / 1000);
    // Totals are counted up to 1,000 (`more` past it); a deep page's total is its end.
    const cases = {
      first_page: [`${LIST}&page=1`, (total) => total === Math.min(orders, 1000)],
      deep_page: [`${LIST}&page=1500`, (total) => total > 0],
      status: [`${LIST}&status=working`, (total) => total > 0],
      search: [`${LIST}&search=WO-0012`, (total) => total > 0 && total < orders],
      mould: [`${LIST}&mold_id=${moldId}`, (total) => total > 0 && total < orders],
      dates: [`${LIST}&start=${now - 7 * 86_400}&end=${now}`, (total) => total > 0],
    };
    return await timeCases(server, cases, { warmup, requests });
  } finally {
    await server.stop();
  }
}

const figures = {};
for (const db of databases) figures[db] = await measure(db);
console.log(JSON.stringify({ bench: 'work-orders', moulds, orders, requests, ...figures }));
