import type { NamedRecord, TagKind } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../infra/http/errors.js';
import type { Principal } from '../access/access.service.js';
import { MoldTagsRepository } from './mold-tags.repository.js';

/**
 * Country and workshop (factory) tags: values the mould form offers. A mould keeps its value as
 * text, so deleting a tag changes no mould; adding a name the organisation has answers that tag.
 */
export class MoldTagsService {
  readonly #repository: MoldTagsRepository;

  constructor(context: AppContext) {
    this.#repository = new MoldTagsRepository(context.db);
  }

  list(principal: Principal, kind: TagKind): Promise<NamedRecord[]> {
    return this.#repository.list(principal.orgId, kind);
  }

  add(principal: Principal, kind: TagKind, name: string): Promise<NamedRecord> {
    return this.#repository.findOrInsert(principal.orgId, kind, name);
  }

  async remove(principal: Principal, kind: TagKind, tagId: number): Promise<void> {
    if (!(await this.#repository.delete(principal.orgId, kind, tagId))) throw notFound('tagNotFound');
  }
}
