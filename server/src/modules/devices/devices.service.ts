import type { DeviceCredentials, DeviceRecord, Page } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { conflict, notFound } from '../../infra/http/errors.js';
import { generateDeviceToken, hashDeviceToken } from '../../infra/security/device-tokens.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { presentCredentials, presentDevice } from './devices.presenter.js';
import { DevicesRepository, type DeviceListRow } from './devices.repository.js';

/** The device registry of an organisation: serial numbers, their tokens and their moulds. */
export class DevicesService {
  readonly #repository: DevicesRepository;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new DevicesRepository(context.db);
  }

  async register(principal: Principal, deviceNo: string): Promise<DeviceCredentials> {
    const token = generateDeviceToken();
    const row = await this.#repository.insert(principal.orgId, deviceNo, hashDeviceToken(token));
    if (!row) throw conflict('deviceNoTaken');
    return presentCredentials(row, token);
  }

  async list(principal: Principal, page: number, limit: number): Promise<Page<DeviceRecord>> {
    const { rows, total } = await this.#repository.page(principal.orgId, (page - 1) * limit, limit);
    return { items: rows.map(presentDevice), total };
  }

  /**
   * Binds the device to a mould (null unbinds it); the mould's earlier device is unbound. The
   * caller must be able to change both the mould it gets and the mould it leaves.
   */
  async bind(principal: Principal, deviceId: number, moldId: number | null): Promise<DeviceRecord> {
    const device = await this.#find(principal, deviceId);
    for (const affected of new Set([moldId, device.mold_id])) {
      if (affected !== null) await this.#requireWritableMold(principal, affected);
    }
    const outcome = await this.#repository.bind(principal.orgId, deviceId, moldId);
    if (outcome.kind === 'deviceNotFound') throw notFound('deviceNotFound');
    if (outcome.kind === 'moldNotFound') throw notFound('moldNotFound');
    for (const changed of [deviceId, ...outcome.unboundDeviceIds]) this.#announceChange(changed);
    return presentDevice(await this.#find(principal, deviceId));
  }

  /** A new token; the old one stops working at once (connected MQTT sessions included). */
  async rotateToken(principal: Principal, deviceId: number): Promise<DeviceCredentials> {
    const token = generateDeviceToken();
    const row = await this.#repository.setTokenHash(principal.orgId, deviceId, hashDeviceToken(token));
    if (!row) throw notFound('deviceNotFound');
    this.#announceChange(deviceId);
    return presentCredentials(row, token);
  }

  /** Deletes the device; the readings it sent stay with their mould. */
  async remove(principal: Principal, deviceId: number): Promise<void> {
    if (!(await this.#repository.delete(principal.orgId, deviceId))) throw notFound('deviceNotFound');
    this.#announceChange(deviceId);
  }

  async #find(principal: Principal, deviceId: number): Promise<DeviceListRow> {
    const row = await this.#repository.find(principal.orgId, deviceId);
    if (!row) throw notFound('deviceNotFound');
    return row;
  }

  async #requireWritableMold(principal: Principal, moldId: number): Promise<void> {
    if (!(await this.#repository.moldInOrg(principal.orgId, moldId))) throw notFound('moldNotFound');
    await this.access.requireMoldAccess(principal, moldId, 'write');
  }

  #announceChange(deviceId: number): void {
    this.context.bus.publish('deviceChanged', { deviceId });
  }
}
