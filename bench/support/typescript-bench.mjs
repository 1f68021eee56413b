import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs a bench's TypeScript half (bench/support/<impl>) from the sources through tsx, with this
 * process's arguments, and answers the figures of its last line; exits as it did when it failed.
 */
export function runTypeScriptBench(impl) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(root, 'bench/support', impl), ...process.argv.slice(2)],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

/** A cycle reading inside the bench moulds' alarm settings (bench/support/server.impl.ts, engines.impl.ts). */
export const judgedCycle = (seq, ts, counter = 1000 + seq) => ({
  seq,
  ts,
  counter,
  cycle_time: 30.5,
  open_time: 4.2,
  close_time: 26.3,
  mold_temp: [41.5, 42.1, 40.9, null],
  hrs_temp: [220.1, 221.4, 219.8, 220.6, null, null],
  current: 12.4,
  battery: 87,
  event: 'cycle',
});
