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
  /** The current time; tests may move it. */
  now: () => Date;
}
