import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import { forbidden } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { MoldPrefsRepository } from './mold-prefs.repository.js';

/**
 * The caller's own marks on the moulds they see: favourite and order. They change nothing of the
 * mould, so a mould shared to the caller (read-only) takes them too.
 */
export class MoldPrefsService {
  readonly #repository: MoldPrefsRepository;

  constructor(
    db: Kysely<Database>,
    private readonly access: AccessService,
  ) {
    this.#repository = new MoldPrefsRepository(db);
  }

  async setFavourite(principal: Principal, moldId: number, favourite: boolean): Promise<void> {
    await this.access.requireMoldAccess(principal, moldId, 'read');
    await this.#repository.setFavourite(principal.userId, moldId, favourite);
  }

  /** Orders the given moulds (all of the caller's, or a filtered part); any the caller may not see refuses the whole. */
  async reorder(principal: Principal, moldIds: readonly number[]): Promise<void> {
    if ((await this.#repository.grantedCount(principal.userId, moldIds)) !== moldIds.length) throw forbidden();
    await this.#repository.reorder(principal.userId, moldIds);
  }
}
