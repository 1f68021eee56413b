/** PostgreSQL's protocol counts a statement's parameters in 16 bits (PGlite's too): at most 65,535. */
export const MAX_STATEMENT_PARAMETERS = 65_535;

/**
 * Writes `rows` a slice at a time, each slice's VALUES list within one statement's parameters (a
 * parameter per cell): past them a statement fails whatever its size, and the job that wrote it
 * (alarm notices for every reader of every mould, a mail to each) failed on every retry. Answers
 * what the slices' statements answered, in order. Inside a transaction the slices commit together.
 */
export async function inParameterSlices<Row extends object, Result>(
  rows: readonly Row[],
  write: (slice: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const columns = new Set(rows.flatMap((row) => Object.keys(row))).size;
  const perSlice = Math.max(1, Math.floor(MAX_STATEMENT_PARAMETERS / Math.max(1, columns)));
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += perSlice) {
    results.push(...(await write(rows.slice(start, start + perSlice))));
  }
  return results;
}
