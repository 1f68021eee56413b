import {
  MOLD_TREE_SEARCH_LIMIT,
  MOLD_TREE_WHOLE_UP_TO,
  ResponseCode,
  type MoldTreeChange,
  type MoldTreeNode,
} from '@mouldwatch/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../infra/db/schema.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { ApiError, notFound } from '../../infra/http/errors.js';
import type { Principal } from '../access/access.service.js';
import { buildMoldTree, buildTreeSummary, decideMolds, moldNodes, type DecidedMolds } from './mold-tree.js';
import {
  MoldPermissionRepository,
  type DistributionOutcome,
  type TreeMarking,
  type TreeScope,
} from './mold-permission.repository.js';

/** The ids the caller may not distribute, named in the 400. */
const notDistributable = (moldIds: readonly number[]) =>
  new ApiError(400, ResponseCode.invalid, 'moldsNotDistributable', { ids: moldIds.slice(0, 10).join(', ') });

/** 400 naming the field of a change that names a group or company not of the caller's organisation. */
const notOfOrganisation = (field: 'groupIds' | 'companyIds', ids: readonly number[]) =>
  new ApiError(400, ResponseCode.invalid, 'treeIdsUnknown', { field, ids: ids.slice(0, 10).join(', ') });

/** Which part of the tree a call asks for: the first answer, a group's moulds, or a search. */
export interface TreeRequest {
  /** The user whose grants (or share) the tree marks. */
  userId?: number | undefined;
  /** `g{id}`: that group's moulds (`g0`: those without a group). */
  parent?: string | undefined;
  search?: string | undefined;
}

/** A part of the tree; `more`: a search found more moulds than it answers. */
export interface TreeAnswer {
  nodes: MoldTreeNode[];
  more?: boolean;
}
/**
 * The mould permission tree and the distribution of moulds to users (spec §6): an administrator
 * hands out the moulds of their organisation they hold themselves (not those shared to them).
 */
export class MoldDistributionService {
  readonly #repository: MoldPermissionRepository;

  constructor(private readonly context: AppContext) {
    this.#repository = new MoldPermissionRepository(context.db);
  }

  /** The caller's moulds as a tree (a part of it, `TreeRequest`); with `userId`, what that user of the organisation holds. */
  async tree(principal: Principal, request: TreeRequest): Promise<TreeAnswer> {
    if (request.userId !== undefined) await this.#requireUser(principal, request.userId);
    return this.markedTree(principal, 'grants', request);
  }

  /**
   * The part of the caller's moulds' tree asked for, marked for a purpose (`TreeMarking`); the
   * caller of this method checks that the user is theirs to ask about. The first answer of a small
   * tree is all of it; of a large one, its companies and groups with their counts.
   */
  async markedTree(principal: Principal, marking: TreeMarking, request: TreeRequest): Promise<TreeAnswer> {
    const scope: TreeScope = { orgId: principal.orgId, callerId: principal.userId, userId: request.userId };
    if (request.search) {
      const filter = { search: request.search, limit: MOLD_TREE_SEARCH_LIMIT + 1 };
      const rows = await this.#repository.treeMolds(scope, marking, filter);
      return {
        nodes: buildMoldTree(rows.slice(0, MOLD_TREE_SEARCH_LIMIT)),
        more: rows.length > MOLD_TREE_SEARCH_LIMIT,
      };
    }
    if (request.parent !== undefined) {
      const groupId = Number(request.parent.slice(1));
      return { nodes: moldNodes(await this.#repository.treeMolds(scope, marking, { groupId })) };
    }
    const groups = await this.#repository.treeGroups(scope, marking);
    const moulds = groups.reduce((sum, group) => sum + group.mold_count, 0);
    if (moulds > MOLD_TREE_WHOLE_UP_TO) return { nodes: buildTreeSummary(groups) };
    return { nodes: buildMoldTree(await this.#repository.treeMolds(scope, marking, 'all')) };
  }

  /**
   * The moulds a change of the tree checks and unchecks among those the caller may distribute
   * (moulds it names must be: 400 naming moldIds; groups and companies must be of the
   * organisation: 400 naming the field).
   */
  async decide(principal: Principal, change: MoldTreeChange, repository = this.#repository): Promise<DecidedMolds> {
    const both = (key: 'moldIds' | 'groupIds' | 'companyIds') => [
      ...new Set([...(change.check?.[key] ?? []), ...(change.uncheck?.[key] ?? [])]),
    ];
    const named = { moldIds: both('moldIds'), groupIds: both('groupIds'), companyIds: both('companyIds') };
    const foreign = await repository.foreignTreeIds(principal.orgId, named.groupIds, named.companyIds);
    if (foreign.groupIds.length > 0) throw notOfOrganisation('groupIds', foreign.groupIds);
    if (foreign.companyIds.length > 0) throw notOfOrganisation('companyIds', foreign.companyIds);
    const molds = await repository.distributableIn(principal.orgId, principal.userId, named);
    const found = new Set(molds.map(([moldId]) => moldId));
    const refused = named.moldIds.filter((moldId) => !found.has(moldId));
    if (refused.length > 0) throw notDistributable(refused);
    return decideMolds(molds, change);
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

  /**
   * Sets the user's own grants (within what the caller may distribute) to exactly these moulds, or
   * changes them as the tree's change says; consoles hear of it.
   */
  async distribute(
    principal: Principal,
    userId: number,
    moulds: { moldIds: readonly number[] } | { change: MoldTreeChange },
  ): Promise<DistributionOutcome> {
    await this.#requireUser(principal, userId);
    const outcome = await inTransaction(this.context.db, (trx) =>
      'change' in moulds
        ? this.#changeGrants(trx, principal, userId, moulds.change)
        : this.setGrants(trx, principal, userId, moulds.moldIds),
    );
    this.announce(userId, outcome);
    return outcome;
  }

  async #changeGrants(
    trx: Kysely<Database>,
    principal: Principal,
    userId: number,
    change: MoldTreeChange,
  ): Promise<DistributionOutcome> {
    const repository = new MoldPermissionRepository(trx);
    return repository.changeOwnGrants(userId, await this.decide(principal, change, repository));
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
