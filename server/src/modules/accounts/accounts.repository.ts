import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import type { CodePurpose, CodeVerdict, StoredCode } from './account-codes.js';

/** Where a code goes and whom it names: an e-mail address or a mobile number. */
export interface CodeAddress {
  channel: 'email' | 'sms';
  to: string;
}

export interface CodeAccount {
  id: number;
  username: string;
  email: string;
}

/** Which accounts a code may be for: a signed-up one awaiting activation, or an active one. */
const STATE_OF: Record<CodePurpose, { is_active: boolean; awaiting_activation: boolean }> = {
  activate: { is_active: false, awaiting_activation: true },
  reset: { is_active: true, awaiting_activation: false },
};

export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The one account the address belongs to, in the state the purpose needs; none when none or several. */
  async findByAddress(address: CodeAddress, purpose: CodePurpose): Promise<CodeAccount | undefined> {
    const state = STATE_OF[purpose];
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where((eb) =>
        address.channel === 'email'
          ? eb(sql<string>`lower(email)`, '=', address.to.toLowerCase())
          : eb('mobile', '=', address.to),
      )
      .where('is_active', '=', state.is_active)
      .where('awaiting_activation', '=', state.awaiting_activation)
      .limit(2)
      .execute();
    return rows.length === 1 ? rows[0] : undefined;
  }

  /** Whether an account has the name (in any case), and whether one uses the e-mail address. */
  async taken(username: string, email: string): Promise<{ name: boolean; address: boolean }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('users')
              .select('id')
              .where(sql<string>`lower(username)`, '=', username.toLowerCase()),
          )
          .as('name'),
        eb
          .exists(
            eb
              .selectFrom('users')
              .select('id')
              .where(sql<string>`lower(email)`, '=', email.toLowerCase()),
          )
          .as('address'),
      ])
      .executeTakeFirstOrThrow();
    return { name: Boolean(row.name), address: Boolean(row.address) };
  }

  /** Keeps the account's new code for the purpose; the code it had before is gone. */
  async storeCode(db: Kysely<Database>, userId: number, purpose: CodePurpose, code: StoredCode): Promise<void> {
    const values = { code_hash: code.codeHash, expires_at: code.expiresAt, wrong_tries: code.wrongTries };
    await db
      .insertInto('account_codes')
      .values({ user_id: userId, purpose, ...values })
      .onConflict((conflict) => conflict.columns(['user_id', 'purpose']).doUpdateSet(values))
      .execute();
  }

  /**
   * Locks the account's code for the purpose, hands it to `judge` and keeps what the verdict says
   * (one more wrong try, or the code removed), in the caller's transaction: parallel tries count.
   */
  async judgeCode(
    trx: Kysely<Database>,
    userId: number,
    purpose: CodePurpose,
    judge: (stored: StoredCode | undefined) => CodeVerdict,
  ): Promise<CodeVerdict> {
    const row = await trx
      .selectFrom('account_codes')
      .select(['code_hash', 'expires_at', 'wrong_tries'])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .forUpdate()
      .executeTakeFirst();
    const verdict = judge(row && { codeHash: row.code_hash, expiresAt: row.expires_at, wrongTries: row.wrong_tries });
    if (verdict.outcome === 'wrong') {
      await trx
        .updateTable('account_codes')
        .set({ wrong_tries: verdict.stored.wrongTries })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .execute();
    } else if (row) {
      await trx.deleteFrom('account_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    }
    return verdict;
  }

  async activate(trx: Kysely<Database>, userId: number): Promise<void> {
    await trx
      .updateTable('users')
      .set({ is_active: true, awaiting_activation: false })
      .where('id', '=', userId)
      .execute();
  }
}
