import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import { migrationProvider } from './migrations/index.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | {
      kind: 'postgres';
      url: string;
      schema?: string;
      /** Told of each connection lost (the server stopped, the network broke); the pool goes on. */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined keeps the embedded database in memory (tests); `snapshot` (a
   * `dumpDataDir` of another embedded database) starts it from that copy instead of empty.
   */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob };

/**
 * The extensions the embedded database is opened with: every opening of a data directory (or a
 * snapshot) whose migrations created one must load it. pg_trgm: the lists' trigram indexes (0026).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** Ids and counts fit in a double; numbers are easier to work with than strings everywhere. */
const toNumber = (value: string) => Number(value);

/** A call waits at most this long for a connection: while the database is away, calls fail fast (503). */
const CONNECTION_TIMEOUT_MS = 5000;

/**
 * The pool outlives the database: a connection that breaks is dropped (its error would otherwise
 * end the process) and the next call opens a new one, so the server is back when the database is.
 */
function openPostgres(
  url: string,
  schema: string | undefined,
  onConnectionError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? toNumber
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Each connection reports its own loss, idle or held between two statements; what the pool
  // repeats of an idle one's is the same error.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * The embedded database's directory belongs to one process: two writing one directory lose data
 * and may leave it unopenable. Its lock (data-dir-lock.ts) is the file `<dir>.lock` beside it,
 * taken before the database is opened and given back after it is closed.
 */
async function openPGlite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? acquireDataDirLock(`${path.resolve(dataDir)}.lock`) : undefined;
  try {
    const pglite = await PGlite.create(dataDir, {
      parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
      extensions: PGLITE_EXTENSIONS,
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const close = async () => {
      await db.destroy();
      lock?.release();
    };
    return { db, kind: 'pglite', close };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  const handle =
    location.kind === 'postgres'
      ? openPostgres(location.url, location.schema, location.onConnectionError)
      : await openPGlite(location.dataDir, location.snapshot);
  await sql`select 1`.execute(handle.db);
  return handle;
}

/**
 * Brings the schema up to date; throws with the failing migration's name. The migrator is told
 * the current schema: it would otherwise take another schema's bookkeeping tables for its own.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}
