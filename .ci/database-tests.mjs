// Prints the test files of `npm test` whose run can depend on DATABASE_URL, one per line: those
// that mention it themselves or import (relative imports, followed to the end) a file that does,
// such as server/test/database.ts, which opens each test's database. CI's PostgreSQL pass runs only
// these; every other test file reads nothing that DATABASE_URL changes, so a second run would only
// repeat the first. Erring on the side of a file: an import that only might read it counts too.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The workspaces `npm test` runs (not e2e, whose own servers always use the embedded database). */
const TESTED = ['shared', 'server', 'simulator', 'web'];
const MARK = 'DATABASE_URL';

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const entry = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(entry).isDirectory()) return testFiles(entry);
    return /\.test\.tsx?$/.test(name) ? [entry] : [];
  });
}

/** `import … from './x.js'`, `export … from`, `import './x.js'`, `import('./x.js')`; not `import type`. */
const RELATIVE_IMPORT =
  /(?:^|[\s;])(?:import(?!\s+type\s)[^'"]*?from\s*|export[^'"]*?from\s*|import\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The source a relative specifier names: `.js` written for a `.ts` file, or no extension at all. */
function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

const sources = new Map();

/** A file's text and the files it imports, read once. */
function source(file) {
  if (!sources.has(file)) {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(RELATIVE_IMPORT)].map((match) => resolveImport(file, match[1]));
    sources.set(file, { mentions: text.includes(MARK), imports: imports.filter(Boolean) });
  }
  return sources.get(file);
}

/** Whether the file, or anything it imports, mentions DATABASE_URL. */
function readsDatabaseUrl(testFile) {
  const seen = new Set();
  const reaches = (file) => {
    if (seen.has(file)) return false;
    seen.add(file);
    const { mentions, imports } = source(file);
    return mentions || imports.some(reaches);
  };
  return reaches(testFile);
}

const selected = TESTED.flatMap((workspace) => testFiles(path.join(root, workspace)))
  .filter(readsDatabaseUrl)
  .map((file) => path.relative(root, file))
  .sort();
console.log(selected.join('\n'));
