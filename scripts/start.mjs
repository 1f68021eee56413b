// `npm start`: builds whatever is missing or older than its sources, then starts the console.
// Demo mode is on unless DEMO is set (DEMO=0 starts an empty console with a first administrator);
// in demo mode the device simulator runs beside it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), 0);
}

function isStale(output, sources) {
  const built = newestMtime(output);
  return built === 0 || sources.some((source) => newestMtime(source) > built);
}

function run(description, command, args) {
  console.log(`Mouldwatch: ${description} …`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(at('node_modules'))) {
  console.error('Mouldwatch: dependencies are not installed; run `npm ci` first.');
  process.exit(1);
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
if (isStale(at('shared/dist/index.js'), [at('shared/src')])) {
  run('building shared', npx, ['tsc', '-p', 'shared/tsconfig.build.json']);
}
if (isStale(at('server/dist/main.js'), [at('server/src'), at('shared/src')])) {
  run('building the server', npx, ['tsc', '-p', 'server/tsconfig.build.json']);
}
if (isStale(at('web/dist/index.html'), [at('web/src'), at('web/index.html'), at('shared/src')])) {
  run('building the web console', npx, ['vite', 'build', '--logLevel', 'warn', 'web']);
}

const env = { ...process.env, DEMO: process.env.DEMO ?? '1' };
// The server tells over the IPC channel when it is ready (listening, its data directory locked).
const server = spawn(process.execPath, [at('server/dist/main.js')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env,
});
const children = [server];
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    children.forEach((child) => child.kill(signal));
  });
}
server.on('exit', (code) => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(code ?? 0);
});

// Demo mode: the simulator plays the demo moulds' devices through the real HTTP ingest. The seed
// wrote 13 months of history up to a few hours ago; the first start back-fills the hours since as
// raw readings. The simulator keeps its counters in a state file across restarts. SIMULATOR=0
// leaves the moulds silent. It starts once this start's server is ready: a second start on the same
// DATA_DIR, refused by the lock, never touches the demo's files.
const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
const demoDevices = path.join(dataDir, 'demo-devices.json');
const historyMarker = path.join(dataDir, 'demo-history.done');
const demoOn = ['1', 'true'].includes(env.DEMO) && env.SIMULATOR !== '0';

function startDemoSimulator() {
  const url = `http://127.0.0.1:${env.PORT ?? 8080}`;
  if (!existsSync(demoDevices)) return;
  const backfill = existsSync(historyMarker) ? 0 : hoursSinceSeededHistory();
  writeFileSync(historyMarker, new Date().toISOString());
  const state = path.join(dataDir, 'demo-simulator-state.json');
  const args = [
    ...['--import', 'tsx', at('simulator/src/cli.ts'), 'run', '--devices', demoDevices, '--http', url],
    ...['--state', state],
  ];
  const simulator = spawn(process.execPath, [...args, '--backfill-hours', String(backfill)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, NODE_OPTIONS: '--conditions=source' },
  });
  children.push(simulator);
  const backfilling = backfill ? `, back-filling ${backfill.toFixed(1)} h` : '';
  console.log(`Mouldwatch: demo simulator playing the demo devices${backfilling}`);
}

/** Hours from the end of the seeded history to now. */
function hoursSinceSeededHistory() {
  const [first] = JSON.parse(readFileSync(demoDevices, 'utf8'));
  return first?.history_until ? (Date.now() / 1000 - first.history_until) / 3600 : 0;
}

server.on('message', (message) => {
  if (message === 'ready' && demoOn && !stopping) startDemoSimulator();
});
