import type { THERMOCOUPLE_CODES } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { MoldSettingsRepository } from './mold-settings.repository.js';

export type ThermocoupleCode = (typeof THERMOCOUPLE_CODES)[keyof typeof THERMOCOUPLE_CODES];

/** Settings of a mould itself (not a user's view of it), changed by those who may edit the mould. */
export class MoldSettingsService {
  readonly #repository: MoldSettingsRepository;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new MoldSettingsRepository(context.db);
  }

  /**
   * The thermocouple the mould's sensors are: readings that come in from now on are read as it
   * (K corrected), those stored keep the type they came in with (the spec's confirmation). The
   * ingest hears of it at once, not when its cached device runs out.
   */
  async setThermocouple(
    principal: Principal,
    moldId: number,
    code: ThermocoupleCode,
  ): Promise<{ id: number; thermocouple_type: ThermocoupleCode }> {
    await this.access.requireMoldAccess(principal, moldId, 'write');
    const deviceIds = await this.#repository.setThermocouple(moldId, code, this.context.now());
    for (const deviceId of deviceIds) this.context.bus.publish('deviceChanged', { deviceId });
    return { id: moldId, thermocouple_type: code };
  }
}
