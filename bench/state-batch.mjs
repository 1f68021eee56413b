// `npm run bench -- state-batch [--module server/src/state/status-advance.ts]`
//
// The state engine's own work per batch, without the database (its statements per batch are the
// same few whatever the path: lock, slots upsert, status upsert). Runs the pure functions of
// status-advance.ts from the TypeScript sources (tsx) on a day of readings of one mould (a 12 s
// cycle): in-order batches of 5 readings applied 0.2 s after the last one (the engine's gathering
// delay), sweeps of the silent mould 15 s apart, and a late reading a day back (the day's window
// recomputed out of its 7,200 readings). --module names another status-advance file (e.g. an older
// version saved aside) to compare.
//
// Prints ONE JSON line: {"bench":"state-batch","in_order_batch_us","sweep_us","late_day_recompute_ms"}
// (late_day_recompute_ms null for a module without recomputeStatus).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  [
    '--conditions=source',
    '--import',
    'tsx',
    path.join(root, 'bench/support/state-batch.impl.ts'),
    ...process.argv.slice(2),
  ],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (result.status !== 0) process.exit(result.status ?? 1);
const figures = JSON.parse(result.stdout.trim().split('\n').at(-1));
console.log(JSON.stringify({ bench: 'state-batch', ...figures }));
