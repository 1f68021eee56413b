import type { MoldListItem, Page, TimeStateRecord } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { presentMoldListItem, presentTimeState } from './mold-status.presenter.js';
import { MoldStatusRepository } from './mold-status.repository.js';

/** The state engine's results as the console reads them, for the moulds the caller may see. */
export class MoldStatusService {
  readonly #repository: MoldStatusRepository;

  constructor(
    context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new MoldStatusRepository(context.db);
  }

  async list(principal: Principal, page: number, limit: number): Promise<Page<MoldListItem>> {
    const { rows, total } = await this.#repository.page(principal.userId, (page - 1) * limit, limit);
    return { items: rows.map(presentMoldListItem), total };
  }

  /** Time-state records of the slots starting in [start, end) (epoch seconds). */
  async statusHistory(principal: Principal, moldId: number, start: number, end: number): Promise<TimeStateRecord[]> {
    await this.access.requireMoldAccess(principal, moldId, 'read');
    const slots = await this.#repository.slots(moldId, new Date(start * 1000), new Date(end * 1000));
    return slots.map(presentTimeState);
  }
}
