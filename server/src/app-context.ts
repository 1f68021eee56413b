import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { EventBus } from './infra/bus/event-bus.js';
import type { Database } from './infra/db/schema.js';
import type { TokenService } from './infra/security/tokens.js';

/** What every module is built from. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  tokens: TokenService;
  /** Events between modules and, with Redis, between server instances. */
  bus: EventBus;
  /** The server's one logger: the HTTP app logs through it too. */
  log: FastifyBaseLogger;
  /** The current time; tests may move it. */
  now: () => Date;
}
