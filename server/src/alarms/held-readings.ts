import type { NewReading } from '../infra/db/schema.js';
import type { ReadingToJudge } from './alarms.repository.js';

/** A reading as a run judges it, with the id of the transaction that stored it. */
export type HeldReading = ReadingToJudge & { xid: string };

export interface HeldTransaction {
  readonly xid: string;
  /** The id as a number, for ordering. */
  readonly order: bigint;
  readonly readings: HeldReading[];
}

/**
 * The readings this instance stored, by storing transaction, held until the alarm run that judges
 * them: that run takes them from here and reads back from `readings` only the transactions of
 * other instances (or those not held). A cache and nothing more: a transaction's readings are held
 * whole or not at all, and every transaction not held is read from the database — after a
 * restart, when the store is full, when another instance stored it. At most `maxReadings` are held:
 * a transaction that would pass it is not held (its readings wait in the database, like those of
 * an instance that does not judge), and only its size is kept, for where a run ends (`runEnd`);
 * those below the cursor are dropped at each run.
 */
export class HeldReadings {
  readonly #transactions = new Map<string, HeldTransaction>();
  /** How many readings of moulds each transaction handed over and not held stored. */
  readonly #notHeld = new Map<string, { order: bigint; count: number }>();
  #count = 0;

  constructor(private readonly maxReadings: number) {}

  /**
   * Holds the readings a committed transaction stored, as they were written (the columns the
   * database stores: a timestamp to the millisecond, float8 values); those without a mould are not
   * judged and not held.
   */
  hold(xid: string, rows: readonly NewReading[]): void {
    const readings: HeldReading[] = [];
    for (const row of rows) if (row.mold_id !== null && row.mold_id !== undefined) readings.push(held(xid, row));
    if (readings.length === 0) return;
    if (this.#count + readings.length > this.maxReadings) {
      this.#notHeld.set(xid, { order: BigInt(xid), count: readings.length });
      return;
    }
    this.#transactions.set(xid, { xid, order: BigInt(xid), readings });
    this.#count += readings.length;
  }

  /**
   * Where a run from `from` stops to judge at most `limit` of the readings this instance stored,
   * held or not: at the first transaction past the limit (past the first one, when that one alone
   * is over it). A run's read-back then scans the readings below it only, not a whole backlog.
   * Undefined when they all fit: the readings of other instances, and of this one before a restart,
   * are not known here, and the read-back's own limit bounds them.
   */
  runEnd(from: string, limit: number): string | undefined {
    const first = BigInt(from);
    const stored = [
      ...[...this.#transactions.values()].map(({ order, readings }) => ({ order, count: readings.length })),
      ...this.#notHeld.values(),
    ]
      .filter(({ order }) => order >= first)
      .sort((a, b) => (a.order < b.order ? -1 : 1));
    let total = 0;
    for (const { order, count } of stored) {
      total += count;
      if (total > limit) return (total === count ? order + 1n : order).toString();
    }
    return undefined;
  }

  /** The held transactions from `from` on (below `below`), in transaction order. */
  from(from: string, below?: string): HeldTransaction[] {
    const first = BigInt(from);
    const end = below === undefined ? undefined : BigInt(below);
    return [...this.#transactions.values()]
      .filter(({ order }) => order >= first && (end === undefined || order < end))
      .sort((a, b) => (a.order < b.order ? -1 : 1));
  }

  /** Drops the transactions below `xid`: judged already, here or by another instance. */
  forgetBelow(xid: string): void {
    const cursor = BigInt(xid);
    for (const [key, transaction] of this.#transactions) {
      if (transaction.order >= cursor) continue;
      this.#transactions.delete(key);
      this.#count -= transaction.readings.length;
    }
    for (const [key, { order }] of this.#notHeld) if (order < cursor) this.#notHeld.delete(key);
  }

  get size(): number {
    return this.#count;
  }
}

/**
 * The readings read back and the held ones in one list in transaction order (each list is in that
 * order already), the held ones marked ready where their transaction is below `xmin`.
 */
export function mergedByTransaction(
  fetched: readonly HeldReading[],
  held: readonly HeldTransaction[],
  xmin: bigint,
): HeldReading[] {
  const merged: HeldReading[] = [];
  let next = 0;
  const addHeldBelow = (order: bigint | undefined) => {
    for (; next < held.length && (order === undefined || held[next]!.order < order); next += 1) {
      const ready = held[next]!.order < xmin;
      for (const reading of held[next]!.readings) {
        reading.ready = ready;
        merged.push(reading);
      }
    }
  };
  let xid: string | undefined;
  for (const row of fetched) {
    if (row.xid !== xid) {
      xid = row.xid;
      addHeldBelow(BigInt(xid));
    }
    merged.push(row);
  }
  addHeldBelow(undefined);
  return merged;
}

/** A stored row as the run's read-back gives it (`JUDGED_COLUMNS`): times in epoch seconds, nulls for absent values. */
function held(xid: string, row: NewReading): HeldReading {
  return {
    xid,
    ready: false,
    mold_id: row.mold_id!,
    ts: row.ts.getTime() / 1000,
    seq: Number(row.seq),
    event: row.event ?? null,
    cycle_time: row.cycle_time ?? null,
    open_time: row.open_time ?? null,
    close_time: row.close_time ?? null,
    mold_temp: row.mold_temp ?? null,
    hrs_temp: row.hrs_temp ?? null,
    battery: row.battery ?? null,
  };
}
