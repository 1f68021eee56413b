import { sql, type Kysely } from 'kysely';
import type { AlarmState } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import { containing } from '../../infra/db/like.js';
import { countUpToCap } from '../../infra/db/list-total.js';

/** What a list, its export and the position of one alarm are narrowed by. */
export interface AlarmFilter {
  types: readonly number[];
  moldId?: number | undefined;
  companyId?: number | undefined;
  groupId?: number | undefined;
  /** Opened within [start, end] (epoch seconds). */
  start?: number | undefined;
  end?: number | undefined;
  state?: AlarmState | undefined;
  acknowledged?: boolean | undefined;
  /** In the mould's name or number, any case. */
  keyword?: string | undefined;
}

const fromEpoch = (seconds: number) => new Date(seconds * 1000);

/**
 * Alarms as the lists read them. Every query starts from the caller's grants: an alarm of a mould
 * the user may not read (another organisation's included) is never in any answer.
 */
export class AlarmsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page, newest first, with the mould, its company and group, and who acknowledged. */
  page(userId: number, filter: AlarmFilter, offset: number, limit: number) {
    // The page is cut from the alarms alone (an index range in time order); only its rows are joined.
    // Several types (the network page): each type's newest, merged, since one range cannot hold both in order.
    const newest = (types: readonly number[], rows: number, skip: number) =>
      this.#listed(userId, { ...filter, types })
        .selectAll('a')
        .orderBy('a.opened_at', 'desc')
        .orderBy('a.id', 'desc')
        .offset(skip)
        .limit(rows);
    const [first, ...others] = filter.types.map((type) =>
      this.db.selectFrom(newest([type], offset + limit, 0).as('t')).selectAll(),
    );
    const cut =
      others.length === 0
        ? newest(filter.types, limit, offset)
        : this.db
            .selectFrom(others.reduce((union, next) => union.unionAll(next), first!).as('t'))
            .selectAll()
            .orderBy('t.opened_at', 'desc')
            .orderBy('t.id', 'desc')
            .offset(offset)
            .limit(limit);
    return this.db
      .selectFrom(cut.as('a'))
      .innerJoin('molds as m', 'm.id', 'a.mold_id')
      .leftJoin('mold_groups as grp', 'grp.id', 'm.group_id')
      .leftJoin('companies as c', 'c.id', 'grp.company_id')
      .leftJoin('users as u', 'u.id', 'a.acknowledged_by')
      .selectAll('a')
      .select([
        'm.name as mold_name',
        'm.mold_number',
        'grp.name as group_name',
        'c.name as company_name',
        'u.name as ack_name',
        'u.username as ack_username',
      ])
      .orderBy('a.opened_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
  }

  /** How many alarms the list holds, counted up to the cap (LIST_COUNT_CAP) + 1. */
  count(userId: number, filter: AlarmFilter): Promise<number> {
    return countUpToCap(this.db, this.#listed(userId, filter));
  }

  /** How many alarms of the list come before the one with this `unique_str`; undefined when it is not in the list. */
  async position(userId: number, filter: AlarmFilter, uniqueStr: string): Promise<number | undefined> {
    const target = await this.#listed(userId, filter)
      .select(['a.opened_at', 'a.id'])
      .where('a.unique_str', '=', uniqueStr)
      .executeTakeFirst();
    if (!target) return undefined;
    const row = await this.#listed(userId, filter)
      .where(sql<boolean>`(a.opened_at, a.id) > (${target.opened_at}, ${target.id})`)
      .select((eb) => eb.fn.countAll<string>().as('before'))
      .executeTakeFirstOrThrow();
    return Number(row.before);
  }

  /** These alarms, where the user may read their mould: id, type and whether they are acknowledged. */
  readable(userId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('alarms as a')
      .innerJoin('user_mold_grants as g', (join) =>
        join.onRef('g.mold_id', '=', 'a.mold_id').on('g.user_id', '=', userId),
      )
      .select(['a.id', 'a.org_id', 'a.mold_id', 'a.alarm_type', 'a.acknowledged_at'])
      .where('a.id', 'in', ids)
      .execute();
  }

  /** Acknowledges those of the alarms not acknowledged yet; answers the ones it acknowledged. */
  acknowledge(ids: readonly number[], userId: number, comment: string, now: Date) {
    return this.db
      .updateTable('alarms')
      .set({ acknowledged_at: now, acknowledged_by: userId, ack_comment: comment })
      .where('id', 'in', ids)
      .where('acknowledged_at', 'is', null)
      .returning(['id', 'org_id', 'mold_id', 'alarm_type'])
      .execute();
  }

  async escalationMinutes(orgId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('alarm_settings')
      .select('escalation_minutes')
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row?.escalation_minutes;
  }

  async setEscalationMinutes(orgId: number, minutes: number, now: Date): Promise<void> {
    await this.db
      .insertInto('alarm_settings')
      .values({ org_id: orgId, escalation_minutes: minutes, updated_at: now })
      .onConflict((conflict) => conflict.column('org_id').doUpdateSet({ escalation_minutes: minutes, updated_at: now }))
      .execute();
  }

  /** The user's own temperature unit (the export's default). */
  async unitOf(userId: number): Promise<'C' | 'F'> {
    const row = await this.db.selectFrom('users').select('unit').where('id', '=', userId).executeTakeFirst();
    return row?.unit ?? 'C';
  }

  /**
   * The alarms of the filter: of the types, of moulds the user holds a grant for (narrowed by mould,
   * group, company and keyword in one sub-query over the grants), and by time, state and acknowledgement.
   */
  #listed(userId: number, filter: AlarmFilter) {
    let moulds = this.db.selectFrom('user_mold_grants as g').select('g.mold_id').where('g.user_id', '=', userId);
    if (filter.moldId !== undefined) moulds = moulds.where('g.mold_id', '=', filter.moldId);
    if (filter.groupId !== undefined || filter.companyId !== undefined || filter.keyword) {
      let narrowed = moulds.innerJoin('molds as m', 'm.id', 'g.mold_id');
      if (filter.groupId !== undefined) narrowed = narrowed.where('m.group_id', '=', filter.groupId);
      if (filter.companyId !== undefined) {
        const companyId = filter.companyId;
        narrowed = narrowed.where('m.group_id', 'in', (eb) =>
          eb.selectFrom('mold_groups').select('id').where('company_id', '=', companyId),
        );
      }
      if (filter.keyword) {
        narrowed = narrowed.where('m.search_text', 'like', sql<string>`lower(${containing(filter.keyword)})`);
      }
      moulds = narrowed;
    }
    let query = this.db
      .selectFrom('alarms as a')
      .where('a.alarm_type', 'in', filter.types)
      .where('a.mold_id', 'in', moulds);
    if (filter.start !== undefined) query = query.where('a.opened_at', '>=', fromEpoch(filter.start));
    if (filter.end !== undefined) query = query.where('a.opened_at', '<=', fromEpoch(filter.end));
    if (filter.state === 'open') query = query.where('a.closed_at', 'is', null);
    if (filter.state === 'closed') query = query.where('a.closed_at', 'is not', null);
    if (filter.acknowledged === true) query = query.where('a.acknowledged_at', 'is not', null);
    if (filter.acknowledged === false) query = query.where('a.acknowledged_at', 'is', null);
    return query;
  }
}
