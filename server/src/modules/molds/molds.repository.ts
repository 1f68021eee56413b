import { sql, type Kysely, type Transaction } from 'kysely';
import type { MoldFormColumns, MoldInfo } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';

export interface MoldListFilter {
  search?: string | undefined;
  companyId?: number | undefined;
  groupId?: number | undefined;
}

/** A LIKE pattern that finds `text` anywhere, its own % _ \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export class MoldsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The moulds the user holds a grant for in the organisation, newest first, with their list facts. */
  async page(userId: number, orgId: number, filter: MoldListFilter, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.#listed(userId, orgId, filter)
        .leftJoin('devices as d', 'd.mold_id', 'm.id')
        .leftJoin('mold_status as s', 's.mold_id', 'm.id')
        .select([
          'm.id',
          'm.name',
          'm.mold_number',
          'm.mold_image',
          'm.updated_at',
          'm.subscription_expires_at',
          'grp.id as group_id',
          'grp.name as group_name',
          'c.id as company_id',
          'c.name as company_name',
          'd.id as device_id',
          'd.device_no',
          's.online',
          'g.shared_by',
        ])
        .orderBy('m.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.#listed(userId, orgId, filter)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** One mould of the organisation with its company, device and the user's grant (undefined grant: none). */
  find(db: Kysely<Database>, orgId: number, moldId: number, userId: number) {
    return db
      .selectFrom('molds as m')
      .leftJoin('mold_groups as grp', 'grp.id', 'm.group_id')
      .leftJoin('devices as d', 'd.mold_id', 'm.id')
      .leftJoin('user_mold_grants as g', (join) => join.onRef('g.mold_id', '=', 'm.id').on('g.user_id', '=', userId))
      .selectAll('m')
      .select(['grp.company_id', 'd.id as device_id', 'd.device_no', 'g.shared_by', 'g.user_id as granted_to'])
      .where('m.id', '=', moldId)
      .where('m.org_id', '=', orgId)
      .executeTakeFirst();
  }

  /** The group, when it is the organisation's and the company's. */
  groupOfCompany(trx: Transaction<Database>, orgId: number, companyId: number, groupId: number) {
    return trx
      .selectFrom('mold_groups')
      .select('id')
      .where('id', '=', groupId)
      .where('company_id', '=', companyId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
  }

  async insert(trx: Transaction<Database>, orgId: number, columns: MoldFormColumns, info: MoldInfo): Promise<number> {
    const row = await trx
      .insertInto('molds')
      .values({ org_id: orgId, ...columns, info: JSON.stringify(info) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The mould's stored info, its row locked until the transaction ends. */
  lockInfo(trx: Transaction<Database>, orgId: number, moldId: number) {
    return trx
      .selectFrom('molds')
      .select(['info', 'mold_image'])
      .where('id', '=', moldId)
      .where('org_id', '=', orgId)
      .forUpdate()
      .executeTakeFirst();
  }

  async update(
    trx: Transaction<Database>,
    moldId: number,
    changes: Partial<MoldFormColumns> & { info?: MoldInfo; mold_image?: string },
    now: Date,
  ): Promise<void> {
    const { info, ...columns } = changes;
    await trx
      .updateTable('molds')
      .set({ ...columns, ...(info ? { info: JSON.stringify(info) } : {}), updated_at: now })
      .where('id', '=', moldId)
      .execute();
  }

  /** The device with this serial number (any organisation's), locked until the transaction ends. */
  lockDevice(trx: Transaction<Database>, deviceNo: string) {
    return trx
      .selectFrom('devices')
      .select(['id', 'org_id', 'mold_id'])
      .where('device_no', '=', deviceNo)
      .forUpdate()
      .executeTakeFirst();
  }

  /** A new device bound to the mould; undefined when the serial number was taken meanwhile. */
  insertDevice(trx: Transaction<Database>, orgId: number, deviceNo: string, tokenHash: string, moldId: number) {
    return trx
      .insertInto('devices')
      .values({ org_id: orgId, device_no: deviceNo, token_hash: tokenHash, mold_id: moldId })
      .onConflict((conflict) => conflict.column('device_no').doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** Binds the device to the mould, unbinding any other device the mould had; answers the ids unbound. */
  async bindDevice(trx: Transaction<Database>, deviceId: number, moldId: number): Promise<number[]> {
    const unbound = await this.unbindDevicesOf(trx, moldId, deviceId);
    await trx.updateTable('devices').set({ mold_id: moldId }).where('id', '=', deviceId).execute();
    return unbound;
  }

  async unbindDevicesOf(trx: Transaction<Database>, moldId: number, keepDeviceId = 0): Promise<number[]> {
    const rows = await trx
      .updateTable('devices')
      .set({ mold_id: null })
      .where('mold_id', '=', moldId)
      .where('id', '<>', keepDeviceId)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async grantWrite(trx: Transaction<Database>, userId: number, moldId: number): Promise<void> {
    await trx.insertInto('user_mold_grants').values({ user_id: userId, mold_id: moldId, shared_by: null }).execute();
  }

  async grantHolders(trx: Transaction<Database>, moldId: number): Promise<number[]> {
    const rows = await trx.selectFrom('user_mold_grants').select('user_id').where('mold_id', '=', moldId).execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * Deletes the mould. Its roll-ups (no foreign key, see migration 0005) go first; grants, status,
   * slots, readings, notices and channel choices follow by cascade; its device stays, unbound.
   */
  async delete(trx: Transaction<Database>, moldId: number): Promise<void> {
    await trx.deleteFrom('mold_rollups').where('mold_id', '=', moldId).execute();
    await trx.deleteFrom('molds').where('id', '=', moldId).execute();
  }

  #listed(userId: number, orgId: number, filter: MoldListFilter) {
    let query = this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .leftJoin('mold_groups as grp', 'grp.id', 'm.group_id')
      .leftJoin('companies as c', 'c.id', 'grp.company_id')
      .where('g.user_id', '=', userId)
      .where('m.org_id', '=', orgId);
    if (filter.search) {
      const pattern = containing(filter.search);
      query = query.where('m.search_text', 'like', sql<string>`lower(${pattern})`);
    }
    if (filter.companyId !== undefined) query = query.where('grp.company_id', '=', filter.companyId);
    if (filter.groupId !== undefined) query = query.where('m.group_id', '=', filter.groupId);
    return query;
  }
}
