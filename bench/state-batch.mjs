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
import { runTypeScriptBench } from './support/typescript-bench.mjs';

console.log(JSON.stringify({ bench: 'state-batch', ...runTypeScriptBench('state-batch.impl.ts') }));
