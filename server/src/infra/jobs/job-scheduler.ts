import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Names the job in logs and in runNow(); also the name of its lock (tryJobLock). */
  name: string;
  intervalMs: number;
  /**
   * One run. It takes its own lock where only one instance may do the work (tryJobLock in its
   * transaction); the scheduler only keeps runs of this process from overlapping.
   */
  run: () => Promise<unknown>;
}

/**
 * Scheduled work (DESIGN §3 infra/jobs): each registered job runs every interval once the
 * scheduler starts; a run still going when the next is due makes the next one skip, a failing run
 * is logged and the next interval tries again. Tests do not start the scheduler: they call runNow()
 * (or the service itself) with the clock they moved.
 */
export class JobScheduler {
  readonly #jobs = new Map<string, PeriodicJob>();
  readonly #running = new Map<string, Promise<unknown>>();
  readonly #timers: NodeJS.Timeout[] = [];
  #started = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Registers a job; one registered after start() starts at once. */
  every(job: PeriodicJob): void {
    if (this.#jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.#jobs.set(job.name, job);
    if (this.#started) this.#schedule(job);
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    for (const job of this.#jobs.values()) this.#schedule(job);
  }

  /** Stops the timers and waits for the runs under way (a failing one was logged, or thrown to runNow's caller). */
  async stop(): Promise<void> {
    this.#started = false;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.allSettled(this.#running.values());
  }

  /** Runs the job now (or joins its run under way); a failure is thrown to the caller. */
  runNow(name: string): Promise<unknown> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return this.#runOnce(job);
  }

  #schedule(job: PeriodicJob): void {
    const timer = setInterval(() => {
      if (this.#running.has(job.name)) return;
      this.#runOnce(job).catch((error: unknown) => this.log.error({ err: error, job: job.name }, 'job failed'));
    }, job.intervalMs);
    timer.unref();
    this.#timers.push(timer);
  }

  #runOnce(job: PeriodicJob): Promise<unknown> {
    const underWay = this.#running.get(job.name);
    if (underWay) return underWay;
    const run = job.run().finally(() => this.#running.delete(job.name));
    this.#running.set(job.name, run);
    return run;
  }
}
