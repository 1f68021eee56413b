import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './infra/db/schema.js';
import type { TokenService } from './infra/security/tokens.js';

/** What every module is built from. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  tokens: TokenService;
  /** The current time; tests may move it. */
  now: () => Date;
}
