import { refused, throttled, unauthenticated } from '../../infra/http/errors.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../infra/security/passwords.js';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../access/access.service.js';
import { AuthRepository } from './auth.repository.js';

export const LOGIN_WINDOW_MINUTES = 5;
/** The 6th failure for one account within the window is refused before the password is checked. */
export const ACCOUNT_FAILURES_ALLOWED = 5;
/** Looser per address, so one office behind one NAT can still mistype. */
export const ADDRESS_FAILURES_ALLOWED = 30;

export class AuthService {
  readonly #repository: AuthRepository;

  constructor(private readonly context: AppContext) {
    this.#repository = new AuthRepository(context.db);
  }

  /** Checks the credentials and answers a token; the same refusal for an unknown account. */
  async login(username: string, password: string, address: string): Promise<{ token: string; userId: number }> {
    const now = this.context.now();
    const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
    await this.#refuseWhenThrottled(username, address, windowStart);

    const account = await this.#repository.findByUsername(username);
    const passwordMatches = await verifyPassword(account?.password_hash ?? (await decoyPasswordHash()), password);
    if (!account || !passwordMatches) {
      const forgetBefore = new Date(now.getTime() - 24 * 3600_000);
      await this.#repository.recordFailure(username, address, now, forgetBefore);
      throw refused('loginFailed');
    }
    if (!account.is_active) throw refused('accountDisabled');

    await this.#repository.clearFailures(username);
    await this.#repository.recordLogin(account.id, now);
    const token = await this.context.tokens.issue({ userId: account.id, version: account.token_version });
    return { token, userId: account.id };
  }

  async #refuseWhenThrottled(username: string, address: string, windowStart: Date): Promise<void> {
    const [accountFailures, addressFailures] = await Promise.all([
      this.#repository.countFailures('username', username, windowStart),
      this.#repository.countFailures('address', address, windowStart),
    ]);
    if (accountFailures >= ACCOUNT_FAILURES_ALLOWED || addressFailures >= ADDRESS_FAILURES_ALLOWED) {
      throw throttled('tooManyAttempts', { minutes: LOGIN_WINDOW_MINUTES });
    }
  }

  /** The principal of a valid, unrevoked token of an active user; 401 otherwise. */
  async authenticate(authorization: string | undefined): Promise<Principal> {
    const match = /^JWT\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw unauthenticated();
    const claims = await this.context.tokens.verify(match[1]);
    if (!claims) throw unauthenticated();
    const account = await this.#repository.findById(claims.userId);
    if (!account || !account.is_active || account.token_version !== claims.version) throw unauthenticated();
    return { userId: account.id, orgId: account.org_id, roleId: account.role_id, username: account.username };
  }

  async logout(principal: Principal): Promise<void> {
    await this.#repository.revokeTokens(principal.userId);
    this.context.bus.publish('sessionsRevoked', { userId: principal.userId });
  }

  /** Sets a new password after checking the old one; every earlier token stops working. */
  async changePassword(principal: Principal, oldPassword: string, newPassword: string): Promise<void> {
    const account = await this.#repository.findById(principal.userId);
    if (!account || !(await verifyPassword(account.password_hash, oldPassword))) throw refused('oldPasswordWrong');
    if (oldPassword === newPassword) throw refused('passwordSameAsOld');
    await this.#repository.setPasswordAndRevoke(principal.userId, await hashPassword(newPassword));
    this.context.bus.publish('sessionsRevoked', { userId: principal.userId });
  }
}
