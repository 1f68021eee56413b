// `node --conditions=source --import tsx bench/report-explain.ts <schema> [zone] [sort] [moulds]`
//
// The report's queries (summary, rows page 1, the bench's deep page and the cycle statistics) on a schema seeded by `npm run bench -- report
// --schema <schema>`, through the repository itself: each timed alone 7 times (p50, max), then
// shown with EXPLAIN (ANALYZE, BUFFERS) as the repository sends it. A profiling aid, less load-bound
// than timing calls over HTTP: the plan's execution time is the database's work alone.
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { moldInfoSchema, reportBounds } from '@mouldwatch/shared';
import { ReportsRepository, type RowSort } from '../server/src/modules/reports/reports.repository.ts';
import { CycleDaysRepository } from '../server/src/rollup/cycle-days.repository.ts';
import type { Database } from '../server/src/infra/db/schema.ts';

const [schema = 'rs_bench500', zone = 'Asia/Kolkata', sort = 'oee', count = '500'] = process.argv.slice(2);
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const pool = new pg.Pool({
  connectionString: url,
  max: 2,
  options: `-c search_path=${schema}`,
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20 || oid === 1700 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  },
});
let last: CompiledQuery | undefined;
let settings: CompiledQuery | undefined;
let lastSettings: CompiledQuery | undefined;
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level !== 'query') return;
    if (event.query.sql.includes('set_config(')) settings = event.query;
    // A query's settings are the ones sent just before it in its transaction, if any.
    else if (/\bwith\b/.test(event.query.sql)) [last, lastSettings, settings] = [event.query, settings, undefined];
  },
});
const repository = new ReportsRepository(db);
const cycleDays = new CycleDaysRepository();
const molds = await db
  .selectFrom('molds')
  .select(['id', 'cavitation', 'info'])
  .orderBy('name')
  .limit(Number(count))
  .execute();
const moulds = molds.map((mould) => {
  const info = moldInfoSchema.safeParse(mould.info);
  return {
    moldId: mould.id,
    cavitation: mould.cavitation && mould.cavitation > 0 ? mould.cavitation : 1,
    target: (info.success ? info.data.cycle_time : null) ?? 0,
  };
});
const targets = moulds.map((mould) => ({ moldId: mould.moldId, target: mould.target || null }));
const now = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const offset = zone === 'Asia/Kolkata' ? 19_800 : 0;
const start = Math.floor((now + offset) / DAY) * DAY - offset - 365 * DAY;
const bounds = reportBounds('day', start, now, zone);
if (!Array.isArray(bounds)) throw new Error('no bounds');
const window = { bounds, range: 'day' as const, zone, now };
// Sorted by mould name, the page is every cell (an export's page of whole moulds).
const page = {
  sort: sort as RowSort,
  order: sort === 'mold_name' ? ('asc' as const) : ('desc' as const),
  limit: sort === 'mold_name' ? molds.length * (bounds.length - 1) : 50,
  offset: 0,
};
const cells = moulds.length * (bounds.length - 1);
// The bench's deep page: ten pages of 50 before the last.
const deep = { ...page, offset: (Math.max(1, Math.ceil(cells / 50) - 10) - 1) * 50 };
const calls = {
  summary: () => repository.grouped(moulds, window),
  rows: () => repository.rowsPage(moulds, window, page),
  ...(sort === 'mold_name' ? {} : { rows_deep: () => repository.rowsPage(moulds, window, deep) }),
  // The cycle screen's statistics of the whole period (the bench's `buckets=0`), from the kept days.
  cycle: () => cycleDays.whole(db, zone, targets, bounds[0]!, bounds.at(-1)!),
};
const results: Record<string, unknown> = {};
for (const [name, call] of Object.entries(calls)) {
  await call();
  const times: number[] = [];
  for (let round = 0; round < 7; round += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const query = last!;
  const plan = await db.transaction().execute(async (trx) => {
    // The settings the repository gave the query's transaction.
    if (lastSettings) await trx.executeQuery(lastSettings);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      ...query,
      sql: `explain (analyze, buffers) ${query.sql}`,
    });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  console.log(`--- ${name}: p50 ${times[3]!.toFixed(0)} ms, max ${times[6]!.toFixed(0)} ms\n${plan}`);
  results[name] = Math.round(times[3]!);
}
console.log(JSON.stringify({ cells, ...results }));
await db.destroy();
