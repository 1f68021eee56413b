import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import type { CounterKey, LoginCounter } from './login-throttle.js';

export interface Credentials {
  id: number;
  org_id: number;
  role_id: number | null;
  username: string;
  password_hash: string;
  is_active: boolean;
  awaiting_activation: boolean;
  token_version: number;
}

const CREDENTIAL_COLUMNS = [
  'id',
  'org_id',
  'role_id',
  'username',
  'password_hash',
  'is_active',
  'awaiting_activation',
  'token_version',
] as const;

export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByUsername(username: string): Promise<Credentials | undefined> {
    return this.db
      .selectFrom('users')
      .select(CREDENTIAL_COLUMNS)
      .where(sql<string>`lower(username)`, '=', sql<string>`lower(${username})`)
      .executeTakeFirst();
  }

  findById(userId: number): Promise<Credentials | undefined> {
    return this.db.selectFrom('users').select(CREDENTIAL_COLUMNS).where('id', '=', userId).executeTakeFirst();
  }

  async findByIds(userIds: readonly number[]): Promise<Map<number, Credentials>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(CREDENTIAL_COLUMNS).where('id', 'in', userIds).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Locks the counters of `keys` (a missing one starts with no failures), hands them to `change`
   * and writes back what it answers, in one transaction: two attempts, on this instance or another,
   * never both read the same count. When `change` throws, nothing is written.
   */
  async updateCounters(
    keys: CounterKey[],
    now: Date,
    change: (counters: LoginCounter[]) => LoginCounter[],
  ): Promise<void> {
    // One locking order everywhere, so that two attempts cannot deadlock.
    const sorted = [...keys].sort((a, b) => compare(a.account, b.account) || compare(a.address, b.address));
    await this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .insertInto('login_counters')
        .values(sorted.map((key) => ({ ...key, failures: 0, last_attempt_at: now })))
        .onConflict((conflict) =>
          conflict.columns(['account', 'address']).doUpdateSet({ failures: (eb) => eb.ref('login_counters.failures') }),
        )
        .returning(['account', 'address', 'failures', 'last_attempt_at'])
        .execute();
      const changed = change(
        locked.map((row) => ({
          account: row.account,
          address: row.address,
          failures: row.failures,
          lastAttemptAt: row.last_attempt_at,
        })),
      );
      if (changed.length === 0) return;
      await trx
        .insertInto('login_counters')
        .values(
          changed.map((counter) => ({
            account: counter.account,
            address: counter.address,
            failures: counter.failures,
            last_attempt_at: counter.lastAttemptAt,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['account', 'address']).doUpdateSet((eb) => ({
            failures: eb.ref('excluded.failures'),
            last_attempt_at: eb.ref('excluded.last_attempt_at'),
          })),
        )
        .execute();
    });
  }

  /**
   * Deletes the counters last used at or before `lastUsed`: they count nothing any more. A counter
   * an attempt holds right now is left for the next time, so that this never waits for an attempt
   * that may be waiting for it.
   */
  async pruneCounters(lastUsed: Date): Promise<void> {
    await this.db
      .deleteFrom('login_counters')
      .where((eb) =>
        eb(
          eb.refTuple('account', 'address'),
          'in',
          eb
            .selectFrom('login_counters')
            .select(['account', 'address'])
            .where('last_attempt_at', '<=', lastUsed)
            .forUpdate()
            .skipLocked()
            .$asTuple('account', 'address'),
        ),
      )
      .execute();
  }

  /** Whether the account (by its name in any case) has logged in from the address. */
  async isKnownAddress(username: string, address: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_known_addresses as known')
      .innerJoin('users', 'users.id', 'known.user_id')
      .select('known.user_id')
      .where(sql<string>`lower(users.username)`, '=', sql<string>`lower(${username})`)
      .where('known.address', '=', address)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Remembers that the user logged in from the address, and forgets addresses unused since `forgetBefore`. */
  async rememberAddress(userId: number, address: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.db
      .insertInto('login_known_addresses')
      .values({ user_id: userId, address, last_login_at: at })
      .onConflict((conflict) => conflict.columns(['user_id', 'address']).doUpdateSet({ last_login_at: at }))
      .execute();
    await this.db
      .deleteFrom('login_known_addresses')
      .where('user_id', '=', userId)
      .where('last_login_at', '<', forgetBefore)
      .execute();
  }

  async recordLogin(userId: number, at: Date): Promise<void> {
    await this.db.updateTable('users').set({ last_login: at }).where('id', '=', userId).execute();
  }

  /** Every token issued to the user so far stops working. */
  async revokeTokens(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  }

  async setPasswordAndRevoke(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
