import { RAW_RETENTION_DAYS } from '@mouldwatch/shared';
import type { AppContext } from '../app-context.js';
import type { DatabaseKind } from '../infra/db/database.js';
import { tryJobLock } from '../infra/jobs/job-lock.js';
import type { PeriodicJob } from '../infra/jobs/job-scheduler.js';
import { CycleDaysRepository } from './cycle-days.repository.js';
import { RollupRepository } from './rollup.repository.js';

export interface RollupJobOptions {
  /** How often new readings and slots are rolled up. */
  intervalMs: number;
  /** Raw readings and 5-minute slots older than this are dropped; the roll-ups keep the history. */
  rawRetentionDays: number;
  /** How often the old raw data are dropped. */
  pruneIntervalMs: number;
  /** The most ended days whose cycle statistics one run keeps (a zone's midnight ends one per mould). */
  cycleDaysPerRun: number;
}

/**
 * Ended days whose cycle statistics one run keeps, by database (`npm run bench -- cycle-days`: about
 * 20 ms a day of 2,880 cycles on either). On the embedded database the run holds its one session, so
 * the ingest and every request wait for it: a tenth of a second there, a backlog (a zone newly kept,
 * an upgrade) caught up over more runs. PostgreSQL does the work beside them.
 */
export const CYCLE_DAYS_PER_RUN: Record<DatabaseKind, number> = { pglite: 10, postgres: 200 };

/** The raw retention (days), shared: the console names it where it shows readings counted nowhere. */
export { RAW_RETENTION_DAYS };

const DEFAULT_OPTIONS: RollupJobOptions = {
  intervalMs: 30_000,
  rawRetentionDays: RAW_RETENTION_DAYS,
  pruneIntervalMs: 3_600_000,
  cycleDaysPerRun: CYCLE_DAYS_PER_RUN.pglite,
};
/**
 * A transaction that started before the last run may commit after it: rows are re-read this far
 * back. Recomputing a bucket is idempotent, so reading one twice costs only time.
 */
const COMMIT_LAG_MS = 120_000;
const DAY_MS = 86_400_000;
/** Names the roll-up's lock: one instance rolls up at a time. */
export const ROLLUP_JOB = 'mold-rollup';

/**
 * Rolls the raw readings and time-state slots up into 15-minute buckets (DESIGN §10: history
 * ranges are answered from roll-ups). Each run recomputes the buckets that received rows since the
 * last one, one instance at a time. Buckets older than the raw retention are never recomputed: their
 * raw rows may be gone, so a late reading for them is kept raw but cannot change the history. Each
 * run also keeps the report days of a zone a user newly chose, queues the days of the buckets it
 * recomputed for their cycle statistics, and keeps those of the queued days that have ended. After
 * each run the tables are analysed where no autovacuum does it.
 */
export class RollupJob {
  readonly #repository = new RollupRepository();
  readonly #cycleDays = new CycleDaysRepository();
  readonly #options: RollupJobOptions;
  #lastPruneAt = 0;

  constructor(
    private readonly context: AppContext,
    options: Partial<RollupJobOptions> = {},
  ) {
    this.#options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Rolls up what changed since the last run; answers the number of buckets computed (0 when another instance runs). */
  async run(): Promise<number> {
    const horizon = new Date(this.context.now().getTime() - this.#options.rawRetentionDays * DAY_MS);
    return this.context.db.transaction().execute(async (trx) => {
      if (!(await tryJobLock(trx, ROLLUP_JOB))) return 0;
      const startedAt = await this.#repository.databaseNow(trx);
      const watermark = await this.#repository.watermark(trx);
      const since = new Date((watermark?.getTime() ?? 0) - COMMIT_LAG_MS);
      const touched = await this.#repository.touchedSince(trx, since, horizon);
      await this.#repository.recompute(trx, touched);
      await this.#repository.keepUserZones(trx);
      await this.#cycleDays.queue(trx, touched);
      await this.#repository.saveWatermark(trx, startedAt);
      return touched.length;
    });
  }

  /** Keeps the cycle statistics of queued days that have ended; answers how many were computed. */
  keepCycleDays(): Promise<number> {
    const now = this.context.now();
    const horizon = new Date(now.getTime() - this.#options.rawRetentionDays * DAY_MS);
    return this.#cycleDays.computeEnded(this.context.db, now, horizon, this.#options.cycleDaysPerRun);
  }

  /** Drops raw readings and slots past the retention. */
  async prune(): Promise<void> {
    const before = new Date(this.context.now().getTime() - this.#options.rawRetentionDays * DAY_MS);
    await this.#repository.pruneRaw(this.context.db, before);
  }

  /** Keeps the planner's statistics where no autovacuum does (the embedded database); answers the tables analysed. */
  analyse(): Promise<string[]> {
    return this.#repository.analyseChangedTables(this.context.db);
  }

  /** Clears the dead rows where no autovacuum does (the embedded database); answers the tables vacuumed. */
  vacuum(): Promise<string[]> {
    return this.#repository.vacuumDeadTables(this.context.db);
  }

  /** The scheduled work: roll up, keep ended days' cycles, analyse, vacuum, and now and then drop the old raw data. */
  asJob(): PeriodicJob {
    return { name: ROLLUP_JOB, intervalMs: this.#options.intervalMs, run: () => this.#runAndPrune() };
  }

  async #runAndPrune(): Promise<void> {
    await this.run();
    await this.keepCycleDays();
    await this.analyse();
    await this.vacuum();
    if (Date.now() - this.#lastPruneAt < this.#options.pruneIntervalMs) return;
    this.#lastPruneAt = Date.now();
    await this.prune();
  }
}
