import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import type { AppContext } from './app-context.js';
import { buildApp, createServices, type JobOptions, type Services } from './app.js';
import { ConfigError, withoutPassword, type Config } from './config.js';
import type { LiveHubOptions } from './infra/live/live-hub.js';
import { LocalEventBus, type EventBus } from './infra/bus/event-bus.js';
import { RedisEventBus } from './infra/bus/redis-event-bus.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './infra/db/database.js';
import { seedMenu } from './modules/menu/menu.service.js';
import type { Database } from './infra/db/schema.js';
import { startMqtt, type MqttIngest, type MqttStatus } from './ingest/mqtt.js';
import { CYCLE_DAYS_PER_RUN } from './rollup/rollup-job.js';
import { APPLY_BATCH } from './state/state-engine.js';
import { TokenService, resolveJwtSecret } from './infra/security/tokens.js';
import { seedEmptyDatabase, type SeedOutcome } from './seed/seed.js';
import { plainLines } from './infra/log/plain-lines.js';

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  services: Services;
  database: DatabaseHandle;
  seed: SeedOutcome;
  /**
   * Starts device MQTT (ingest/mqtt.ts): the subscription on MQTT_URL, else the embedded
   * broker on MQTT_PORT; `listenPort` 0 puts the broker on a free port. Closed by close().
   */
  startMqtt(listenPort?: number): Promise<MqttStatus>;
  close(): Promise<void>;
}

/** Opens (or is handed) the database, migrates, seeds, and builds the app — listening is the caller's. */
export interface PrepareOptions {
  /** An already open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Seed an empty database with the demo or a first administrator (off in tests, which seed their own). */
  seedEmpty?: boolean;
  /** Live channel timings (tests shorten them). */
  live?: Partial<LiveHubOptions>;
  /** Redis channel prefix of the bus, before REDIS_PREFIX and the installation's id (tests keep theirs apart). */
  busNamespace?: string;
  /** Timings of the state engine and the roll-up (tests run them by hand). */
  jobs?: JobOptions;
  /**
   * A stop asked for while preparing (SIGTERM during the demo's seed): preparing ends at its next
   * step, closes the database and rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/**
 * Redis carries events between instances when REDIS_URL is set; one instance needs no more than
 * memory. Channels are prefixed with REDIS_PREFIX, else with the installation's id: its instances
 * share one database, hence one id, and two installations on one Redis never hear each other.
 */
async function openBus(
  config: Config,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  namespace?: string,
): Promise<EventBus> {
  if (!config.redisUrl) return new LocalEventBus();
  const prefix = namespace ?? config.redisPrefix ?? `mouldwatch:${await installationId(db)}`;
  try {
    return await RedisEventBus.connect(config.redisUrl, {
      namespace: prefix,
      onError: (error) => log.error({ err: error }, 'Redis bus'),
    });
  } catch (error) {
    throw new ConfigError(
      `REDIS_URL=${withoutPassword(config.redisUrl)}: cannot connect (${(error as Error).message})`,
    );
  }
}

async function installationId(db: Kysely<Database>): Promise<string> {
  const { id } = await db.selectFrom('installation').select('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * What every start writes to its migrated database before it serves: the spec's menu and, on an
 * empty database, the demo or a first administrator (unless told not to seed).
 */
export async function seedDatabase(
  db: Kysely<Database>,
  config: Config,
  options: Pick<PrepareOptions, 'seedEmpty' | 'signal'> = {},
): Promise<SeedOutcome> {
  await seedMenu(db);
  if (options.seedEmpty === false) return { kind: 'none' };
  return seedEmptyDatabase(db, config.demo, config.dataDir, options.signal);
}

export async function prepareServer(config: Config, options: PrepareOptions = {}): Promise<RunningServer> {
  const text = (config.logFormat ?? (process.stdout.isTTY ? 'text' : 'json')) === 'text';
  const log = pino({ level: config.logLevel }, text ? plainLines() : undefined);
  const handle =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            onConnectionError: (error) => log.warn({ err: error }, 'database connection lost'),
          }
        : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
    ));
  try {
    return await prepareOn(handle, config, options, log);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function prepareOn(
  handle: DatabaseHandle,
  config: Config,
  options: PrepareOptions,
  log: FastifyBaseLogger,
): Promise<RunningServer> {
  const { signal } = options;
  await migrateToLatest(handle.db);
  signal?.throwIfAborted();
  const context: AppContext = {
    config,
    db: handle.db,
    tokens: new TokenService(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    bus: await openBus(config, handle.db, log, options.busNamespace),
    log,
    now: () => new Date(),
  };
  const rollups = { cycleDaysPerRun: CYCLE_DAYS_PER_RUN[handle.kind], ...options.jobs?.rollups };
  const state = { applyBatch: APPLY_BATCH[handle.kind], ...options.jobs?.state };
  const services = createServices(context, { ...options.jobs, rollups, state });
  const seed = await seedDatabase(handle.db, config, options);
  const app = await buildApp(context, services, options.live);
  services.state.start();
  services.alarmEngine.start();
  services.locationTracker.start();
  services.jobs.start();
  let mqtt: MqttIngest | undefined;
  return {
    app,
    context,
    services,
    database: handle,
    seed,
    startMqtt: async (listenPort) => {
      mqtt = await startMqtt(services.ingest, context.log, config, listenPort);
      return mqtt.status;
    },
    // No scheduled job starts any more; intake stops (MQTT, HTTP), then what was accepted is written,
    // then the rest closes.
    close: async () => {
      const jobsStopped = services.jobs.stop();
      await mqtt?.close();
      await app.close();
      await services.ingest.close();
      await services.state.stop();
      await services.alarmEngine.stop();
      await services.locationTracker.stop();
      await jobsStopped;
      await context.bus.close();
      await handle.close();
    },
  };
}
