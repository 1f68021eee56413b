import {
  MenuId,
  ResponseCode,
  type MoldGroupForm,
  type MoldGroupRecord,
  type MoldGroupRemoval,
  type NamedRecord,
  type Page,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { isForeignKeyViolation } from '../../infra/db/sql-errors.js';
import { ApiError, conflict, notFound } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { announceRemovedMolds } from '../mold-removal/mold-removal.events.js';
import type { ListQuery } from './companies.service.js';
import { CompaniesRepository } from './companies.repository.js';
import { MoldGroupsRepository, type GroupMolds } from './mold-groups.repository.js';
import { presentMoldGroup } from './mold-organisation.presenter.js';
import { withUniqueName } from './unique-name.js';

const unknownCompany = () => new ApiError(400, ResponseCode.invalid, 'unknownCompanyId');
const mayNotDeleteMolds = () => new ApiError(403, ResponseCode.forbidden, 'moldGroupMoldsNoDelete');

/**
 * Mould groups: each in a company of the organisation, its name unique within that company (any
 * case). Deleting a group deletes its moulds (the spec's "data lost" confirmation).
 */
export class MoldGroupsService {
  readonly #repository: MoldGroupsRepository;
  readonly #companies: CompaniesRepository;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new MoldGroupsRepository(context.db);
    this.#companies = new CompaniesRepository(context.db);
  }

  /** The company's groups, by name: the mould form's and the filters' picker. */
  ofCompany(principal: Principal, companyId: number): Promise<NamedRecord[]> {
    return this.#repository.ofCompany(principal.orgId, companyId);
  }

  async list(principal: Principal, query: ListQuery & { companyId?: number }): Promise<Page<MoldGroupRecord>> {
    const offset = (query.page - 1) * query.limit;
    const filters = { search: query.search, companyId: query.companyId };
    const { rows, total } = await this.#repository.page(principal.orgId, filters, offset, query.limit);
    return { items: rows.map(presentMoldGroup), total };
  }

  async create(principal: Principal, form: MoldGroupForm): Promise<MoldGroupRecord> {
    const created = await this.#write(() => this.#repository.insert(principal.orgId, form.company_id, form.name));
    if (!created) throw unknownCompany();
    return this.#find(principal, created.id);
  }

  async update(principal: Principal, groupId: number, form: MoldGroupForm): Promise<MoldGroupRecord> {
    if (!(await this.#companies.find(principal.orgId, form.company_id))) throw unknownCompany();
    const updated = await this.#write(() =>
      this.#repository.update(principal.orgId, groupId, form.company_id, form.name),
    );
    if (!updated) throw notFound('moldGroupNotFound');
    return this.#find(principal, groupId);
  }

  /**
   * Deletes the group and its moulds. With moulds, the caller needs the mould list's `delete` too,
   * and every one of them must be theirs to change (granted, not shared to them).
   */
  async remove(principal: Principal, groupId: number): Promise<MoldGroupRemoval> {
    const mayDeleteMolds = await this.access.can(principal, MenuId.mold, 'delete');
    const accepts = (molds: GroupMolds) => molds.moldIds.length === 0 || (mayDeleteMolds && molds.notWritable === 0);
    const outcome = await this.#repository.delete(principal.orgId, groupId, principal.userId, accepts);
    if (outcome.kind === 'notFound') throw notFound('moldGroupNotFound');
    if (outcome.kind === 'refused') {
      if (!mayDeleteMolds) throw mayNotDeleteMolds();
      throw conflict('moldGroupMoldsNotWritable', { count: outcome.molds.notWritable });
    }
    announceRemovedMolds(this.context.bus, principal.orgId, outcome.removed);
    return { id: groupId, deleted_molds: outcome.removed.moldIds.length };
  }

  async #find(principal: Principal, groupId: number): Promise<MoldGroupRecord> {
    const row = await this.#repository.find(principal.orgId, groupId);
    if (!row) throw notFound('moldGroupNotFound');
    return presentMoldGroup(row);
  }

  /** A name taken in the company is a 409; a company deleted meanwhile, an unknown company. */
  async #write<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await withUniqueName('moldGroupNameTaken', write);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw unknownCompany();
      throw error;
    }
  }
}
