import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  ResponseCode,
  parseLanguage,
  type Language,
  type MoldTreeChange,
  type ShareCreated,
  type ShareLinkInfo,
  type ShareMade,
  type ShareReceived,
  type SharedUserInfo,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { ApiError, conflict, invalidInput, notFound, refused } from '../../infra/http/errors.js';
import type { Outbox } from '../../infra/mail/outbox.js';
import { hashPassword } from '../../infra/security/passwords.js';
import { AccessRepository } from '../access/access.repository.js';
import type { Principal } from '../access/access.service.js';
import { publicBaseUrl } from '../alerts/alerts.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MoldDistributionService, TreeAnswer, TreeRequest } from '../mold-permission/mold-distribution.service.js';
import { presentShareMade, presentShareReceived } from './sharing.presenter.js';
import { SharingRepository, type RecipientRow, type ShareLinkRow } from './sharing.repository.js';
import {
  SHARE_TOKEN_PATTERN,
  hashShareToken,
  nameFromEmail,
  newShareToken,
  shareLinkExpiry,
  shareLinkState,
  usernameFromEmail,
} from './share-rules.js';
import { invitationMessage } from './share-texts.js';

/** The spec's 20338: a share needs at least one mould. */
const noMould = () => new ApiError(400, ResponseCode.invalid, '20338');
const linkInvalid = () => new ApiError(400, ResponseCode.invalid, 'shareLinkInvalid');
const USERNAME_ATTEMPTS = 5;

/** The moulds of a share: exactly these, or the share dialog's tree change. */
export type ChosenMoulds = { moldIds: readonly number[] } | { change: MoldTreeChange };

export interface ShareRequest {
  email: string;
  role: number;
  moulds: ChosenMoulds;
}

/**
 * Mould sharing (spec §1, §4 "Share flow", §5, §6): a user shares moulds they hold directly with
 * an e-mail address. The recipient is the account of that address (any organisation) or a new
 * account of the sharer's organisation with the chosen viewer role and no password; the moulds
 * are grants with `shared_by`, read-only for the recipient. A share link (random token, only its
 * hash stored, single use, 7 days) lets the recipient in: setting the first password of a new
 * account, or with the account's own password (docs/decisions.md, "Mould sharing").
 */
export class SharingService {
  readonly #repository: SharingRepository;

  constructor(
    private readonly context: AppContext,
    private readonly distribution: MoldDistributionService,
    private readonly outbox: Outbox,
    private readonly auth: AuthService,
  ) {
    this.#repository = new SharingRepository(context.db);
  }

  viewerRoles(principal: Principal): Promise<Array<{ id: number; name: string }>> {
    return this.#repository.viewerRoles(principal.orgId);
  }

  /** The caller's existing share with the account of this address, else null (nothing about other accounts). */
  async info(principal: Principal, email: string): Promise<SharedUserInfo | null> {
    const share = await this.#repository.shareByEmail(principal.userId, email);
    if (!share) return null;
    return {
      id: share.id,
      email: share.email,
      role: share.role_id === null ? null : { id: share.role_id, name: share.role_name ?? '' },
      moldIds: await this.#repository.sharedMoldIds(principal.userId, share.id),
    };
  }

  /**
   * The caller's moulds as the share dialog's tree, a part at a time as the users page's
   * (`TreeRequest`). With `userId` (a recipient of the caller's): to add ('add'), what they hold is
   * checked and fixed; to edit the share ('edit'), the moulds the caller shares with them are
   * checked and free, what they hold otherwise is fixed.
   */
  async tree(principal: Principal, request: TreeRequest, mode: 'add' | 'edit'): Promise<TreeAnswer> {
    if (request.userId !== undefined) await this.#requireShare(principal.userId, request.userId);
    return this.distribution.markedTree(
      principal,
      mode === 'add' || request.userId === undefined ? 'shareAdd' : 'shareEdit',
      request,
    );
  }

  /** The moulds a share names: its moldIds, or those its tree change checks. */
  async #chosenMoldIds(principal: Principal, moulds: ChosenMoulds): Promise<readonly number[]> {
    return 'change' in moulds ? (await this.distribution.decide(principal, moulds.change)).checked : moulds.moldIds;
  }

  /** The moulds the caller shares with the recipient after the change. */
  async #changedShare(principal: Principal, recipientId: number, moulds: ChosenMoulds): Promise<readonly number[]> {
    if (!('change' in moulds)) return moulds.moldIds;
    const { checked, unchecked } = await this.distribution.decide(principal, moulds.change);
    const dropped = new Set(unchecked);
    const shared = await this.#repository.sharedMoldIds(principal.userId, recipientId);
    return [...new Set([...shared.filter((moldId) => !dropped.has(moldId)), ...checked])];
  }

  /** Shares the moulds with the address; answers the share link. The invitation goes through the outbox. */
  async share(principal: Principal, language: Language, request: ShareRequest): Promise<ShareCreated> {
    const form = { ...request, moldIds: await this.#chosenMoldIds(principal, request.moulds) };
    if (form.moldIds.length === 0) throw noMould();
    const now = this.context.now();
    const token = newShareToken();
    const outcome = await inTransaction(this.context.db, async (trx) => {
      const repository = new SharingRepository(trx);
      // One address, one account: two shares to a new address at once must not make two.
      // The address lower-cased by the database, as the account look-up compares it.
      await sql`select pg_advisory_xact_lock(hashtext('share-email:' || lower(${form.email})))`.execute(trx);
      const role = await repository.viewerRole(principal.orgId, form.role);
      if (!role) throw new ApiError(400, ResponseCode.invalid, 'shareRoleNotViewer');
      await this.#requireShareable(principal, form.moldIds, repository);
      const sharer = await repository.userById(principal.userId);
      if (!sharer) throw notFound('userNotFound');
      if (sharer.email.toLowerCase() === form.email.toLowerCase())
        throw new ApiError(400, ResponseCode.invalid, 'shareSelf');
      const existing = await repository.userByEmail(form.email);
      if (existing?.id === principal.userId) throw new ApiError(400, ResponseCode.invalid, 'shareSelf');
      const newAccount = existing === undefined;
      const recipient = existing ?? (await this.#createRecipient(repository, principal, role.id, form.email, language));
      const held = await new AccessRepository(trx).grantedMoldIds(recipient.id, form.moldIds);
      const fresh = form.moldIds.filter((moldId) => !held.has(moldId));
      if (fresh.length === 0) throw conflict('moldAlreadyShared');
      const granted = await repository.grant(principal.userId, recipient.id, fresh);
      await repository.touchShare(principal.userId, recipient.id, now);
      await repository.dropUnusedLinks(principal.userId, recipient.id);
      const expiresAt = shareLinkExpiry(now);
      await repository.insertLink({
        tokenHash: hashShareToken(token),
        sharerId: principal.userId,
        recipientId: recipient.id,
        now,
        expiresAt,
      });
      const address = `${publicBaseUrl(this.context.config)}/loginByShare?token=${token}`;
      const molds = await repository.moldNames(granted);
      const message = invitationMessage(parseLanguage(recipient.language) ?? language, {
        sharer: sharer.name || sharer.username,
        sharerEmail: sharer.email,
        username: recipient.username,
        newAccount: newAccount || !recipient.password_set,
        molds,
        link: address,
        expiresAt,
      });
      const mailed = await this.outbox.queue(trx, [
        { userId: recipient.id, channel: 'email', to: recipient.email, ...message },
      ]);
      return { address, id: recipient.id, email: recipient.email, granted, mailed: mailed > 0 };
    });
    this.#announce(outcome.id, outcome.granted, 'granted');
    return outcome;
  }

  /**
   * The moulds the caller shares with the recipient become exactly these, or change as the tree
   * says (moulds they hold otherwise stay).
   */
  async distribute(principal: Principal, recipientId: number, moulds: ChosenMoulds) {
    const moldIds = await this.#changedShare(principal, recipientId, moulds);
    if (moldIds.length === 0) throw noMould();
    const outcome = await inTransaction(this.context.db, async (trx) => {
      const repository = new SharingRepository(trx);
      if (!(await repository.shareExists(principal.userId, recipientId, { lock: true })))
        throw notFound('shareNotFound');
      await this.#requireShareable(principal, moldIds, repository);
      const revoked = await repository.ungrant(principal.userId, recipientId, moldIds);
      const held = await new AccessRepository(trx).grantedMoldIds(recipientId, moldIds);
      const granted = await repository.grant(
        principal.userId,
        recipientId,
        moldIds.filter((moldId) => !held.has(moldId)),
      );
      await repository.touchShare(principal.userId, recipientId, this.context.now());
      return { granted, revoked };
    });
    this.#announce(recipientId, outcome.granted, 'granted');
    this.#announce(recipientId, outcome.revoked, 'revoked');
    return outcome;
  }

  /** Ends the caller's share with the recipient: their grants go at once, unused links too. */
  async revoke(principal: Principal, recipientId: number): Promise<{ revoked: number[] }> {
    const revoked = await this.#end(principal.userId, recipientId);
    this.#announce(recipientId, revoked, 'revoked');
    return { revoked };
  }

  /** The recipient gives back what a sharer shared with them. */
  async decline(principal: Principal, sharerId: number): Promise<{ revoked: number[] }> {
    const revoked = await this.#end(sharerId, principal.userId);
    this.#announce(principal.userId, revoked, 'revoked');
    return { revoked };
  }

  async made(
    principal: Principal,
    page: number,
    limit: number,
    search: string,
  ): Promise<{ items: ShareMade[]; total: number }> {
    const { rows, total } = await this.#repository.sharesMade(principal.userId, { page, limit, search });
    return { items: rows.map(presentShareMade), total };
  }

  async received(
    principal: Principal,
    page: number,
    limit: number,
    search: string,
  ): Promise<{ items: ShareReceived[]; total: number }> {
    const { rows, total } = await this.#repository.sharesReceived(principal.userId, { page, limit, search });
    return { items: rows.map(presentShareReceived), total };
  }

  /** What a share link opens, without using it. */
  async linkInfo(token: string): Promise<ShareLinkInfo> {
    const link = await this.#validLink(token);
    return {
      username: link.username,
      email: link.email,
      sharer: link.sharer,
      needsPassword: !link.password_set,
      expires_at: link.expires_at.toISOString(),
    };
  }

  /**
   * Opens a share link: a new account sets its first password, an existing one gives its own
   * (checked and throttled as a login). The link is used up; answers the token of the link's
   * recipient — never of anyone else.
   */
  async openLink(token: string, password: string, ip: string): Promise<{ token: string; userId: number }> {
    const link = await this.#validLink(token);
    if (link.password_set) {
      const session = await this.auth.login(link.username, password, ip);
      if (session.userId !== link.recipient_id) throw linkInvalid();
      await inTransaction(this.context.db, async (trx) => {
        const repository = new SharingRepository(trx);
        const locked = await repository.linkByHash(hashShareToken(token), true);
        if (!locked || locked.used_at !== null) throw refused('shareLinkUsed');
        await repository.markLinkUsed(locked.id, this.context.now());
      });
      return session;
    }
    const passwordHash = await hashPassword(password);
    return inTransaction(this.context.db, async (trx) => {
      const repository = new SharingRepository(trx);
      const locked = await repository.linkByHash(hashShareToken(token), true);
      if (!locked) throw linkInvalid();
      this.#requireUsable(locked);
      if (!(await repository.setFirstPassword(locked.recipient_id, passwordHash))) throw refused('shareLinkUsed');
      const now = this.context.now();
      await repository.markLinkUsed(locked.id, now);
      const { token_version } = await repository.recordLogin(locked.recipient_id, now);
      const session = await this.context.tokens.issue({ userId: locked.recipient_id, version: token_version });
      return { token: session, userId: locked.recipient_id };
    });
  }

  async #validLink(token: string): Promise<ShareLinkRow> {
    if (!SHARE_TOKEN_PATTERN.test(token)) throw linkInvalid();
    const link = await this.#repository.linkByHash(hashShareToken(token));
    if (!link) throw linkInvalid();
    this.#requireUsable(link);
    return link;
  }

  #requireUsable(link: ShareLinkRow): void {
    const state = shareLinkState(link, this.context.now());
    if (state === 'used') throw refused('shareLinkUsed');
    if (state === 'expired') throw new ApiError(410, ResponseCode.refused, 'shareLinkExpired');
    if (!link.is_active) throw refused('accountDisabled');
  }

  async #end(sharerId: number, recipientId: number): Promise<number[]> {
    return inTransaction(this.context.db, async (trx) => {
      const repository = new SharingRepository(trx);
      if (!(await repository.shareExists(sharerId, recipientId, { lock: true }))) throw notFound('shareNotFound');
      const revoked = await repository.ungrant(sharerId, recipientId);
      await repository.deleteShare(sharerId, recipientId);
      await repository.dropUnusedLinks(sharerId, recipientId);
      return revoked;
    });
  }

  /** 422 "shared by others" for a mould shared to the caller; 400 for one that is not theirs to hand out. */
  async #requireShareable(principal: Principal, moldIds: readonly number[], repository: SharingRepository) {
    const sharedToCaller = await new AccessRepository(repository.db).grantedMoldIds(principal.userId, moldIds, {
      sharedOnly: true,
    });
    if (sharedToCaller.size > 0) throw refused('moldSharedReadOnly');
    await this.distribution.requireDistributableWithin(repository.db, principal, moldIds);
  }

  async #requireShare(sharerId: number, recipientId: number): Promise<number[]> {
    const exists = await this.#repository.shareExists(sharerId, recipientId);
    if (!exists) throw notFound('shareNotFound');
    return this.#repository.sharedMoldIds(sharerId, recipientId);
  }

  async #createRecipient(
    repository: SharingRepository,
    principal: Principal,
    roleId: number,
    email: string,
    language: Language,
  ): Promise<Pick<RecipientRow, 'id' | 'username' | 'email' | 'language' | 'password_set'>> {
    let username = usernameFromEmail(email);
    for (let attempt = 1; attempt < USERNAME_ATTEMPTS && (await repository.usernameTaken(username)); attempt += 1)
      username = usernameFromEmail(email, attempt, randomBytes(3).toString('hex'));
    if (await repository.usernameTaken(username)) throw invalidInput('email');
    const id = await repository.createRecipient({
      orgId: principal.orgId,
      roleId,
      username,
      name: nameFromEmail(email),
      email,
      language,
    });
    return { id, username, email, language, password_set: false };
  }

  #announce(userId: number, moldIds: number[], change: 'granted' | 'revoked'): void {
    if (moldIds.length > 0) this.context.bus.publish('grantsChanged', { userIds: [userId], moldIds, change });
  }
}
