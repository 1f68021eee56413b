// The state engine's pure per-batch work (bench/state-batch.mjs): see that file.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { MoldStatusRow } from '../../server/src/infra/db/schema.js';
import type * as Advance from '../../server/src/state/status-advance.js';

const { values } = parseArgs({
  options: { module: { type: 'string', default: 'server/src/state/status-advance.ts' } },
});
const advance = (await import(pathToFileURL(path.resolve(values.module)).href)) as typeof Advance;
const settings = {
  thresholds: { offlineAfterSeconds: 180, basicIdleSeconds: 300, basicStopSeconds: 1800 },
  voltage: 380,
};
const T0 = 1_700_000_000;

/** A day of readings, one every 12 s (a 12 s cycle), the counter rising. */
const day = Array.from({ length: 7200 }, (_, index) => ({
  seq: index + 1,
  ts: T0 + index * 12,
  event: 'cycle' as const,
  counter: 1000 + index,
  current: 8,
  mold_temp: [40, 41, null, null],
}));

function timed(runs: number, run: (index: number) => void): number {
  const started = process.hrtime.bigint();
  for (let index = 0; index < runs; index += 1) run(index);
  return Number(process.hrtime.bigint() - started) / 1000 / runs;
}

// In-order batches of 5 readings (a minute of a 12 s cycle), applied 0.2 s after the last one.
let status: MoldStatusRow | undefined;
const batches = 1000;
for (let index = 0; index < 200; index += 1) {
  const batch = day.slice(index * 5, index * 5 + 5);
  status = advance.advanceStatus(1, status, settings, batch, new Date((batch.at(-1)!.ts + 0.2) * 1000)).status;
}
const inOrderUs = timed(batches, (index) => {
  const batch = day.slice((200 + index) * 5, (200 + index) * 5 + 5);
  status = advance.advanceStatus(1, status, settings, batch, new Date((batch.at(-1)!.ts + 0.2) * 1000)).status;
});
// Sweeps of a silent mould, 15 s apart.
let swept = status!;
const sweepUs = timed(batches, (index) => {
  swept = advance.advanceStatus(1, swept, settings, [], new Date((day.at(-1)!.ts + 15 * (index + 1)) * 1000)).status;
});
// A late reading a day back: the day's window recomputed from 7,200 readings.
let lateMs: number | null = null;
if ('recomputeStatus' in advance) {
  const input = { from: T0, readings: day, before: { lastSeenAt: null, counter: null, current: null } };
  const now = new Date((day.at(-1)!.ts + 60) * 1000);
  lateMs = timed(20, () => advance.recomputeStatus(status!, settings, input, now)) / 1000;
}
console.log(
  JSON.stringify({
    in_order_batch_us: Math.round(inOrderUs * 10) / 10,
    sweep_us: Math.round(sweepUs * 10) / 10,
    late_day_recompute_ms: lateMs === null ? null : Math.round(lateMs * 100) / 100,
  }),
);
