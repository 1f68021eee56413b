// `npm run bench -- engines [--db postgres|pglite] [--moulds 200] [--readings 7] [--rounds 40]`
//
// What judging costs per reading, in CPU time (a figure a shared host disturbs far less than a rate):
// the state and alarm engines against storing alone. From the TypeScript sources (tsx), a quiet
// server (bench/support/quiet-server.ts: PGlite in a temp dir, or PostgreSQL in a fresh schema) with
// N monitored moulds (default 200) with alarm settings, a device each. Each round stores K readings
// of every mould (default 7, what a 100 ms run holds at 14,000 readings/s over 200 moulds) through
// the ingest, waits until the state engine has applied them, and runs the alarm engine once;
// 5 unmeasured rounds, then R measured (default 40). The same rounds against a second server with
// both engines off give the storing cost.
//
// Prints ONE JSON line: {"bench":"engines","db","moulds","readings_per_mould_run","readings",
//   "storing_cpu_us_per_reading","storing_db_cpu_us_per_reading","judged_cpu_us_per_reading",
//   "judged_db_cpu_us_per_reading","alarm_cpu_us_per_reading","alarm_db_cpu_us_per_reading"}:
// the server process's CPU, and its PostgreSQL backends' (null on PGlite, which runs inside it),
// per stored reading; the alarm figures are the alarm engine's runs alone, their share of the judged ones.
import { runTypeScriptBench } from './support/typescript-bench.mjs';

console.log(JSON.stringify(runTypeScriptBench('engines.impl.ts')));
