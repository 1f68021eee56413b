import {
  MenuId,
  VALIDATION_MESSAGES,
  normalizePermissions,
  permissionTree,
  type Language,
  type Page,
  type PermissionTreeNode,
  type RolePermission,
  type RoleRecord,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { conflict, invalidInput, notFound } from '../../infra/http/errors.js';
import type { Principal } from '../access/access.service.js';
import { presentRole } from './roles.presenter.js';
import { RolesRepository, type RoleFields } from './roles.repository.js';

export interface RoleInput {
  name: string;
  is_viewer: boolean;
  permissions: RolePermission[];
}

/** What the caller's own role must keep so they can come back to the role page and undo. */
const WAY_BACK = ['view', 'edit'] as const;

/** Roles of an organisation and the actions each grants per menu item. */
export class RolesService {
  readonly #repository: RolesRepository;

  constructor(private readonly context: AppContext) {
    this.#repository = new RolesRepository(context.db);
  }

  async list(principal: Principal, page: number, limit: number, search?: string): Promise<Page<RoleRecord>> {
    const { rows, total } = await this.#repository.page(principal.orgId, (page - 1) * limit, limit, search);
    const permissions = await this.#repository.permissionsOf(rows.map((row) => row.id));
    return { items: rows.map((row) => presentRole(row, permissions.get(row.id) ?? [])), total };
  }

  async get(principal: Principal, roleId: number): Promise<RoleRecord> {
    const row = await this.#repository.find(principal.orgId, roleId);
    if (!row) throw notFound('roleNotFound');
    const permissions = await this.#repository.permissionsOf([roleId]);
    return presentRole(row, permissions.get(roleId) ?? []);
  }

  /** Every menu item with the actions it can grant; with a role, also what that role grants. */
  async menuTree(principal: Principal, language: Language, roleId?: number): Promise<PermissionTreeNode[]> {
    if (roleId === undefined) return permissionTree(language);
    const role = await this.get(principal, roleId);
    return permissionTree(language, new Map(role.permissions.map((p) => [p.menu_id, p.actions])));
  }

  async create(principal: Principal, input: RoleInput, language: Language): Promise<RoleRecord> {
    const fields = this.#fields(input, language);
    const roleId = await inTransaction(this.context.db, async (trx) => {
      await this.#repository.lockOrganization(trx, principal.orgId);
      if (await this.#repository.nameTaken(trx, principal.orgId, fields.name)) {
        throw conflict('roleNameTaken', { name: fields.name });
      }
      return this.#repository.insert(trx, principal.orgId, fields);
    });
    return this.get(principal, roleId);
  }

  async update(principal: Principal, roleId: number, input: RoleInput, language: Language): Promise<RoleRecord> {
    const fields = this.#fields(input, language);
    if (roleId === principal.roleId && !keepsWayBack(fields.permissions)) throw conflict('roleOwnAccessKept');
    await inTransaction(this.context.db, async (trx) => {
      await this.#repository.lockOrganization(trx, principal.orgId);
      if (await this.#repository.nameTaken(trx, principal.orgId, fields.name, roleId)) {
        throw conflict('roleNameTaken', { name: fields.name });
      }
      if (!(await this.#repository.update(trx, principal.orgId, roleId, fields))) throw notFound('roleNotFound');
    });
    await this.#announceMenuChange(roleId);
    return this.get(principal, roleId);
  }

  /** Deletes a role nobody holds; the caller's own role never goes. */
  async remove(principal: Principal, roleId: number): Promise<void> {
    await inTransaction(this.context.db, async (trx) => {
      await this.#repository.lockOrganization(trx, principal.orgId);
      if (!(await this.#repository.find(principal.orgId, roleId, trx))) throw notFound('roleNotFound');
      if (roleId === principal.roleId) throw conflict('roleOwnDelete');
      const holders = await this.#repository.userCount(trx, roleId);
      if (holders > 0) throw conflict('roleInUse', { count: holders });
      await this.#repository.delete(trx, principal.orgId, roleId);
    });
  }

  /** The stored form of the input: trimmed name, permissions normalised, or a 400 naming the field. */
  #fields(input: RoleInput, language: Language): RoleFields {
    const normalized = normalizePermissions(input.permissions);
    if ('problem' in normalized) {
      const { field, reason } = normalized.problem;
      throw invalidInput(`${field}: ${VALIDATION_MESSAGES[language][reason]}`);
    }
    return { name: input.name, is_viewer: input.is_viewer, permissions: normalized.permissions };
  }

  /** The role's holders see their new menu at once: their consoles reload it. */
  async #announceMenuChange(roleId: number): Promise<void> {
    const userIds = await this.#repository.holderIds(roleId);
    if (userIds.length > 0) this.context.bus.publish('menuChanged', { userIds });
  }
}

function keepsWayBack(permissions: readonly RolePermission[]): boolean {
  const own = permissions.find((permission) => permission.menu_id === MenuId.role);
  return WAY_BACK.every((action) => own?.actions.includes(action));
}
