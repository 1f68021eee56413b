// `npm start`: builds whatever is missing or older than its sources, then starts the console.
// Demo mode is on unless DEMO is set (DEMO=0 starts an empty console with a first administrator).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
const server = spawn(process.execPath, [at('server/dist/main.js')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
