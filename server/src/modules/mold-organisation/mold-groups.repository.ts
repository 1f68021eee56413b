import { sql, type Kysely } from 'kysely';
import { containing } from '../../infra/db/like.js';
import type { Database } from '../../infra/db/schema.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { deleteMolds, type RemovedMolds } from '../mold-removal/mold-removal.repository.js';

export interface MoldGroupRow {
  id: number;
  name: string;
  created_at: Date;
  company_id: number;
  company_name: string;
  mold_count: number;
}

export interface MoldGroupFilters {
  search?: string;
  companyId?: number;
}

/** A group's moulds and whether the caller may delete each (a grant of their own, not a share). */
export interface GroupMolds {
  moldIds: number[];
  notWritable: number;
}

export type GroupRemoval =
  { kind: 'deleted'; removed: RemovedMolds } | { kind: 'notFound' } | { kind: 'refused'; molds: GroupMolds };

/** The organisation's groups, each with its company. */
const scopedGroups = (db: Kysely<Database>, orgId: number) =>
  db.selectFrom('mold_groups as g').innerJoin('companies as c', 'c.id', 'g.company_id').where('g.org_id', '=', orgId);

/** A list row's columns: the group, its company and how many moulds it holds. */
const withListColumns = (groups: ReturnType<typeof scopedGroups>) =>
  groups
    .select(['g.id', 'g.name', 'g.created_at', 'c.id as company_id', 'c.name as company_name'])
    .select((eb) =>
      eb
        .selectFrom('molds as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.group_id', '=', 'g.id')
        .whereRef('m.org_id', '=', 'g.org_id')
        .as('mold_count'),
    )
    .$castTo<MoldGroupRow>();

export class MoldGroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The company's groups, by name (the pickers); none when the company is not the organisation's. */
  ofCompany(orgId: number, companyId: number) {
    return this.db
      .selectFrom('mold_groups')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('company_id', '=', companyId)
      .orderBy(sql`lower(name), id`)
      .execute();
  }

  async page(orgId: number, filters: MoldGroupFilters, offset: number, limit: number) {
    const { search, companyId } = filters;
    const matching = scopedGroups(this.db, orgId)
      .$if(search !== undefined, (query) => query.where('g.name', 'ilike', containing(search ?? '')))
      .$if(companyId !== undefined, (query) => query.where('g.company_id', '=', companyId ?? 0));
    const [rows, count] = await Promise.all([
      withListColumns(matching)
        .orderBy(sql`lower(c.name), lower(g.name), g.id`)
        .offset(offset)
        .limit(limit)
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.total };
  }

  /** The new group, or undefined when the company is not the organisation's; a taken name throws. */
  insert(orgId: number, companyId: number, name: string) {
    return this.db
      .insertInto('mold_groups')
      .columns(['org_id', 'company_id', 'name'])
      .expression((eb) =>
        eb
          .selectFrom('companies')
          .select([sql.lit(orgId).as('org_id'), 'id', sql.val(name).as('name')])
          .where('org_id', '=', orgId)
          .where('id', '=', companyId),
      )
      .returning('id')
      .executeTakeFirst();
  }

  /** Renames the group and puts it in the company; a taken name throws. */
  update(orgId: number, groupId: number, companyId: number, name: string) {
    return this.db
      .updateTable('mold_groups')
      .set({ name, company_id: companyId })
      .where('org_id', '=', orgId)
      .where('id', '=', groupId)
      .returning('id')
      .executeTakeFirst();
  }

  find(orgId: number, groupId: number): Promise<MoldGroupRow | undefined> {
    return withListColumns(scopedGroups(this.db, orgId).where('g.id', '=', groupId)).executeTakeFirst();
  }

  /**
   * Deletes the group with its moulds, in one transaction, when `mayDelete` accepts its moulds.
   * The group and its moulds are locked first: no mould joins or leaves it meanwhile.
   */
  delete(
    orgId: number,
    groupId: number,
    userId: number,
    mayDelete: (molds: GroupMolds) => boolean,
  ): Promise<GroupRemoval> {
    return inTransaction(this.db, async (trx) => {
      const group = await trx
        .selectFrom('mold_groups')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', '=', groupId)
        .forUpdate()
        .executeTakeFirst();
      if (!group) return { kind: 'notFound' };
      const rows = await trx
        .selectFrom('molds as m')
        .leftJoin('user_mold_grants as ug', (join) =>
          join.onRef('ug.mold_id', '=', 'm.id').on('ug.user_id', '=', userId).on('ug.shared_by', 'is', null),
        )
        .select(['m.id', 'ug.user_id as writer'])
        .where('m.org_id', '=', orgId)
        .where('m.group_id', '=', groupId)
        .forUpdate('m')
        .execute();
      const molds = {
        moldIds: rows.map((row) => row.id),
        notWritable: rows.filter((row) => row.writer === null).length,
      };
      if (!mayDelete(molds)) return { kind: 'refused', molds };
      const removed = await deleteMolds(trx, orgId, molds.moldIds);
      await trx.deleteFrom('mold_groups').where('id', '=', groupId).execute();
      return { kind: 'deleted', removed };
    });
  }
}
