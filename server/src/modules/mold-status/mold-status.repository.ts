import { sql, type Kysely } from 'kysely';
import type { HomeMoldItem, SlotState } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import { filteredMoulds, isOnline, stateClass, visibleMoulds, type MoldListFilters } from './mold-filters.js';
import type { JsonText } from './mold-status.presenter.js';

export interface StateCountRow {
  state: SlotState;
  online: boolean;
  moulds: number;
}

/** Settings read straight from the joined mould's `info` JSON, without parsing whole records. */
const startCount = sql<number>`coalesce((m.info->>'start_count')::integer, 0)`;
const maintInterval = sql<number | null>`nullif((m.info->>'maint_interval')::integer, 0)`;

/**
 * Cycles left before preventive maintenance (DESIGN §8): the interval less the cycles run since the
 * starting count; at or below 0 the PM target is exceeded. Null without an interval or a counter.
 */
export const cyclesUntilPm = sql<number | null>`${maintInterval} - greatest(0, s.counter - ${startCount})`;

/**
 * Each mould of the list as its API item (HomeMoldItem), built by the database as JSON text and
 * passed on as it is: for 10,000 moulds, handing over rows field by field and serialising them
 * again would cost several times the query. A mould that never reported is off and offline.
 */
const listItem = sql<JsonText<HomeMoldItem>>`(select to_json(item) from (select
  m.id as "id", m.name as "name", m.mold_number as "mold_number", mg.name as "group", d.device_no as "device_no",
  coalesce(s.state, 'off') as "state", ${isOnline} as "online",
  floor(extract(epoch from s.last_connect_at)) as "last_connect_time", s.counter as "counter",
  s.last_cycle_time as "last_cycle_time", s.mold_temp as "mold_temp", s.hrs_temp as "hrs_temp",
  m.group_id as "group_id", mg.company_id as "company_id", c.name as "company", m.customer as "customer",
  m.country as "country", m.mold_image as "mold_image", g.favourite as "favourite", g.sort as "sort",
  (m.info->>'cycle_time')::double precision as "target_cycle_time", ${cyclesUntilPm} as "cycles_until_pm"
) as item)::text`;

/**
 * The list is read in this many parts side by side, merged in the user's order: building the items
 * is the query's cost, and PostgreSQL builds each part on a core of its own.
 */
const PARTS = 2;

interface OrderedItem {
  sort: number | null;
  id: number;
  item: JsonText<HomeMoldItem>;
}

/** The user's order, then by id; moulds never ordered last. */
const inUserOrder = (a: OrderedItem, b: OrderedItem) => (a.sort ?? Infinity) - (b.sort ?? Infinity) || a.id - b.id;

const nonEmpty = (values: Array<{ value: string }>) => values.map(({ value }) => value).filter(Boolean);

export class MoldStatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's moulds passing the filters, in the user's order (then by id), as API items. */
  async page(
    userId: number,
    filters: MoldListFilters,
    offset: number,
    limit: number,
  ): Promise<{ items: Array<JsonText<HomeMoldItem>>; total: number }> {
    const parts = await Promise.all(
      Array.from({ length: PARTS }, (_, part) => this.#part(userId, filters, part, offset + limit)),
    );
    const items = parts
      .flat()
      .sort(inUserOrder)
      .slice(offset, offset + limit)
      .map(({ item }) => item);
    // A first page that is not full holds them all: no need to count.
    if (offset === 0 && items.length < limit) return { items, total: items.length };
    const count = await filteredMoulds(this.db, userId, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { items, total: count.total };
  }

  /** The first `count` moulds, in order, of one part of the user's moulds. */
  #part(userId: number, filters: MoldListFilters, part: number, count: number): Promise<OrderedItem[]> {
    return filteredMoulds(this.db, userId, filters)
      .where(sql<boolean>`m.id % ${PARTS} = ${part}`)
      .select(['g.sort', 'm.id', listItem.as('item')])
      .orderBy('g.sort', (order) => order.asc().nullsLast())
      .orderBy('m.id')
      .limit(count)
      .execute();
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
