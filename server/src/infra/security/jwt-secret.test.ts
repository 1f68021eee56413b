import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resolveJwtSecret } from './tokens.js';

const TOKENS = fileURLToPath(new URL('./tokens.ts', import.meta.url));
/**
 * Prints "ready", then for each line (a round) on stdin the secret it resolves for that round's
 * directory under the one in argv.
 */
const CONTENDER = `
  import path from 'node:path';
  import { createInterface } from 'node:readline';
  import { resolveJwtSecret } from ${JSON.stringify(TOKENS)};
  process.stdout.write('ready\\n');
  createInterface({ input: process.stdin }).on('line', (round) => {
    process.stdout.write(resolveJwtSecret(undefined, path.join(process.argv[1], round)) + '\\n');
  });`;
const ROUNDS = 5;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-secret-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

it('generates the secret once and keeps it in DATA_DIR', () => {
  const secret = resolveJwtSecret(undefined, dataDir);
  expect(secret.length).toBeGreaterThanOrEqual(32);
  expect(resolveJwtSecret(undefined, dataDir)).toBe(secret);
  expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
  expect(resolveJwtSecret('configured-secret', dataDir)).toBe('configured-secret');
});

it('gives processes generating it at the same instant one secret', async () => {
  const contenders = Array.from({ length: 6 }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CONTENDER, dataDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const lines = contenders.map((child) => createInterface({ input: child.stdout })[Symbol.asyncIterator]());
  const next = () => Promise.all(lines.map(async (line) => String((await line.next()).value)));
  try {
    expect(await next()).toEqual(contenders.map(() => 'ready'));
    for (let round = 1; round <= ROUNDS; round += 1) {
      contenders.forEach((child) => child.stdin.write(`${round}\n`));
      const secrets = await next();
      const roundDir = path.join(dataDir, String(round));
      expect(new Set(secrets).size).toBe(1);
      expect(secrets[0]).toBe(readFileSync(path.join(roundDir, 'jwt-secret'), 'utf8'));
      expect(readdirSync(roundDir)).toEqual(['jwt-secret']);
    }
  } finally {
    contenders.forEach((child) => child.stdin.end());
  }
});
