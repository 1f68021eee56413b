// JavaScript a browser loads for the login and home screens, gzip-compressed (budget: ≤ 250 KB each).
// Reads the Vite manifest of the built console (npm run build first) and follows the static imports
// of the entry and of the chunks the screen imports lazily as soon as it renders: the interface
// language's pack (loaded before the first render), the login page; the console and the home page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// BUNDLE_DIST measures another build (one made with `vite build --outDir`).
const dist = process.env.BUNDLE_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
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
function byName(fragment) {
  const key = Object.keys(manifest).find((candidate) => candidate.includes(fragment));
  if (!key) throw new Error(`no chunk for ${fragment} in the manifest`);
  return key;
}
/** One language pack loads, the chosen one: count the heaviest. */
const languagePacks = Object.keys(manifest).filter((key) => key.includes('src/i18n/packs/'));
if (languagePacks.length === 0) throw new Error('no language packs (src/i18n/packs/) in the manifest');
const heaviest = (keys) =>
  languagePacks.map((pack) => closure([...keys, pack])).reduce((a, b) => (gzipKb(b) > gzipKb(a) ? b : a));
const login = heaviest([entry, byName('features/session/components/LoginPage')]);
const home = heaviest([entry, byName('app/ConsoleRoot'), byName('features/home/components/HomePage')]);
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
