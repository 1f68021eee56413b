import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/**
 * The long lists (work orders, the maintenance schedule and history, alarms) count what matches only
 * up to this many rows: past it the answer says "at least 1,000" (`more`), and the console shows
 * "1000+". Counting every one of 100,000 rows (each checked against the user's grants) on each page
 * was the slowest part of a page on the embedded database; 10,000 still cost a page over its budget.
 */
export const LIST_COUNT_CAP = 1_000;

/** A list's total as answered: exact when `more` is false, else a lower bound. */
export interface ListTotal {
  total: number;
  more: boolean;
}

/**
 * Whether a page is deep enough that its total comes from the page itself instead of a count: it
 * reaches past the cap, where a capped count could not say more than the page does.
 */
export const pastCountCap = (offset: number, limit: number) => offset + limit > LIST_COUNT_CAP;

/**
 * The total of one page. `counted`: what the capped count found (at most the cap + 1), undefined on a
 * deep page; `fetched`: the rows the page query found when asked for `limit + 1` (one more than
 * shown tells that more follow). A deep page's total is its end, one more when more follow; a deep
 * page past the end of the list answers the count instead (`counted` then given).
 */
export function listTotal(offset: number, limit: number, fetched: number, counted: number | undefined): ListTotal {
  if (counted !== undefined) {
    return counted > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, more: true } : { total: counted, more: false };
  }
  return fetched > limit ? { total: offset + limit + 1, more: true } : { total: offset + fetched, more: false };
}

/** How many rows `rows` holds, counting no further than the cap + 1 (its selection is not read). */
export async function countUpToCap<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  rows: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await db
    .selectFrom(
      rows
        .clearSelect()
        .select(sql<number>`1`.as('one'))
        .limit(LIST_COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page and its total: the page asked for one row more than shown, the count (up to the cap) beside
 * it unless the page is deep, and a count after all when a deep page finds nothing (past the end).
 */
export async function pageWithTotal<R>(
  offset: number,
  limit: number,
  fetchRows: (rows: number) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<{ rows: R[]; total: ListTotal }> {
  const deep = pastCountCap(offset, limit);
  const [rows, counted] = await Promise.all([fetchRows(limit + 1), deep ? undefined : count()]);
  const afterAll = deep && rows.length === 0 ? await count() : counted;
  return { rows: rows.slice(0, limit), total: listTotal(offset, limit, rows.length, afterAll) };
}
