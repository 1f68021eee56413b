// JavaScript a browser loads for the login and home screens and for a first visit (the login page,
// then home after logging in: the union of both, each file counted once), gzip-compressed by node's
// zlib at its default level (budget: ≤ 250 KB each; e2e/first-visit.test.ts checks it in a browser).
// Reads the Vite manifest of the built console (npm run build first) and follows the static imports
// of the entry and of the chunks the screen imports lazily as soon as it is used: the interface
// language's pack (loaded before the first render), the login page and its rules (loaded at the
// first check of a field); the console and the home page; the toast that greets the login.
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
const loginPage = [entry, byName('features/session/components/LoginPage'), byName('features/session/loginRules')];
const homePage = [entry, byName('app/ConsoleRoot'), byName('features/home/components/HomePage')];
const login = heaviest(loginPage);
const home = heaviest(homePage);
const firstVisit = heaviest([...loginPage, byName('lib/toastHost'), ...homePage]);
// The map screen (/map, lazy): what it loads beyond the console (home) — leaflet, supercluster and
// its own code, plus its English catalog (budget ≤ 150 KB).
const mapScreen = closure([byName('features/map/index.ts'), byName('features/map/i18n/en.ts')]);
const mapBeyond = [...mapScreen].filter((key) => !home.has(key));
// The report screens (/report/nav, /report/detailList, lazy, each its own chunk): what each loads
// beyond the console — antd's Select, the pickers, its own code and English catalog; the detail list
// its table (budget ≤ 150 KB each). The OEE report's charts (echarts, the gauge) load after the
// filters draw: what they add beyond the console and the screen is reported apart.
const beyondHome = (keys) => [...closure(keys)].filter((key) => !home.has(key));
const reportScreen = [byName('features/reports/index.ts'), byName('features/reports/i18n/en.ts')];
const reportNav = [...reportScreen, byName('features/reports/components/ReportNavPage')];
const reportDetail = [...reportScreen, byName('features/reports/components/ReportDetailPage')];
const reportNavLoaded = closure(reportNav);
const reportCharts = [...closure([byName('features/reports/components/OeeReport')])].filter(
  (key) => !home.has(key) && !reportNavLoaded.has(key),
);
const round = (value) => Math.round(value * 10) / 10;
console.log(
  JSON.stringify({
    bench: 'bundle',
    login_kb_gzip: round(gzipKb(login)),
    home_kb_gzip: round(gzipKb(home)),
    first_visit_kb_gzip: round(gzipKb(firstVisit)),
    login_chunks: login.size,
    home_chunks: home.size,
    first_visit_chunks: firstVisit.size,
    budget_kb_gzip: 250,
    map_kb_gzip_beyond_console: round(gzipKb(mapBeyond)),
    map_budget_kb_gzip: 150,
    report_kb_gzip_beyond_console: round(gzipKb(beyondHome(reportNav))),
    report_detail_kb_gzip_beyond_console: round(gzipKb(beyondHome(reportDetail))),
    report_charts_kb_gzip_beyond_screen: round(gzipKb(reportCharts)),
    report_budget_kb_gzip: 150,
  }),
);
