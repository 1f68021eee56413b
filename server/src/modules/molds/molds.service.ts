import type { Transaction } from 'kysely';
import {
  ResponseCode,
  moldInfoSchema,
  moldRecordFromForm,
  oeeFraction,
  type MoldForm,
  type MoldTarget,
  type Page,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../infra/db/schema.js';
import { inTransaction } from '../../infra/db/transaction.js';
import type { FileStore } from '../../infra/files/file-store.js';
import { detectImageType } from '../../infra/files/image-type.js';
import { ApiError, conflict, forbidden, notFound } from '../../infra/http/errors.js';
import { generateDeviceToken, hashDeviceToken } from '../../infra/security/device-tokens.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { imageUrl, presentListItem, presentMold, type MoldListItem, type MoldRecord } from './molds.presenter.js';
import { MoldsRepository, type MoldListFilter } from './molds.repository.js';

/** What a save answers: the mould, and the device token when this save registered the device (shown once). */
export interface MoldSaved {
  mold: MoldRecord;
  device_token?: string;
}

/** The device part of a save: which devices changed, and the new device's token if one was registered. */
interface DeviceOutcome {
  changedDeviceIds: number[];
  token?: string;
}

const IMAGE_FOLDER = 'molds';

/**
 * The mould list's administration (spec §2 route 28): moulds with their device, saved together in
 * one transaction, deleted with what is theirs. A save is announced on the bus at once
 * (`moldsChanged`), so the state engine and the ingest judge the next reading by the new settings.
 */
export class MoldsService {
  readonly #repository: MoldsRepository;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
    private readonly files: FileStore,
  ) {
    this.#repository = new MoldsRepository(context.db);
  }

  async list(principal: Principal, filter: MoldListFilter, page: number, limit: number): Promise<Page<MoldListItem>> {
    const { rows, total } = await this.#repository.page(
      principal.userId,
      principal.orgId,
      filter,
      (page - 1) * limit,
      limit,
    );
    return { items: rows.map(presentListItem), total };
  }

  async get(principal: Principal, moldId: number): Promise<MoldRecord> {
    return presentMold(await this.#findReadable(principal, moldId));
  }

  /**
   * A new mould, its device (bound, or registered when the serial number is new) and the creator's
   * write grant, all or nothing. Other users see it once it is distributed to them.
   */
  async create(principal: Principal, form: MoldForm): Promise<MoldSaved> {
    const { moldId, device } = await inTransaction(this.context.db, async (trx) => {
      await this.#requireGroup(trx, principal, form);
      const { columns, info } = moldRecordFromForm(form);
      const id = await this.#repository.insert(trx, principal.orgId, columns, info);
      await this.#repository.grantWrite(trx, principal.userId, id);
      return { moldId: id, device: await this.#attachDevice(trx, principal, id, form.device_no) };
    });
    this.context.bus.publish('grantsChanged', { userIds: [principal.userId], moldIds: [moldId], change: 'granted' });
    return this.#saved(principal, moldId, device);
  }

  /** Saves the form over the mould and its device binding, all or nothing; settings the form does not show are kept. */
  async update(principal: Principal, moldId: number, form: MoldForm): Promise<MoldSaved> {
    await this.#requireWritable(principal, moldId);
    const device = await inTransaction(this.context.db, async (trx) => {
      const current = await this.#repository.lockInfo(trx, principal.orgId, moldId);
      if (!current) throw notFound('moldNotFound');
      await this.#requireGroup(trx, principal, form);
      const { columns, info } = moldRecordFromForm(form, moldInfoSchema.parse(current.info ?? {}));
      await this.#repository.update(trx, moldId, { ...columns, info }, this.context.now());
      return this.#attachDevice(trx, principal, moldId, form.device_no);
    });
    return this.#saved(principal, moldId, device);
  }

  /** Target OEE (percent), target counter and voltage, each only when given (update_target). */
  async updateTargets(principal: Principal, moldId: number, target: MoldTarget): Promise<MoldRecord> {
    await this.#requireWritable(principal, moldId);
    await inTransaction(this.context.db, async (trx) => {
      const current = await this.#repository.lockInfo(trx, principal.orgId, moldId);
      if (!current) throw notFound('moldNotFound');
      const info = moldInfoSchema.parse(current.info ?? {});
      const changes = {
        ...(target.oee !== undefined ? { oee: oeeFraction(target.oee) } : {}),
        ...(target.counter !== undefined ? { counter: target.counter } : {}),
        ...(target.voltage !== undefined ? { voltage: target.voltage } : {}),
      };
      await this.#repository.update(trx, moldId, { info: { ...info, ...changes } }, this.context.now());
    });
    this.#announceUpdated(principal, moldId);
    return this.get(principal, moldId);
  }

  /** Deletes the mould with its grants, roll-ups, slots, status and readings; its device is kept, unbound. */
  async remove(principal: Principal, moldId: number): Promise<void> {
    const mould = await this.#requireWritable(principal, moldId);
    const holders = await inTransaction(this.context.db, async (trx) => {
      const users = await this.#repository.grantHolders(trx, moldId);
      await this.#repository.delete(trx, moldId);
      return users;
    });
    if (mould.mold_image) await this.files.delete(mould.mold_image);
    if (mould.device_id !== null) this.context.bus.publish('deviceChanged', { deviceId: mould.device_id });
    this.context.bus.publish('moldsChanged', { orgId: principal.orgId, moldIds: [moldId], change: 'removed' });
    this.context.bus.publish('grantsChanged', { userIds: holders, moldIds: [moldId], change: 'revoked' });
  }

  /** Stores the image (JPEG, PNG or WebP by its bytes) as the mould's, and deletes the one it replaces. */
  async setImage(principal: Principal, moldId: number, bytes: Buffer): Promise<{ mold_image: string }> {
    await this.#requireWritable(principal, moldId);
    const type = detectImageType(bytes);
    if (!type) throw new ApiError(400, ResponseCode.invalid, 'imageTypeUnsupported');
    const key = await this.files.put(IMAGE_FOLDER, bytes, type.extension);
    let replaced: string;
    try {
      replaced = await inTransaction(this.context.db, async (trx) => {
        const current = await this.#repository.lockInfo(trx, principal.orgId, moldId);
        if (!current) throw notFound('moldNotFound');
        await this.#repository.update(trx, moldId, { mold_image: key }, this.context.now());
        return current.mold_image;
      });
    } catch (error) {
      await this.files.delete(key);
      throw error;
    }
    if (replaced) await this.files.delete(replaced);
    this.#announceUpdated(principal, moldId);
    return { mold_image: imageUrl(key) };
  }

  /**
   * Binds the serial number's device to the mould: a device of the organisation that is free (or
   * already this mould's) is bound, a new serial number is registered and bound (its token answered),
   * one of another organisation or bound to another mould is refused (409). The mould's earlier
   * device is unbound.
   */
  async #attachDevice(
    trx: Transaction<Database>,
    principal: Principal,
    moldId: number,
    deviceNo: string,
  ): Promise<DeviceOutcome> {
    const existing = await this.#repository.lockDevice(trx, deviceNo);
    if (existing) {
      if (existing.org_id !== principal.orgId) throw conflict('deviceNoTaken');
      if (existing.mold_id !== null && existing.mold_id !== moldId) throw conflict('deviceBoundElsewhere');
      const unbound = await this.#repository.bindDevice(trx, existing.id, moldId);
      return { changedDeviceIds: [existing.id, ...unbound] };
    }
    const unbound = await this.#repository.unbindDevicesOf(trx, moldId);
    const token = generateDeviceToken();
    const created = await this.#repository.insertDevice(trx, principal.orgId, deviceNo, hashDeviceToken(token), moldId);
    if (!created) throw conflict('deviceNoTaken');
    return { changedDeviceIds: [created.id, ...unbound], token };
  }

  async #requireGroup(trx: Transaction<Database>, principal: Principal, form: MoldForm): Promise<void> {
    const group = await this.#repository.groupOfCompany(trx, principal.orgId, form.company_id, form.group_id);
    if (!group) throw notFound('groupNotFound');
  }

  async #saved(principal: Principal, moldId: number, device: DeviceOutcome): Promise<MoldSaved> {
    for (const deviceId of device.changedDeviceIds) this.context.bus.publish('deviceChanged', { deviceId });
    this.#announceUpdated(principal, moldId);
    const mold = await this.get(principal, moldId);
    return device.token === undefined ? { mold } : { mold, device_token: device.token };
  }

  #announceUpdated(principal: Principal, moldId: number): void {
    this.context.bus.publish('moldsChanged', { orgId: principal.orgId, moldIds: [moldId], change: 'updated' });
  }

  /** The organisation's mould the caller is granted (404 for another organisation's, 403 when not granted). */
  async #findReadable(principal: Principal, moldId: number) {
    const row = await this.#repository.find(this.context.db, principal.orgId, moldId, principal.userId);
    if (!row) throw notFound('moldNotFound');
    if (row.granted_to === null) throw forbidden();
    return row;
  }

  /** As #findReadable, and not shared to the caller by someone else (the spec's read-only shared mould). */
  async #requireWritable(principal: Principal, moldId: number) {
    const row = await this.#findReadable(principal, moldId);
    await this.access.requireMoldAccess(principal, moldId, 'write');
    return row;
  }
}
