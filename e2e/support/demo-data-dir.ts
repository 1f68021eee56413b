import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/src/config.js';
import { seedDatabase } from '../../server/src/start.js';
import { openMigratedDataDir } from '../../server/test/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory as the demo's first start leaves it, seeded once for the whole run. */
    demoDataDir: string;
  }
}

/**
 * The demo's first start seeds 13 months of history: 10–12 CPU s on CI's machine, every time a
 * browser test file started a console (docs/decisions.md, "A console start seeded once per browser
 * pass"). The run seeds one data directory once; each console starts on a copy of it, as a demo
 * started again later does.
 * Both browser projects share it: their setups run in this one process.
 */
const seeded = Symbol.for('mouldwatch.e2e.demoDataDir');
type Holder = { [seeded]?: Promise<string> };

export default async function setup(project: TestProject): Promise<() => void> {
  const holder = globalThis as Holder;
  holder[seeded] ??= seedDemoDataDir();
  const dataDir = await holder[seeded];
  project.provide('demoDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}

async function seedDemoDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-e2e-demo-'));
  const database = await openMigratedDataDir(path.join(dataDir, 'db'));
  try {
    await seedDatabase(database.db, loadConfig({ DATA_DIR: dataDir, DEMO: '1' }));
  } finally {
    await database.close();
  }
  return dataDir;
}
