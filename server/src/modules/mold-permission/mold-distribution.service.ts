import { ResponseCode, type MoldTreeNode } from '@mouldwatch/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../infra/db/schema.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { ApiError, notFound } from '../../infra/http/errors.js';
import type { Principal } from '../access/access.service.js';
import { buildMoldTree } from './mold-tree.js';
import { MoldPermissionRepository, type DistributionOutcome, type TreeMoldRow } from './mold-permission.repository.js';

/** The ids the caller may not distribute, named in the 400. */
const notDistributable = (moldIds: readonly number[]) =>
  new ApiError(400, ResponseCode.invalid, 'moldsNotDistributable', { ids: moldIds.slice(0, 10).join(', ') });

/**
 * The mould permission tree and the distribution of moulds to users (spec §6): an administrator
 * hands out the moulds of their organisation they hold themselves (not those shared to them).
 */
export class MoldDistributionService {
  readonly #repository: MoldPermissionRepository;

  constructor(private readonly context: AppContext) {
    this.#repository = new MoldPermissionRepository(context.db);
  }

  /** The caller's moulds as a tree; with `userId`, what that user of the organisation holds. */
  async tree(principal: Principal, userId: number | undefined): Promise<MoldTreeNode[]> {
    if (userId !== undefined) await this.#requireUser(principal, userId);
    return buildMoldTree(await this.#repository.treeMolds(principal.orgId, principal.userId, userId));
  }

  /**
   * The caller's moulds as a tree marked for another module's purpose (the share dialog): `mark`
   * says per mould whether the user's node is checked and whether it is fixed (drawn disabled). The
   * caller checks that the user is theirs to ask about; only the caller's own moulds are listed.
   */
  async markedTree(
    principal: Principal,
    userId: number | undefined,
    mark: (row: TreeMoldRow) => { checked: boolean; fixed: boolean },
  ): Promise<MoldTreeNode[]> {
    const rows = await this.#repository.treeMolds(principal.orgId, principal.userId, userId);
    return buildMoldTree(
      rows.map((row) => {
        const { checked, fixed } = mark(row);
        return { ...row, held: checked, shared_to_user: fixed };
      }),
    );
  }

  /** 400 naming moldIds when one of them is not the caller's to distribute. */
  async requireDistributable(
    principal: Principal,
    moldIds: readonly number[],
    repository = this.#repository,
  ): Promise<void> {
    const allowed = await repository.distributable(principal.orgId, principal.userId, moldIds);
    const refused = moldIds.filter((moldId) => !allowed.has(moldId));
    if (refused.length > 0) throw notDistributable(refused);
  }

  /** requireDistributable inside the caller's transaction (the embedded database has one session). */
  requireDistributableWithin(trx: Kysely<Database>, principal: Principal, moldIds: readonly number[]): Promise<void> {
    return this.requireDistributable(principal, moldIds, new MoldPermissionRepository(trx));
  }

  /** Sets the user's own grants (within what the caller may distribute) to exactly these moulds; consoles hear of it. */
  async distribute(principal: Principal, userId: number, moldIds: readonly number[]): Promise<DistributionOutcome> {
    await this.#requireUser(principal, userId);
    const outcome = await inTransaction(this.context.db, (trx) => this.setGrants(trx, principal, userId, moldIds));
    this.announce(userId, outcome);
    return outcome;
  }

  /**
   * The checked grants part of a transaction (also of a new user with their moulds): 400 when a
   * mould is not the caller's to distribute. Announce the outcome after the transaction commits.
   */
  async setGrants(
    trx: Kysely<Database>,
    principal: Principal,
    userId: number,
    moldIds: readonly number[],
  ): Promise<DistributionOutcome> {
    const repository = new MoldPermissionRepository(trx);
    await this.requireDistributable(principal, moldIds, repository);
    return repository.setOwnGrants(principal.orgId, principal.userId, userId, moldIds);
  }

  announce(userId: number, { granted, revoked }: DistributionOutcome): void {
    if (granted.length > 0)
      this.context.bus.publish('grantsChanged', { userIds: [userId], moldIds: granted, change: 'granted' });
    if (revoked.length > 0)
      this.context.bus.publish('grantsChanged', { userIds: [userId], moldIds: revoked, change: 'revoked' });
  }

  async #requireUser(principal: Principal, userId: number): Promise<void> {
    if (!(await this.#repository.userInOrg(principal.orgId, userId))) throw notFound('userNotFound');
  }
}
