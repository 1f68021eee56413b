import { refused, throttled, unauthenticated } from '../../infra/http/errors.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../infra/security/passwords.js';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../access/access.service.js';
import type { TokenClaims } from '../../infra/security/tokens.js';
import { AuthRepository, type Credentials } from './auth.repository.js';
import {
  FORGET_COUNTER_AFTER_MS,
  FORGET_KNOWN_ADDRESS_AFTER_MS,
  afterSuccess,
  countersFor,
  secondsToWait,
  throttleAddress,
  withAttempt,
} from './login-throttle.js';

/** A wait shorter than this is said in seconds, a longer one in minutes. */
const SAY_MINUTES_FROM_SECONDS = 120;

export class AuthService {
  readonly #repository: AuthRepository;

  constructor(private readonly context: AppContext) {
    this.#repository = new AuthRepository(context.db);
  }

  /**
   * Checks the credentials and answers a token; the same refusal for an unknown account. An attempt
   * is first reserved on the throttling counters (429 with the wait when one of them says wait), so
   * parallel attempts are counted before any password is checked.
   */
  async login(username: string, password: string, ip: string): Promise<{ token: string; userId: number }> {
    const now = this.context.now();
    const account = username.toLowerCase();
    const address = throttleAddress(ip);
    const counters = countersFor(account, address, await this.#repository.isKnownAddress(account, address));
    await this.#repository.updateCounters(counters, now, (current) => {
      const wait = Math.max(...current.map((counter) => secondsToWait(counter, now)));
      if (wait > 0) throw tooManyAttempts(wait);
      return current.map((counter) => withAttempt(counter, now));
    });

    const user = await this.#repository.findByUsername(account);
    const passwordMatches = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
    if (!user || !passwordMatches) {
      await this.#repository.pruneCounters(new Date(now.getTime() - FORGET_COUNTER_AFTER_MS));
      throw refused('loginFailed');
    }
    if (!user.is_active) throw refused(user.awaiting_activation ? 'accountNotActivated' : 'accountDisabled');

    await this.#repository.updateCounters(counters, now, (current) => current.map(afterSuccess));
    await this.#repository.rememberAddress(
      user.id,
      address,
      now,
      new Date(now.getTime() - FORGET_KNOWN_ADDRESS_AFTER_MS),
    );
    return this.startSession(user.id);
  }

  /** A token for the user, whose identity has just been proven (password, or an activation code). */
  async startSession(userId: number): Promise<{ token: string; userId: number }> {
    const account = await this.#repository.findById(userId);
    if (!account?.is_active) throw unauthenticated();
    await this.#repository.recordLogin(userId, this.context.now());
    const token = await this.context.tokens.issue({ userId, version: account.token_version });
    return { token, userId };
  }

  /** The principal of a valid, unrevoked token of an active user; 401 otherwise. */
  async authenticate(authorization: string | undefined): Promise<Principal> {
    const match = /^JWT\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw unauthenticated();
    const claims = await this.context.tokens.verify(match[1]);
    if (!claims) throw unauthenticated();
    const principal = principalOf(claims, await this.#repository.findById(claims.userId));
    if (!principal) throw unauthenticated();
    return principal;
  }

  /**
   * The principals of those tokens that are valid and unrevoked, with one query for all their users
   * (the live channel's pings); a refused token is left out.
   */
  async authenticateEach(tokens: readonly string[]): Promise<Map<string, Principal>> {
    const claims = new Map<string, TokenClaims>();
    for (const token of new Set(tokens)) {
      const verified = await this.context.tokens.verify(token);
      if (verified) claims.set(token, verified);
    }
    const accounts = await this.#repository.findByIds([...new Set([...claims.values()].map((c) => c.userId))]);
    const principals = new Map<string, Principal>();
    for (const [token, claim] of claims) {
      const principal = principalOf(claim, accounts.get(claim.userId));
      if (principal) principals.set(token, principal);
    }
    return principals;
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
    await this.setPassword(principal.userId, newPassword);
  }

  /** Sets the password; every token of the user stops working and its sockets close. */
  async setPassword(userId: number, newPassword: string): Promise<void> {
    await this.#repository.setPasswordAndRevoke(userId, await hashPassword(newPassword));
    this.context.bus.publish('sessionsRevoked', { userId });
  }
}

/** The principal a token's claims stand for while its account is active and its sessions not revoked. */
function principalOf(claims: TokenClaims, account: Credentials | undefined): Principal | undefined {
  if (!account || !account.is_active || account.token_version !== claims.version) return undefined;
  return { userId: account.id, orgId: account.org_id, roleId: account.role_id, username: account.username };
}

/** 429 with the wait in the message and in Retry-After. */
export function tooManyAttempts(seconds: number) {
  return seconds < SAY_MINUTES_FROM_SECONDS
    ? throttled('tooManyAttemptsSeconds', { seconds }, seconds)
    : throttled('tooManyAttempts', { minutes: Math.ceil(seconds / 60) }, seconds);
}
