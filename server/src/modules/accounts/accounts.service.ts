import { setTimeout as sleep } from 'node:timers/promises';
import { ResponseCode, type Language } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/sql-errors.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { ApiError, refused } from '../../infra/http/errors.js';
import type { Outbox, QueuedMessage } from '../../infra/mail/outbox.js';
import { hashPassword } from '../../infra/security/passwords.js';
import { seedOrganization } from '../../seed/organization.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { tooManyAttempts, type AuthService } from '../auth/auth.service.js';
import {
  secondsToWait,
  throttleAddress,
  withAttempt,
  type CounterKey,
  type LoginCounter,
} from '../auth/login-throttle.js';
import type { Kysely } from 'kysely';
import {
  SEND_FOR_ACCOUNT_RULE,
  SEND_FROM_CLIENT_RULE,
  SEND_TO_ADDRESS_RULE,
  issuedCode,
  judgeCode,
  newCode,
  type CodePurpose,
} from './account-codes.js';
import { codeMail, codeSms, passwordResetMail, signUpRefusedMail } from './account-texts.js';
import { AccountsRepository, type CodeAccount, type CodeAddress } from './accounts.repository.js';

/**
 * Every call that may send a code answers no sooner than this, whatever it found: whether an
 * account exists shows neither in the answer nor in its timing.
 */
export const CODE_ANSWER_FLOOR_MS = 300;

/** The send counters live beside the login's; a space never occurs in an account name, so they never meet. */
const FROM_CLIENT = 'code from ';
const TO_ADDRESS = 'code to ';
const FOR_ACCOUNT = 'code for ';

export interface SignUpForm {
  username: string;
  password: string;
  email: string;
  mobile?: string | undefined;
}

export class AccountsService {
  readonly #repository: AccountsRepository;
  readonly #counters: AuthRepository;

  constructor(
    private readonly context: AppContext,
    private readonly outbox: Outbox,
    private readonly auth: AuthService,
  ) {
    this.#repository = new AccountsRepository(context.db);
    this.#counters = new AuthRepository(context.db);
  }

  /** Whether sign-up is open on this install, and which channels send codes. */
  offers(): { open: boolean; email: boolean; sms: boolean } {
    return { open: this.context.config.signup === 'open', ...this.outbox.configured() };
  }

  /**
   * Signs up: a new organisation with the account as its administrator (the first-administrator
   * path), inactive until the mailed code activates it. A taken name or address gets a mail saying
   * so instead; the answer is the same.
   */
  async signUp(form: SignUpForm, ip: string, language: Language): Promise<void> {
    if (this.context.config.signup === 'closed') throw new ApiError(403, ResponseCode.forbidden, 'signUpClosed');
    this.#needsChannel('email');
    await answerNoSoonerThanFloor(async () => {
      const address: CodeAddress = { channel: 'email', to: form.email.toLowerCase() };
      await this.#reserveSend(ip, address, `name:${form.username.toLowerCase()}`);
      const taken = await this.#repository.taken(form.username, form.email);
      if (taken.name || taken.address) {
        await hashPassword(form.password);
        await this.#queueSignUpRefusal(form, taken.address ? 'addressTaken' : 'nameTaken', language);
        return;
      }
      try {
        await inTransaction(this.context.db, async (trx) => {
          const { adminId } = await seedOrganization(trx, form.username, {
            ...form,
            name: form.username,
            awaitingActivation: true,
          });
          await this.#issueCode(
            trx,
            { id: adminId, username: form.username, email: form.email },
            'activate',
            address,
            language,
          );
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await this.#queueSignUpRefusal(form, 'nameTaken', language);
      }
    });
  }

  /** Sends a code for the purpose to the address, if an account in the right state has it; the same answer either way. */
  async sendCode(address: CodeAddress, purpose: CodePurpose, ip: string, language: Language): Promise<void> {
    this.#needsChannel(address.channel);
    await answerNoSoonerThanFloor(async () => {
      await this.#reserveSend(ip, address);
      const account = await this.#repository.findByAddress(address, purpose);
      if (!account || !(await this.#mayCount(`id:${account.id}`))) return;
      await inTransaction(this.context.db, (trx) => this.#issueCode(trx, account, purpose, address, language));
    });
  }

  /** Activates the signed-up account with its code and starts its session. */
  async activate(address: CodeAddress, code: string): Promise<{ token: string; userId: number }> {
    const account = await this.#useCode(address, 'activate', code, (trx, userId) =>
      this.#repository.activate(trx, userId),
    );
    return this.auth.startSession(account.id);
  }

  /** Sets a new password with the code: every session of the account ends, and its address is told. */
  async resetPassword(address: CodeAddress, code: string, password: string, language: Language): Promise<void> {
    const account = await this.#useCode(address, 'reset', code, async () => undefined);
    await this.auth.setPassword(account.id, password);
    const notice = passwordResetMail(language, account.username, this.context.now());
    await this.outbox.queue(this.context.db, [{ userId: account.id, channel: 'email', to: account.email, ...notice }]);
  }

  /** The account the code is for, the code used up and `then` done in the same transaction; 422 for any code that does not work. */
  async #useCode(
    address: CodeAddress,
    purpose: CodePurpose,
    code: string,
    then: (trx: Kysely<Database>, userId: number) => Promise<void>,
  ): Promise<CodeAccount> {
    const account = await this.#repository.findByAddress(address, purpose);
    if (!account) throw refused('codeInvalid');
    const accepted = await inTransaction(this.context.db, async (trx) => {
      const verdict = await this.#repository.judgeCode(trx, account.id, purpose, (stored) =>
        judgeCode(stored, this.#codeHash(account.id, purpose, code), this.context.now()),
      );
      if (verdict.outcome === 'accepted') await then(trx, account.id);
      return verdict.outcome === 'accepted';
    });
    if (!accepted) throw refused('codeInvalid');
    return account;
  }

  async #issueCode(
    trx: Kysely<Database>,
    account: CodeAccount,
    purpose: CodePurpose,
    address: CodeAddress,
    language: Language,
  ): Promise<void> {
    const code = newCode();
    const now = this.context.now();
    await this.#repository.storeCode(
      trx,
      account.id,
      purpose,
      issuedCode(this.#codeHash(account.id, purpose, code), now),
    );
    const message: QueuedMessage =
      address.channel === 'email'
        ? {
            userId: account.id,
            channel: 'email',
            to: address.to,
            ...codeMail(language, purpose, account.username, code),
          }
        : { userId: account.id, channel: 'sms', to: address.to, text: codeSms(language, code) };
    await this.outbox.queue(trx, [message]);
  }

  async #queueSignUpRefusal(form: SignUpForm, reason: 'nameTaken' | 'addressTaken', language: Language) {
    const mail = signUpRefusedMail(language, reason, form.username);
    await this.outbox.queue(this.context.db, [{ userId: null, channel: 'email', to: form.email, ...mail }]);
  }

  #codeHash(userId: number, purpose: CodePurpose, code: string): string {
    return this.context.tokens.mac('account-code', `${purpose}:${userId}:${code}`);
  }

  #needsChannel(channel: CodeAddress['channel']): void {
    if (!this.outbox.configured()[channel])
      throw refused(channel === 'email' ? 'emailNotConfigured' : 'smsNotConfigured');
  }

  /**
   * Reserves a send on the client's and the address's counters (and the sign-up's account name),
   * atomically with parallel sends; 429 with the wait when one of them says wait.
   */
  async #reserveSend(ip: string, address: CodeAddress, account?: string): Promise<void> {
    const keys: CounterKey[] = [
      { account: '', address: `${FROM_CLIENT}${throttleAddress(ip)}` },
      { account: `${TO_ADDRESS}${address.channel}:${address.to.toLowerCase()}`, address: '' },
      ...(account ? [{ account: `${FOR_ACCOUNT}${account}`, address: '' }] : []),
    ];
    const now = this.context.now();
    await this.#counters.updateCounters(keys, now, (current) => {
      const wait = Math.max(...current.map((counter) => secondsToWait(counter, now, sendRuleOf(counter))));
      if (wait > 0) throw tooManyAttempts(wait);
      return current.map((counter) => withAttempt(counter, now));
    });
  }

  /** Counts a send for an existing account; false, silently, when its allowance is spent. */
  async #mayCount(account: string): Promise<boolean> {
    const now = this.context.now();
    let allowed = false;
    await this.#counters.updateCounters([{ account: `${FOR_ACCOUNT}${account}`, address: '' }], now, (current) => {
      allowed = current.every((counter) => secondsToWait(counter, now, SEND_FOR_ACCOUNT_RULE) === 0);
      return allowed ? current.map((counter) => withAttempt(counter, now)) : [];
    });
    return allowed;
  }
}

function sendRuleOf(counter: LoginCounter) {
  if (counter.address.startsWith(FROM_CLIENT)) return SEND_FROM_CLIENT_RULE;
  return counter.account.startsWith(FOR_ACCOUNT) ? SEND_FOR_ACCOUNT_RULE : SEND_TO_ADDRESS_RULE;
}

async function answerNoSoonerThanFloor(work: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await work();
  } finally {
    const left = CODE_ANSWER_FLOOR_MS - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
}
