// JavaScript a browser loads for the login and home screens, gzip-compressed (budget: ≤ 250 KB each).
// Reads the Vite manifest of the built console (npm run build first) and follows the imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Every chunk a set of entries pulls in through static imports. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (keys) =>
  [...keys].reduce((total, key) => total + gzipSync(readFileSync(path.join(dist, manifest[key].file))).length, 0) /
  1024;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const byName = (fragment) => Object.keys(manifest).find((key) => key.includes(fragment));
const login = closure([entry]);
const home = closure([entry, byName('app/ConsoleRoot'), byName('features/home/components/HomePage')]);
const round = (value) => Math.round(value * 10) / 10;
console.log(
  JSON.stringify({
    bench: 'bundle',
    login_kb_gzip: round(gzipKb(login)),
    home_kb_gzip: round(gzipKb(home)),
    login_chunks: login.size,
    home_chunks: home.size,
    budget_kb_gzip: 250,
  }),
);
