import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/** A mould of the caller's organisation the caller holds, with its place in the tree and the user's grant. */
export interface TreeMoldRow {
  id: number;
  name: string;
  mold_number: string;
  group_id: number | null;
  group_name: string | null;
  company_id: number | null;
  company_name: string | null;
  /** The caller holds it by someone's share: read-only for them, not theirs to distribute. */
  shared_to_caller: boolean;
  /** The user holds it (null when no user was asked about). */
  held: boolean | null;
  /** The user holds it by someone's share: distribution leaves that grant alone. */
  shared_to_user: boolean | null;
}

type TreeMoldTuple = [
  id: number,
  name: string,
  moldNumber: string,
  groupId: number | null,
  groupName: string | null,
  companyId: number | null,
  companyName: string | null,
  sharedToCaller: boolean,
  held: boolean,
  sharedToUser: boolean,
];

export interface DistributionOutcome {
  granted: number[];
  revoked: number[];
}

export class MoldPermissionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The moulds of the organisation the caller holds, with their group and company and the user's
   * grants, in no order (the tree sorts each level: cheaper than sorting 10,000 rows by three names); in one row as a JSON array of arrays: the embedded database hands rows over one by one,
   * decoded in JavaScript, which for 10,000 moulds costs more than the query.
   */
  async treeMolds(orgId: number, callerId: number, userId: number | undefined): Promise<TreeMoldRow[]> {
    const asked = userId !== undefined;
    const { rows } = await this.db
      .selectFrom('molds as m')
      .innerJoin('user_mold_grants as mine', (join) =>
        join.onRef('mine.mold_id', '=', 'm.id').on('mine.user_id', '=', callerId),
      )
      .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
      .leftJoin('companies as c', 'c.id', 'mg.company_id')
      .leftJoin('user_mold_grants as theirs', (join) =>
        join.onRef('theirs.mold_id', '=', 'm.id').on('theirs.user_id', '=', userId ?? 0),
      )
      .select(
        sql<string>`coalesce(json_agg(json_build_array(m.id, m.name, m.mold_number, m.group_id, mg.name,
          mg.company_id, c.name, mine.shared_by is not null, theirs.user_id is not null, theirs.shared_by is not null))::text, '[]')`.as(
          'rows',
        ),
      )
      .where('m.org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return (JSON.parse(rows) as TreeMoldTuple[]).map(
      ([id, name, moldNumber, groupId, groupName, companyId, companyName, sharedToCaller, held, sharedToUser]) => ({
        id,
        name,
        mold_number: moldNumber,
        group_id: groupId,
        group_name: groupName,
        company_id: companyId,
        company_name: companyName,
        shared_to_caller: sharedToCaller,
        held: asked ? held : null,
        shared_to_user: asked ? sharedToUser : null,
      }),
    );
  }

  /** Which of these moulds the caller may distribute: their organisation's, granted to them directly. */
  async distributable(orgId: number, callerId: number, moldIds: readonly number[]): Promise<Set<number>> {
    if (moldIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .select('g.mold_id')
      .where('g.user_id', '=', callerId)
      .where('g.shared_by', 'is', null)
      .where('m.org_id', '=', orgId)
      .where('g.mold_id', 'in', moldIds)
      .execute();
    return new Set(rows.map((row) => row.mold_id));
  }

  async userInOrg(orgId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Within the moulds the caller may distribute, the user's own grants become exactly `moldIds`:
   * the others are taken away, the missing ones given. Grants the user holds by a share, and moulds
   * the caller cannot distribute, stay as they are. Run inside the caller's transaction.
   */
  async setOwnGrants(
    orgId: number,
    callerId: number,
    userId: number,
    moldIds: readonly number[],
  ): Promise<DistributionOutcome> {
    const callersMolds = this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .select('g.mold_id')
      .where('g.user_id', '=', callerId)
      .where('g.shared_by', 'is', null)
      .where('m.org_id', '=', orgId);
    const revoked = await this.db
      .deleteFrom('user_mold_grants')
      .where('user_id', '=', userId)
      .where('shared_by', 'is', null)
      .where('mold_id', 'in', callersMolds)
      .$if(moldIds.length > 0, (query) => query.where('mold_id', 'not in', moldIds))
      .returning('mold_id')
      .execute();
    const granted =
      moldIds.length === 0
        ? []
        : await this.db
            .insertInto('user_mold_grants')
            .values(moldIds.map((moldId) => ({ user_id: userId, mold_id: moldId, shared_by: null })))
            .onConflict((conflict) => conflict.columns(['user_id', 'mold_id']).doNothing())
            .returning('mold_id')
            .execute();
    return { granted: granted.map((row) => row.mold_id), revoked: revoked.map((row) => row.mold_id) };
  }
}
