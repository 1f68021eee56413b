import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import { containing } from '../../infra/db/like.js';
import { AccessRepository } from '../access/access.repository.js';

/** A mould of the caller's organisation the caller holds, with its place in the tree and its marks. */
export interface TreeMoldRow {
  id: number;
  name: string;
  mold_number: string;
  group_id: number | null;
  group_name: string | null;
  company_id: number | null;
  company_name: string | null;
  checked: boolean;
  disabled: boolean;
}

/** A group of the caller's moulds (group_id null: the moulds without a group) with its counts. */
export interface TreeGroupRow {
  group_id: number | null;
  group_name: string | null;
  company_id: number | null;
  company_name: string | null;
  mold_count: number;
  checked_count: number;
  disabled_count: number;
  disabled_checked_count: number;
}

/** Whose tree: the caller's moulds in their organisation, marked for the user asked about (if any). */
export interface TreeScope {
  orgId: number;
  callerId: number;
  userId: number | undefined;
}

/**
 * What `checked` and `disabled` mean for the tree's purpose. `grants` (user administration): the
 * user holds the mould; fixed when it is shared to the caller or to the user. `shareAdd`: what the
 * recipient holds is checked and fixed. `shareEdit`: what the caller shares with the recipient is
 * checked; what they hold otherwise is fixed.
 */
export type TreeMarking = 'grants' | 'shareAdd' | 'shareEdit';

/** The marks as SQL over `mine` (the caller's grant) and `theirs` (the user's). */
function marks(
  marking: TreeMarking,
  callerId: number,
): { checked: RawBuilder<boolean>; disabled: RawBuilder<boolean> } {
  const held = sql<boolean>`(theirs.user_id is not null)`;
  if (marking === 'grants')
    return { checked: held, disabled: sql<boolean>`(mine.shared_by is not null or theirs.shared_by is not null)` };
  if (marking === 'shareAdd') return { checked: held, disabled: sql<boolean>`(mine.shared_by is not null or ${held})` };
  const sharedByCaller = sql<boolean>`coalesce(theirs.shared_by = ${callerId}, false)`;
  return {
    checked: sharedByCaller,
    disabled: sql<boolean>`(mine.shared_by is not null or (${held} and not ${sharedByCaller}))`,
  };
}

/** Which moulds of the tree: one group's (0: without a group), those a search finds, or all. */
export type TreeMoldFilter = { groupId: number } | { search: string; limit: number } | 'all';

type TreeMoldTuple = [
  id: number,
  name: string,
  moldNumber: string,
  groupId: number | null,
  groupName: string | null,
  companyId: number | null,
  companyName: string | null,
  checked: boolean,
  disabled: boolean,
];

/** A mould the caller may distribute, where it sits: the ids a change of the tree names it by. */
export type DistributableMold = [id: number, groupId: number, companyId: number | null];

export interface DistributionOutcome {
  granted: number[];
  revoked: number[];
}

export class MoldPermissionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The caller's moulds of their organisation with the caller's grant (`mine`) and the user's (`theirs`). */
  #marked({ orgId, callerId, userId }: TreeScope) {
    return this.db
      .selectFrom('molds as m')
      .innerJoin('user_mold_grants as mine', (join) =>
        join.onRef('mine.mold_id', '=', 'm.id').on('mine.user_id', '=', callerId),
      )
      .leftJoin('user_mold_grants as theirs', (join) =>
        join.onRef('theirs.mold_id', '=', 'm.id').on('theirs.user_id', '=', userId ?? 0),
      )
      .where('m.org_id', '=', orgId);
  }

  #treeBase(scope: TreeScope) {
    return this.#marked(scope)
      .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
      .leftJoin('companies as c', 'c.id', 'mg.company_id');
  }

  /**
   * The caller's moulds counted per group: the first answer of a large tree, whatever its size.
   * Counted by group id alone, the names joined to the 500 groups rather than the 10,000 moulds.
   */
  async treeGroups(scope: TreeScope, marking: TreeMarking): Promise<TreeGroupRow[]> {
    const { checked, disabled } = marks(marking, scope.callerId);
    const counted = this.#marked(scope)
      .select([
        'm.group_id',
        sql<number>`count(*)::int`.as('mold_count'),
        sql<number>`(count(*) filter (where ${checked}))::int`.as('checked_count'),
        sql<number>`(count(*) filter (where ${disabled}))::int`.as('disabled_count'),
        sql<number>`(count(*) filter (where ${checked} and ${disabled}))::int`.as('disabled_checked_count'),
      ])
      .groupBy('m.group_id');
    return this.db
      .selectFrom(counted.as('t'))
      .leftJoin('mold_groups as mg', 'mg.id', 't.group_id')
      .leftJoin('companies as c', 'c.id', 'mg.company_id')
      .select([
        't.group_id',
        'mg.name as group_name',
        'mg.company_id',
        'c.name as company_name',
        't.mold_count',
        't.checked_count',
        't.disabled_count',
        't.disabled_checked_count',
      ])
      .execute();
  }

  /**
   * The caller's moulds the filter names, marked, in no order (the tree sorts each level); a search
   * matches the mould's name or number, or its group's or company's name, and answers `limit` at
   * most. In one row as a JSON array of arrays: the embedded database hands rows over one by one,
   * decoded in JavaScript, which for many moulds costs more than the query.
   */
  async treeMolds(scope: TreeScope, marking: TreeMarking, filter: TreeMoldFilter): Promise<TreeMoldRow[]> {
    const { checked, disabled } = marks(marking, scope.callerId);
    const picked = this.#treeBase(scope)
      .select([
        'm.id',
        'm.name',
        'm.mold_number',
        'm.group_id',
        'mg.name as group_name',
        'mg.company_id',
        'c.name as company_name',
      ])
      .select([checked.as('checked'), disabled.as('disabled')])
      .$if(typeof filter === 'object' && 'groupId' in filter, (query) =>
        query.where(sql<boolean>`coalesce(m.group_id, 0) = ${(filter as { groupId: number }).groupId}`),
      )
      .$if(typeof filter === 'object' && 'search' in filter, (query) => {
        const { search, limit } = filter as { search: string; limit: number };
        const pattern = containing(search);
        return query
          .where((eb) =>
            eb.or([
              eb('m.name', 'ilike', pattern),
              eb('m.mold_number', 'ilike', pattern),
              eb('mg.name', 'ilike', pattern),
              eb('c.name', 'ilike', pattern),
            ]),
          )
          .orderBy('m.name')
          .orderBy('m.id')
          .limit(limit);
      });
    const { rows } = await this.db
      .selectFrom(picked.as('t'))
      .select(
        sql<string>`coalesce(json_agg(json_build_array(t.id, t.name, t.mold_number, t.group_id, t.group_name,
          t.company_id, t.company_name, t.checked, t.disabled))::text, '[]')`.as('rows'),
      )
      .executeTakeFirstOrThrow();
    return (JSON.parse(rows) as TreeMoldTuple[]).map(
      ([id, name, moldNumber, groupId, groupName, companyId, companyName, isChecked, isDisabled]) => ({
        id,
        name,
        mold_number: moldNumber,
        group_id: groupId,
        group_name: groupName,
        company_id: companyId,
        company_name: companyName,
        checked: isChecked,
        disabled: isDisabled,
      }),
    );
  }

  /**
   * The moulds the caller may distribute (their organisation's, granted to them directly) among
   * those in these moulds, groups (0: without a group) or companies, with their group and company.
   */
  async distributableIn(
    orgId: number,
    callerId: number,
    named: { moldIds: readonly number[]; groupIds: readonly number[]; companyIds: readonly number[] },
  ): Promise<DistributableMold[]> {
    const { rows } = await this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
      .select(
        sql<string>`coalesce(json_agg(json_build_array(m.id, coalesce(m.group_id, 0), mg.company_id))::text, '[]')`.as(
          'rows',
        ),
      )
      .where('g.user_id', '=', callerId)
      .where('g.shared_by', 'is', null)
      .where('m.org_id', '=', orgId)
      .where(
        sql<boolean>`(m.id = any(${[...named.moldIds]}::bigint[])
          or coalesce(m.group_id, 0) = any(${[...named.groupIds]}::bigint[])
          or mg.company_id = any(${[...named.companyIds]}::bigint[]))`,
      )
      .executeTakeFirstOrThrow();
    return JSON.parse(rows) as DistributableMold[];
  }

  /** Of these groups and companies, the ones not of the organisation (group 0, without a group, always is). */
  async foreignTreeIds(
    orgId: number,
    groupIds: readonly number[],
    companyIds: readonly number[],
  ): Promise<{ groupIds: number[]; companyIds: number[] }> {
    const named = groupIds.filter((id) => id !== 0);
    const groups = named.length
      ? await this.db
          .selectFrom('mold_groups')
          .select('id')
          .where('org_id', '=', orgId)
          .where('id', 'in', named)
          .execute()
      : [];
    const companies = companyIds.length
      ? await this.db
          .selectFrom('companies')
          .select('id')
          .where('org_id', '=', orgId)
          .where('id', 'in', [...companyIds])
          .execute()
      : [];
    const known = (rows: Array<{ id: number }>) => new Set(rows.map((row) => Number(row.id)));
    const knownGroups = known(groups);
    const knownCompanies = known(companies);
    return {
      groupIds: named.filter((id) => !knownGroups.has(id)),
      companyIds: companyIds.filter((id) => !knownCompanies.has(id)),
    };
  }

  /**
   * The user's own grants: the checked moulds given (a grant they hold by a share stays), the
   * unchecked ones taken away. Both are moulds the caller may distribute. Run inside the caller's transaction.
   */
  async changeOwnGrants(
    userId: number,
    { checked, unchecked }: { checked: readonly number[]; unchecked: readonly number[] },
  ): Promise<DistributionOutcome> {
    const revoked = unchecked.length
      ? await this.db
          .deleteFrom('user_mold_grants')
          .where('user_id', '=', userId)
          .where('shared_by', 'is', null)
          .where(sql<boolean>`mold_id = any(${[...unchecked]}::bigint[])`)
          .returning('mold_id')
          .execute()
      : [];
    const granted = checked.length
      ? (
          await sql<{ mold_id: number }>`insert into user_mold_grants (user_id, mold_id, shared_by)
            select ${userId}, unnest(${[...checked]}::bigint[]), null
            on conflict (user_id, mold_id) do nothing returning mold_id`.execute(this.db)
        ).rows
      : [];
    return { granted: granted.map((row) => Number(row.mold_id)), revoked: revoked.map((row) => row.mold_id) };
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
    const granted = await new AccessRepository(this.db).addGrants(userId, moldIds, null);
    return { granted, revoked: revoked.map((row) => row.mold_id) };
  }
}
