import { moldInfoSchema } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { ChannelChoiceRepository } from './channel-choice.repository.js';
import {
  effectiveChoice,
  enabledChannels,
  type ChannelChoice,
  type ChannelChoiceAnswer,
} from './channel-choice.rules.js';

/** Each user's choice of the temperature channels shown for a mould (replaces the spec's mould-59 case). */
export class ChannelChoiceService {
  readonly #repository: ChannelChoiceRepository;

  constructor(
    context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new ChannelChoiceRepository(context.db);
  }

  async get(principal: Principal, moldId: number): Promise<ChannelChoiceAnswer> {
    const enabled = await this.#enabled(principal, moldId);
    return effectiveChoice(enabled, await this.#repository.find(principal.userId, moldId));
  }

  /** Stored as chosen, so channels disabled now return when enabled again; a shared mould's viewer may choose too. */
  async save(principal: Principal, moldId: number, choice: ChannelChoice): Promise<ChannelChoiceAnswer> {
    const enabled = await this.#enabled(principal, moldId);
    const sorted = { mold: [...choice.mold].sort((a, b) => a - b), hrs: [...choice.hrs].sort((a, b) => a - b) };
    await this.#repository.save(principal.userId, moldId, sorted);
    return effectiveChoice(enabled, sorted);
  }

  async #enabled(principal: Principal, moldId: number): Promise<ChannelChoice> {
    await this.access.requireMoldAccess(principal, moldId, 'read');
    return enabledChannels(moldInfoSchema.parse(await this.#repository.moldInfo(moldId)));
  }
}
