// `npm run bench -- <name>`: runs bench/<name>.mjs, which prints one JSON line of figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bench');
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => file.replace(/\.mjs$/, ''));
const [name, ...args] = process.argv.slice(2);
if (!name || !existsSync(path.join(benchDir, `${name}.mjs`))) {
  console.error(`usage: npm run bench -- <${available.join('|')}>`);
  process.exit(2);
}
const result = spawnSync(process.execPath, [path.join(benchDir, `${name}.mjs`), ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
