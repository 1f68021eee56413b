import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { buildApp, createServices, type Services } from './app.js';
import type { Config } from './config.js';
import type { LiveHubOptions } from './infra/live/live-hub.js';
import { LocalEventBus } from './infra/bus/event-bus.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './infra/db/database.js';
import { TokenService, resolveJwtSecret } from './infra/security/tokens.js';
import { seedEmptyDatabase, type SeedOutcome } from './seed/seed.js';

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  services: Services;
  database: DatabaseHandle;
  seed: SeedOutcome;
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
}

export async function prepareServer(config: Config, options: PrepareOptions = {}): Promise<RunningServer> {
  const database = options.database;
  const handle =
    database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
    ));
  await migrateToLatest(handle.db);
  const context: AppContext = {
    config,
    db: handle.db,
    tokens: new TokenService(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    bus: new LocalEventBus(),
    now: () => new Date(),
  };
  const services = createServices(context);
  await services.menu.seed();
  const seed: SeedOutcome =
    options.seedEmpty === false ? { kind: 'none' } : await seedEmptyDatabase(handle.db, config.demo);
  const app = await buildApp(context, services, options.live);
  return {
    app,
    context,
    services,
    database: handle,
    seed,
    close: async () => {
      await app.close();
      await context.bus.close();
      await handle.close();
    },
  };
}
