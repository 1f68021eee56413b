import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/**
 * Runs a report query with room to add up a year of cells in memory (not in temp files) and
 * without compiling it (JIT): it is read once, in well under the time compiling takes. `hashed`:
 * grouping sets and joins are all done in hash tables (a few hundred groups each) rather than by
 * sorting a year of cells for one of them, which spilled the sort to disk.
 */
export function readReport<Row>(db: Kysely<Database>, query: RawBuilder<Row>, hashed = false): Promise<Row[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true),
      set_config('enable_sort', ${hashed ? 'off' : 'on'}, true)`.execute(trx);
    return (await query.execute(trx)).rows;
  });
}
