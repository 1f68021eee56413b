import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../src/infra/db/database.js';
import type { Database } from '../src/infra/db/schema.js';
import { PGliteDialect } from '../src/infra/db/pglite-dialect.js';

/**
 * A database of the test's own: a fresh schema on the PostgreSQL of DATABASE_URL (dropped on
 * close), else an in-memory embedded database. Runs never see each other's rows.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite', snapshot: await migratedSnapshot() });
  const schema = `mw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = await openDatabase({ kind: 'postgres', url, schema });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      // Closed again by a second server on the same handle: the schema is gone already.
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/**
 * The embedded database in `dataDir`, as a start makes it there, begun from the migrated snapshot:
 * a start's initialising and migrating an empty directory costs seconds of CPU every time.
 */
export async function openMigratedDataDir(dataDir: string): Promise<DatabaseHandle> {
  return openDatabase({ kind: 'pglite', dataDir, snapshot: await migratedSnapshot() });
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../src/infra/db/migrations/', import.meta.url));
/** A new PGlite may not read an older one's files: its version is part of the snapshot's name. */
const PGLITE_VERSION = pgliteVersion();

function pgliteVersion(): string {
  // The package does not export its package.json: find it above its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
const SNAPSHOT_PREFIX = 'mouldwatch-pglite-';

/**
 * A dump of an empty, migrated embedded database, made once and kept in the temp directory
 * under a name that changes with the migrations: loading it is several times faster than
 * initialising a new database for every test file. A worker keeps it for the files it runs after
 * the first (the test projects do not isolate their files): reading its 40 MB again cost each
 * database about 0.3 CPU s of the 1.2 its opening took.
 */
let snapshotOfThisProcess: { fingerprint: string; snapshot: Promise<Blob> } | undefined;
function migratedSnapshot(): Promise<Blob> {
  // Made again when the migrations change (a watched run), or when reading or making it failed.
  const fingerprint = migrationsFingerprint();
  if (snapshotOfThisProcess?.fingerprint !== fingerprint) {
    const snapshot = snapshotFromFile(fingerprint);
    snapshotOfThisProcess = { fingerprint, snapshot };
    snapshot.catch(() => {
      if (snapshotOfThisProcess?.snapshot === snapshot) snapshotOfThisProcess = undefined;
    });
  }
  return snapshotOfThisProcess.snapshot;
}

async function snapshotFromFile(fingerprint: string): Promise<Blob> {
  const file = path.join(tmpdir(), `${SNAPSHOT_PREFIX}${fingerprint}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const snapshot = await makeSnapshot();
    replaceSnapshotFile(file, Buffer.from(await snapshot.arrayBuffer()));
    return snapshot;
  }
}

function migrationsFingerprint(): string {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  for (const name of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 16);
}

async function makeSnapshot(): Promise<Blob> {
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  const snapshot = await pglite.dumpDataDir('none');
  await db.destroy();
  return snapshot;
}

/** Written under a temporary name and renamed, so that parallel test files never read half a file; older snapshots go. */
function replaceSnapshotFile(file: string, contents: Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
  for (const name of readdirSync(tmpdir())) {
    const other = path.join(tmpdir(), name);
    if (name.startsWith(SNAPSHOT_PREFIX) && name.endsWith('.tar') && other !== file) rmSync(other, { force: true });
  }
}
