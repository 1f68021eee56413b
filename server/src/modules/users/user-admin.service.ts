import { parseMoldIds, type Page, type UserForm, type UserRecord } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { UserUpdate } from '../../infra/db/schema.js';
import { ApiError, conflict, notFound } from '../../infra/http/errors.js';
import { hashPassword } from '../../infra/security/passwords.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { ResponseCode } from '@mouldwatch/shared';
import type { Principal } from '../access/access.service.js';
import type { MoldDistributionService } from '../mold-permission/mold-distribution.service.js';
import { presentUser } from './user-admin.presenter.js';
import { UserAdminRepository, isUniqueViolation, type AdminUserRow } from './user-admin.repository.js';

/** The user form as the route hands it over: the password already decoded. */
export type UserInput = UserForm;
export type UserChange = Partial<UserInput> & { is_active?: boolean };

const unknownRole = () => new ApiError(400, ResponseCode.invalid, 'unknownRole');

/**
 * An organisation's users as its administrators manage them (spec §6, §7): one role each, passwords
 * set by the administrator, disabling, and the moulds granted through the permission tree.
 * Permissions are read per request, so a new role holds from the user's next call; disabling, a new
 * password or a new role also end the user's sessions (their open consoles log in again and so load
 * the new menu).
 */
export class UserAdminService {
  readonly #repository: UserAdminRepository;

  constructor(
    private readonly context: AppContext,
    private readonly distribution: MoldDistributionService,
  ) {
    this.#repository = new UserAdminRepository(context.db);
  }

  async list(principal: Principal, search: string | undefined, page: number, limit: number): Promise<Page<UserRecord>> {
    const { rows, total } = await this.#repository.page(principal.orgId, search, (page - 1) * limit, limit);
    return { items: rows.map((row) => presentUser(row)), total };
  }

  async get(principal: Principal, userId: number): Promise<UserRecord> {
    const row = await this.#find(principal, userId);
    return presentUser(row, await this.#repository.ownGrantIds(userId));
  }

  /** A staff user (is_staff 1, subscribe 1 unless said otherwise) with the role and the moulds of the form. */
  async create(principal: Principal, input: UserInput & { password: string }): Promise<UserRecord> {
    await this.#requireRole(principal, input.role);
    const moldIds = input.moldIds === undefined ? [] : (parseMoldIds(input.moldIds) ?? []);
    const passwordHash = await hashPassword(input.password);
    const { userId, outcome } = await inTransaction(this.context.db, async (trx) => {
      const created = await insertUser(new UserAdminRepository(trx), principal, input, passwordHash);
      return { userId: created, outcome: await this.distribution.setGrants(trx, principal, created, moldIds) };
    });
    this.distribution.announce(userId, outcome);
    return this.get(principal, userId);
  }

  async update(principal: Principal, userId: number, change: UserChange): Promise<UserRecord> {
    const before = await this.#find(principal, userId);
    if (change.is_active === false && userId === principal.userId) throw conflict('cannotDisableSelf');
    if (change.role !== undefined && change.role !== before.role_id) await this.#requireRole(principal, change.role);
    const moldIds = change.moldIds === undefined ? undefined : (parseMoldIds(change.moldIds) ?? []);
    const password = change.password ? await hashPassword(change.password) : undefined;
    const revoke = password !== undefined || (change.is_active === false && before.is_active);
    const roleChanged = change.role !== undefined && change.role !== before.role_id;
    const outcome = await inTransaction(this.context.db, async (trx) => {
      await saveUser(new UserAdminRepository(trx), principal.orgId, userId, toColumns(change, password), revoke);
      return moldIds ? this.distribution.setGrants(trx, principal, userId, moldIds) : undefined;
    });
    if (revoke) this.context.bus.publish('sessionsRevoked', { userId });
    // Permissions are read from the role on every request; open consoles take the new menu live.
    else if (roleChanged) this.context.bus.publish('menuChanged', { userIds: [userId] });
    if (outcome) this.distribution.announce(userId, outcome);
    return this.get(principal, userId);
  }

  /** Deletes the user with their grants; the moulds they shared with others go too. */
  async remove(principal: Principal, userId: number): Promise<void> {
    await this.#find(principal, userId);
    if (userId === principal.userId) throw conflict('cannotDeleteSelf');
    const shares = await this.#repository.shareRecipients(userId);
    if (!(await this.#repository.delete(principal.orgId, userId))) throw notFound('userNotFound');
    this.context.bus.publish('sessionsRevoked', { userId });
    for (const [recipient, moldIds] of groupByUser(shares)) {
      this.context.bus.publish('grantsChanged', { userIds: [recipient], moldIds, change: 'revoked' });
    }
  }

  async #find(principal: Principal, userId: number): Promise<AdminUserRow> {
    const row = await this.#repository.find(principal.orgId, userId);
    if (!row) throw notFound('userNotFound');
    return row;
  }

  async #requireRole(principal: Principal, roleId: number): Promise<void> {
    if (!(await this.#repository.roleInOrg(principal.orgId, roleId))) throw unknownRole();
  }
}

async function insertUser(
  repository: UserAdminRepository,
  principal: Principal,
  input: UserInput,
  passwordHash: string,
): Promise<number> {
  try {
    return await repository.insert({
      org_id: principal.orgId,
      role_id: input.role,
      username: input.username,
      password_hash: passwordHash,
      name: input.name,
      mobile: input.mobile,
      email: input.email,
      is_staff: (input.is_staff ?? 1) === 1,
      subscribe: input.subscribe ?? 1,
    });
  } catch (error) {
    throw isUniqueViolation(error) ? conflict('usernameTaken') : error;
  }
}

async function saveUser(
  repository: UserAdminRepository,
  orgId: number,
  userId: number,
  columns: UserUpdate,
  revoke: boolean,
): Promise<void> {
  try {
    await repository.update(orgId, userId, columns, revoke);
  } catch (error) {
    throw isUniqueViolation(error) ? conflict('usernameTaken') : error;
  }
}

function toColumns(change: UserChange, passwordHash: string | undefined): UserUpdate {
  const columns: UserUpdate = {
    username: change.username,
    password_hash: passwordHash,
    name: change.name,
    mobile: change.mobile,
    email: change.email,
    role_id: change.role,
    subscribe: change.subscribe,
    is_staff: change.is_staff === undefined ? undefined : change.is_staff === 1,
    is_active: change.is_active,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as UserUpdate;
}

function groupByUser(rows: ReadonlyArray<{ user_id: number; mold_id: number }>): Map<number, number[]> {
  const byUser = new Map<number, number[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.mold_id]);
  return byUser;
}
