import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { SlotState } from '@mouldwatch/shared';
import { containing } from '../../infra/db/like.js';
import type { Database } from '../../infra/db/schema.js';

/** What the home screen narrows the caller's moulds by, besides their state. */
export interface MoldFilters {
  /** Part of the name, mould no or serial number, any case. */
  search?: string;
  companyId?: number;
  groupId?: number;
  customer?: string;
  country?: string;
  favourite?: boolean;
}

/** The list's filters: the others, plus the state class (stby counts as idle) and the connection. */
export interface MoldListFilters extends MoldFilters {
  state?: SlotState;
  online?: boolean;
}

/** The caller's granted and shared moulds, joined to everything the home list shows or filters by. */
export function visibleMoulds(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_mold_grants as g')
    .innerJoin('molds as m', 'm.id', 'g.mold_id')
    .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
    .leftJoin('companies as c', 'c.id', 'mg.company_id')
    .leftJoin('devices as d', 'd.mold_id', 'm.id')
    .leftJoin('mold_status as s', 's.mold_id', 'm.id')
    .where('g.user_id', '=', userId);
}

type VisibleMoulds = ReturnType<typeof visibleMoulds>;
type VisibleExpressions =
  VisibleMoulds extends SelectQueryBuilder<infer DB, infer TB, infer _O> ? ExpressionBuilder<DB, TB> : never;

/** The state class of the joined status: stby counts as idle, and a mould that never reported is off. */
export const stateClass = sql<SlotState>`case when s.state in ('stby', 'idle') then 'idle' else coalesce(s.state, 'off') end`;
/** The joined status's connection: a mould that never reported is offline. */
export const isOnline = sql<boolean>`coalesce(s.online, false)`;

function conditions(eb: VisibleExpressions, filters: MoldListFilters): Array<Expression<SqlBool>> {
  const { search, companyId, groupId, customer, country, favourite, state, online } = filters;
  const pattern = search ? containing(search) : undefined;
  return [
    pattern === undefined
      ? undefined
      : eb.or([
          eb('m.name', 'ilike', pattern),
          eb('m.mold_number', 'ilike', pattern),
          eb('d.device_no', 'ilike', pattern),
        ]),
    companyId === undefined ? undefined : eb('mg.company_id', '=', companyId),
    groupId === undefined ? undefined : eb('m.group_id', '=', groupId),
    customer === undefined ? undefined : eb('m.customer', '=', customer),
    country === undefined ? undefined : eb('m.country', '=', country),
    favourite === undefined ? undefined : eb('g.favourite', '=', favourite),
    state === undefined ? undefined : eb(stateClass, '=', state),
    online === undefined ? undefined : eb(isOnline, '=', online),
  ].filter((condition) => condition !== undefined);
}

/** The caller's moulds narrowed by every filter given. */
export const filteredMoulds = (db: Kysely<Database>, userId: number, filters: MoldListFilters) =>
  visibleMoulds(db, userId).where((eb) => eb.and(conditions(eb, filters)));
