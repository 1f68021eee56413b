import type { FilterOptions, HomeMoldItem, MoldFacts, StateCounts } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import type { MoldFilters, MoldListFilters } from './mold-filters.js';
import { MoldFactsRepository } from './mold-facts.repository.js';
import type { JsonText } from '../../infra/db/json-text.js';
import { STATE_CLASSES, presentMoldFacts, presentStateCounts } from './mold-status.presenter.js';
import { MoldStatusRepository } from './mold-status.repository.js';

const collator = new Intl.Collator('en');

/** The state engine's results as the console reads them, for the moulds the caller may see. */
export class MoldStatusService {
  readonly #repository: MoldStatusRepository;
  readonly #facts: MoldFactsRepository;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new MoldStatusRepository(context.db);
    this.#facts = new MoldFactsRepository(context.db);
  }

  /** The caller's moulds passing the filters, in the caller's order. */
  async list(
    principal: Principal,
    filters: MoldListFilters,
    page: number,
    limit: number,
  ): Promise<{ items: JsonText<HomeMoldItem[]>; total: number }> {
    return this.#repository.page(principal.userId, filters, (page - 1) * limit, limit);
  }

  /** Per state class and connection, how many of the caller's moulds pass the other filters. */
  async stateCounts(principal: Principal, filters: MoldFilters): Promise<StateCounts> {
    return presentStateCounts(await this.#repository.stateCounts(principal.userId, filters));
  }

  async filterOptions(principal: Principal): Promise<FilterOptions> {
    const [groups, { customers, countries }] = await Promise.all([
      this.#repository.groups(principal.userId),
      this.#repository.customersAndCountries(principal.userId),
    ]);
    // Sorted here, not by the database, whose collation differs between installations.
    const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
    const companies = new Map(groups.map((group) => [group.company_id, group.company]));
    return {
      companies: [...companies].map(([id, name]) => ({ id, name })).sort(byName),
      groups: groups.map(({ id, name, company_id }) => ({ id, name, company_id })).sort(byName),
      customers: customers.sort(collator.compare),
      countries: countries.sort(collator.compare),
      states: STATE_CLASSES,
    };
  }

  /** The spec's displayed facts of one mould; "today" is the day in the caller's zone. */
  async facts(principal: Principal, moldId: number, timeZone: string): Promise<MoldFacts> {
    await this.access.requireMoldAccess(principal, moldId, 'read');
    const [row, firstReadingAt, recent, stopSecondsToday] = await Promise.all([
      this.#facts.facts(principal.userId, moldId),
      this.#facts.firstReadingAt(moldId),
      this.#facts.recentCycleAverage(moldId),
      this.#facts.stopSecondsToday(moldId, this.context.now(), timeZone),
    ]);
    // The grant was withdrawn between the check and the read.
    if (!row) throw forbidden();
    return presentMoldFacts(row, { firstReadingAt, ...recent, stopSecondsToday });
  }
}
