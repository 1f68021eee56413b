import type { CompanyRecord, NamedRecord, Page } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { conflict, notFound } from '../../infra/http/errors.js';
import type { Principal } from '../access/access.service.js';
import { CompaniesRepository } from './companies.repository.js';
import { presentCompany } from './mold-organisation.presenter.js';
import { withUniqueName } from './unique-name.js';

export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
}

/** The organisation's companies: names unique within it (any case); one with groups is not deleted. */
export class CompaniesService {
  readonly #repository: CompaniesRepository;

  constructor(context: AppContext) {
    this.#repository = new CompaniesRepository(context.db);
  }

  /** Every company, by name: the mould form's and the filters' picker. */
  all(principal: Principal): Promise<NamedRecord[]> {
    return this.#repository.all(principal.orgId);
  }

  async list(principal: Principal, query: ListQuery): Promise<Page<CompanyRecord>> {
    const offset = (query.page - 1) * query.limit;
    const { rows, total } = await this.#repository.page(principal.orgId, query.search, offset, query.limit);
    return { items: rows.map(presentCompany), total };
  }

  create(principal: Principal, name: string): Promise<NamedRecord> {
    return withUniqueName('companyNameTaken', () => this.#repository.insert(principal.orgId, name));
  }

  async rename(principal: Principal, companyId: number, name: string): Promise<NamedRecord> {
    const company = await withUniqueName('companyNameTaken', () =>
      this.#repository.rename(principal.orgId, companyId, name),
    );
    if (!company) throw notFound('companyNotFound');
    return company;
  }

  async remove(principal: Principal, companyId: number): Promise<void> {
    const outcome = await this.#repository.delete(principal.orgId, companyId);
    if (outcome.kind === 'notFound') throw notFound('companyNotFound');
    if (outcome.kind === 'hasGroups') throw conflict('companyHasGroups', { count: outcome.groups });
  }
}
