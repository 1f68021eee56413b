import { sql, type Kysely } from 'kysely';
import { containing } from '../../infra/db/like.js';
import type { Database } from '../../infra/db/schema.js';
import { inTransaction } from '../../infra/db/transaction.js';

export interface CompanyRow {
  id: number;
  name: string;
  created_at: Date;
  group_count: number;
  mold_count: number;
}

export type CompanyRemoval = { kind: 'deleted' } | { kind: 'notFound' } | { kind: 'hasGroups'; groups: number };

/** Case-insensitive name order, the id breaking ties: pages never overlap. */
const byName = sql`lower(name), id`;

export class CompaniesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every company of the organisation, by name (the pickers). */
  all(orgId: number) {
    return this.db.selectFrom('companies').select(['id', 'name']).where('org_id', '=', orgId).orderBy(byName).execute();
  }

  async page(orgId: number, search: string | undefined, offset: number, limit: number) {
    const matching = this.db
      .selectFrom('companies as c')
      .where('c.org_id', '=', orgId)
      .$if(search !== undefined, (query) => query.where('c.name', 'ilike', containing(search ?? '')));
    const [rows, count] = await Promise.all([
      matching
        .select(['c.id', 'c.name', 'c.created_at'])
        .select((eb) => [
          eb
            .selectFrom('mold_groups as g')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('g.company_id', '=', 'c.id')
            .as('group_count'),
          eb
            .selectFrom('molds as m')
            .innerJoin('mold_groups as g', 'g.id', 'm.group_id')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('g.company_id', '=', 'c.id')
            .whereRef('m.org_id', '=', 'c.org_id')
            .as('mold_count'),
        ])
        .orderBy(sql`lower(c.name), c.id`)
        .offset(offset)
        .limit(limit)
        .$castTo<CompanyRow>()
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.total };
  }

  find(orgId: number, companyId: number) {
    return this.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('id', '=', companyId)
      .executeTakeFirst();
  }

  /** The new company; a name taken (any case) throws the unique index's error. */
  insert(orgId: number, name: string) {
    return this.db
      .insertInto('companies')
      .values({ org_id: orgId, name })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
  }

  /** The renamed company, or undefined when it is not the organisation's. */
  rename(orgId: number, companyId: number, name: string) {
    return this.db
      .updateTable('companies')
      .set({ name })
      .where('org_id', '=', orgId)
      .where('id', '=', companyId)
      .returning(['id', 'name'])
      .executeTakeFirst();
  }

  /** Deletes a company that has no groups; the row is locked first, so no group can join meanwhile. */
  delete(orgId: number, companyId: number): Promise<CompanyRemoval> {
    return inTransaction(this.db, async (trx) => {
      const company = await trx
        .selectFrom('companies')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', '=', companyId)
        .forUpdate()
        .executeTakeFirst();
      if (!company) return { kind: 'notFound' };
      const { groups } = await trx
        .selectFrom('mold_groups')
        .select((eb) => eb.fn.countAll<number>().as('groups'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      if (groups > 0) return { kind: 'hasGroups', groups };
      await trx.deleteFrom('companies').where('id', '=', companyId).execute();
      return { kind: 'deleted' };
    });
  }
}
