import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

export interface Credentials {
  id: number;
  org_id: number;
  role_id: number | null;
  username: string;
  password_hash: string;
  is_active: boolean;
  token_version: number;
}

const CREDENTIAL_COLUMNS = [
  'id',
  'org_id',
  'role_id',
  'username',
  'password_hash',
  'is_active',
  'token_version',
] as const;

export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByUsername(username: string): Promise<Credentials | undefined> {
    return this.db
      .selectFrom('users')
      .select(CREDENTIAL_COLUMNS)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  findById(userId: number): Promise<Credentials | undefined> {
    return this.db.selectFrom('users').select(CREDENTIAL_COLUMNS).where('id', '=', userId).executeTakeFirst();
  }

  async countFailures(column: 'username' | 'address', value: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('failures'))
      .where(column, '=', column === 'username' ? value.toLowerCase() : value)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }

  async recordFailure(username: string, address: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.db
      .insertInto('login_failures')
      .values({ username: username.toLowerCase(), address, failed_at: at })
      .execute();
    await this.db.deleteFrom('login_failures').where('failed_at', '<', forgetBefore).execute();
  }

  async clearFailures(username: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', username.toLowerCase()).execute();
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
