import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { HomeMoldItem, SlotState } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import { filteredMoulds, isOnline, stateClass, visibleMoulds, type MoldListFilters } from './mold-filters.js';
import type { JsonText } from '../../infra/db/json-text.js';

export interface StateCountRow {
  state: SlotState;
  online: boolean;
  moulds: number;
}

/**
 * Cycles left before preventive maintenance (DESIGN §8): with PM tasks by cycles on the mould, the
 * fewest left among them (each counts from the counter at its last maintenance); without one, the
 * mould's interval less the cycles run since the starting count (`info`, as `pm_interval` and
 * `pm_base`). At or below 0 the PM target is exceeded. Null without an interval or a counter.
 */
export const cyclesUntilPm = (counter: RawBuilder<number | null>) =>
  sql<number | null>`coalesce(
    (select min(pl.pm_interval - greatest(0, ${counter} - pl.base_counter))
       from maintenance_task_molds pl where pl.mold_id = m.id and pl.pm_interval is not null),
    m.pm_interval - greatest(0, ${counter} - m.pm_base))`;

/** A mould that never reported is off and offline. */
const NEVER_REPORTED =
  '"state":"off","online":false,"last_connect_time":null,"counter":null,"last_cycle_time":null,"mold_temp":null,"hrs_temp":null';

/**
 * Each mould of the list as its API item (HomeMoldItem): the members each table keeps as JSON text
 * (migration 0008), spliced together with the serial number and the user's own marks. Making the
 * JSON of some twenty columns of every mould at every call cost several times the rest of the query.
 */
const listItem = sql<string>`'{' || m.list_json
  || ',' || coalesce(mg.list_json, '"group":null,"company_id":null')
  || ',' || coalesce(c.list_json, '"company":null')
  || ',"device_no":' || coalesce(to_json(d.device_no)::text, 'null')
  || ',' || coalesce(ls.list_json, ${NEVER_REPORTED})
  || ',"favourite":' || g.favourite
  || ',"sort":' || coalesce(g.sort::text, 'null')
  || ',"cycles_until_pm":' || coalesce((${cyclesUntilPm(sql.ref('ls.counter'))})::text, 'null') || '}'`;

/**
 * The page is sorted with its items (about 0.5 kB a mould): within the default 4 MB, a list of
 * 10,000 moulds would be sorted through temporary files.
 */
const LIST_WORK_MEM = '32MB';

const nonEmpty = (values: Array<{ value: string }>) => values.map(({ value }) => value).filter(Boolean);

export class MoldStatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The user's moulds passing the filters, in the user's order (then by id), as a JSON array of API
   * items, in one row: the embedded database hands rows over one by one, decoded in JavaScript.
   */
  async page(
    userId: number,
    filters: MoldListFilters,
    offset: number,
    limit: number,
  ): Promise<{ items: JsonText<HomeMoldItem[]>; total: number }> {
    const { items, count } = await this.db.transaction().execute(async (trx) => {
      await sql`set local work_mem = ${sql.lit(LIST_WORK_MEM)}`.execute(trx);
      const page = filteredMoulds(trx, userId, filters)
        .leftJoin('mold_list_status as ls', 'ls.mold_id', 'm.id')
        .select(['g.sort', 'm.id', listItem.as('item')])
        .orderBy('g.sort', (order) => order.asc().nullsLast())
        .orderBy('m.id')
        .offset(offset)
        .limit(limit)
        .as('page');
      return trx
        .selectFrom(page)
        .select((eb) => [
          sql<string>`coalesce(string_agg(page.item, ',' order by page.sort nulls last, page.id), '')`.as('items'),
          eb.fn.countAll<number>().as('count'),
        ])
        .executeTakeFirstOrThrow();
    });
    // A first page that is not full holds them all: no need to count.
    if (offset === 0 && count < limit) return { items: `[${items}]`, total: count };
    const { total } = await filteredMoulds(this.db, userId, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { items: `[${items}]`, total };
  }

  /** How many of the user's moulds passing the filters are in each state class and connection. */
  stateCounts(userId: number, filters: MoldListFilters): Promise<StateCountRow[]> {
    return filteredMoulds(this.db, userId, filters)
      .select((eb) => [stateClass.as('state'), isOnline.as('online'), eb.fn.countAll<number>().as('moulds')])
      .groupBy([stateClass, isOnline])
      .execute();
  }

  /** The companies and groups of the user's moulds. */
  groups(userId: number) {
    return this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .innerJoin('mold_groups as mg', 'mg.id', 'm.group_id')
      .innerJoin('companies as c', 'c.id', 'mg.company_id')
      .where('g.user_id', '=', userId)
      .select(['mg.id', 'mg.name', 'mg.company_id', 'c.name as company'])
      .distinct()
      .execute();
  }

  /** The customers and countries named on the user's moulds. */
  async customersAndCountries(userId: number): Promise<{ customers: string[]; countries: string[] }> {
    const distinct = (column: 'm.customer' | 'm.country') =>
      visibleMoulds(this.db, userId).select(`${column} as value`).distinct().execute();
    const [customers, countries] = await Promise.all([distinct('m.customer'), distinct('m.country')]);
    return { customers: nonEmpty(customers), countries: nonEmpty(countries) };
  }
}
