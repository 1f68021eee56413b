import type { Kysely } from 'kysely';
import type { Database, DeviceRow } from '../../infra/db/schema.js';

export type DeviceListRow = DeviceRow & { mold_name: string | null; mold_number: string | null };

export type BindOutcome =
  { kind: 'bound'; unboundDeviceIds: number[] } | { kind: 'deviceNotFound' } | { kind: 'moldNotFound' };

export class DevicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The new device, or undefined when the serial number is taken (by any organisation). */
  insert(orgId: number, deviceNo: string, tokenHash: string): Promise<DeviceRow | undefined> {
    return this.db
      .insertInto('devices')
      .values({ org_id: orgId, device_no: deviceNo, token_hash: tokenHash })
      .onConflict((conflict) => conflict.column('device_no').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async page(orgId: number, offset: number, limit: number): Promise<{ rows: DeviceListRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.#withMold().where('devices.org_id', '=', orgId).orderBy('devices.id').offset(offset).limit(limit).execute(),
      this.db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.total };
  }

  find(orgId: number, deviceId: number): Promise<DeviceListRow | undefined> {
    return this.#withMold().where('devices.org_id', '=', orgId).where('devices.id', '=', deviceId).executeTakeFirst();
  }

  moldInOrg(orgId: number, moldId: number): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('molds')
      .select('id')
      .where('id', '=', moldId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
  }

  /**
   * In one transaction: binds the device to the mould (or unbinds it with null), unbinding the
   * device the mould had. Both rows are locked first, so concurrent binds cannot interleave.
   */
  bind(orgId: number, deviceId: number, moldId: number | null): Promise<BindOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const device = await trx
        .selectFrom('devices')
        .select('id')
        .where('id', '=', deviceId)
        .where('org_id', '=', orgId)
        .forUpdate()
        .executeTakeFirst();
      if (!device) return { kind: 'deviceNotFound' };
      let unboundDeviceIds: number[] = [];
      if (moldId !== null) {
        const mold = await trx
          .selectFrom('molds')
          .select('id')
          .where('id', '=', moldId)
          .where('org_id', '=', orgId)
          .forUpdate()
          .executeTakeFirst();
        if (!mold) return { kind: 'moldNotFound' };
        const unbound = await trx
          .updateTable('devices')
          .set({ mold_id: null })
          .where('mold_id', '=', moldId)
          .where('id', '<>', deviceId)
          .returning('id')
          .execute();
        unboundDeviceIds = unbound.map((row) => row.id);
      }
      await trx.updateTable('devices').set({ mold_id: moldId }).where('id', '=', deviceId).execute();
      return { kind: 'bound', unboundDeviceIds };
    });
  }

  setTokenHash(orgId: number, deviceId: number, tokenHash: string): Promise<DeviceRow | undefined> {
    return this.db
      .updateTable('devices')
      .set({ token_hash: tokenHash })
      .where('id', '=', deviceId)
      .where('org_id', '=', orgId)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(orgId: number, deviceId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('devices')
      .where('id', '=', deviceId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  #withMold() {
    return this.db
      .selectFrom('devices')
      .leftJoin('molds', 'molds.id', 'devices.mold_id')
      .selectAll('devices')
      .select(['molds.name as mold_name', 'molds.mold_number as mold_number']);
  }
}
