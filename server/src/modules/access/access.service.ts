import type { Kysely } from 'kysely';
import type { MenuAction } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import { forbidden, refused } from '../../infra/http/errors.js';
import { AccessRepository } from './access.repository.js';

/** The signed-in user as every route sees it. */
export interface Principal {
  userId: number;
  orgId: number;
  roleId: number | null;
  username: string;
}

export type MoldAccess = 'none' | 'read' | 'write';

/** The one permission check: menu item + action, and for mould data the user's grant set. */
export class AccessService {
  readonly #repository: AccessRepository;

  constructor(db: Kysely<Database>) {
    this.#repository = new AccessRepository(db);
  }

  async grantedActions(principal: Principal): Promise<Map<number, MenuAction[]>> {
    if (principal.roleId === null) return new Map();
    return this.#repository.grantedActions(principal.roleId);
  }

  async can(principal: Principal, menuId: number, action: MenuAction): Promise<boolean> {
    const granted = await this.grantedActions(principal);
    return granted.get(menuId)?.includes(action) ?? false;
  }

  async requirePermission(principal: Principal, menuId: number, action: MenuAction): Promise<void> {
    if (!(await this.can(principal, menuId, action))) throw forbidden();
  }

  /** A granted mould is writable; one shared to the user by someone else is read-only. */
  async moldAccess(principal: Principal, moldId: number): Promise<MoldAccess> {
    const grant = await this.#repository.moldGrant(principal.userId, moldId);
    if (!grant) return 'none';
    return grant.shared_by === null ? 'write' : 'read';
  }

  /** Which of these moulds the caller may read. */
  readableMoldIds(principal: Principal, moldIds: readonly number[]): Promise<Set<number>> {
    return this.#repository.grantedMoldIds(principal.userId, moldIds);
  }

  /** Who may see these moulds: publishers of `moldsChanged` 'removed' ask this before the delete. */
  holdersOf(moldIds: readonly number[]): Promise<number[]> {
    return this.#repository.holders(moldIds);
  }

  async requireMoldAccess(principal: Principal, moldId: number, needed: Exclude<MoldAccess, 'none'>): Promise<void> {
    const access = await this.moldAccess(principal, moldId);
    if (access === 'none') throw forbidden();
    if (needed === 'write' && access === 'read') throw refused('moldSharedReadOnly');
  }
}
