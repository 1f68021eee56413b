import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { enableConnectionPriority, takesConnectionFirst } from './session-priority.js';

/**
 * PGlite has one session. Kysely holds a connection for a whole transaction, so handing out that
 * one session to one holder at a time keeps transactions from interleaving (kysely-pglite does
 * not, which is why this exists).
 *
 * PGlite answers in the event loop's own thread without giving it a turn: holders handed the
 * session one after the other would keep sockets unread for as long as the queue lasts. So the
 * session passes to the next holder only after a turn of the event loop (`setImmediate`, after
 * I/O), also when nobody waits at the release: a holder that asks again at once (the state
 * engine's next batch) would otherwise keep the loop through all its transactions, before the
 * ingest could even read its packets and ask. After the turn it goes to one that takes it first
 * (`withConnectionFirst`: the device ingest, whose packets that turn has just read) before those
 * waiting in turn, unless the longest waiting in turn has waited `IN_TURN_PATIENCE_MS`: under a
 * saturating ingest there always is one taking it first, and the engines' runs and the devices'
 * look-ups at connect waited up to 10 s. Such a waiter goes alone: if one taking it first is
 * waiting, it goes next, so neither side waits more than one holder of the other (a burst of heavy
 * reads cannot hold back the devices' acks).
 */
const IN_TURN_PATIENCE_MS = 50;

class SessionLock {
  #held = false;
  readonly #first: Array<() => void> = [];
  readonly #inTurn: Array<{ resume: () => void; since: number }> = [];
  #overtookFirst = false;

  async acquire(first: boolean): Promise<() => void> {
    // Held from one holder to the next: nobody takes the session in between.
    if (this.#held) await new Promise<void>((resume) => this.#queue(first, resume));
    else this.#held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      setImmediate(() => this.#handOver());
    };
  }

  /** After the turn of the event loop: to the next holder, or free when nobody waits. */
  #handOver(): void {
    if (this.#first.length + this.#inTurn.length === 0) this.#held = false;
    else this.#next()();
  }

  #queue(first: boolean, resume: () => void): void {
    if (first) this.#first.push(resume);
    else this.#inTurn.push({ resume, since: performance.now() });
  }

  /**
   * Who holds the session next: one taking it first, unless the longest waiting in turn has waited
   * long enough and the last holder did not overtake those taking it first already.
   */
  #next(): () => void {
    const longest = this.#inTurn[0];
    const waitedEnough = longest !== undefined && performance.now() - longest.since >= IN_TURN_PATIENCE_MS;
    const inTurnGoes = longest !== undefined && (this.#first.length === 0 || (waitedEnough && !this.#overtookFirst));
    this.#overtookFirst = inTurnGoes && this.#first.length > 0;
    return inTurnGoes ? this.#inTurn.shift()!.resume : this.#first.shift()!;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows;
    const isWrite = /^\s*(insert|update|delete|merge)/i.test(compiledQuery.sql);
    return {
      rows: result.rows,
      ...(isWrite && affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}

class PGliteDriver implements Driver {
  readonly #lock = new SessionLock();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
    enableConnectionPriority();
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire(takesConnectionFirst());
    // One connection object is handed out at a time; remember how to hand it back.
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
