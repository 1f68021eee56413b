import { sql, type Kysely, type Transaction } from 'kysely';
import { FINISH_PACE_WINDOW_S, type WorkOrderForm, type WorkOrderStatus } from '@mouldwatch/shared';
import { containing } from '../../infra/db/like.js';
import { countUpToCap, pageWithTotal } from '../../infra/db/list-total.js';
import type { Database } from '../../infra/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface WorkOrderListFilter {
  search?: string | undefined;
  status?: WorkOrderStatus | undefined;
  moldId?: number | undefined;
  /** Start dates from / until (inclusive). */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The columns an order answers with, its mould's name, number, cavitation and live cycle time. */
const ORDER_COLUMNS = [
  'wo.id',
  'wo.org_id',
  'wo.mold_id',
  'wo.order_no',
  'wo.machine',
  'wo.workshop',
  'wo.project_name',
  'wo.start_date',
  'wo.quantity',
  'wo.starting_quantity',
  'wo.revision',
  'wo.remarks',
  'wo.status',
  'wo.start_counter',
  'wo.started_at',
  'wo.ended_at',
  'wo.finished',
  'wo.reject',
  'wo.created_at',
  'wo.updated_at',
  'm.name as mold_name',
  'm.mold_number',
  'm.cavitation',
  's.last_cycle_time',
  /** The mould's target cycle time (s), for the expected finish before a cycle was timed. */
  sql<
    number | null
  >`case when jsonb_typeof(m.info->'cycle_time') = 'number' then (m.info->>'cycle_time')::float8 end`.as(
    'target_cycle_time',
  ),
] as const;

/**
 * ORDER_COLUMNS, the mould's live counter and, for a working order, its counter at the start of the
 * finish estimate's window (finishPaceWindowStart): the last reading since the order's start at or
 * before the later of its start and 4 hours before `now`; the start counter when there is none.
 */
const orderColumns = (now: Date) =>
  [
    ...ORDER_COLUMNS,
    's.counter',
    sql<number | null>`case when wo.status = 'working' then coalesce((
      select r.counter from readings r
       where r.mold_id = wo.mold_id and r.counter is not null
         and r.ts >= wo.started_at
         and r.ts <= greatest(wo.started_at, ${new Date(now.getTime() - FINISH_PACE_WINDOW_S * 1000)})
       order by r.ts desc limit 1), wo.start_counter) end`.as('window_counter'),
  ] as const;

const formColumns = (form: WorkOrderForm) => ({
  order_no: form.order_no,
  mold_id: form.mold_id,
  machine: form.machine,
  workshop: form.workshop,
  project_name: form.project_name,
  start_date: new Date(form.start_date * 1000),
  quantity: form.quantity,
  starting_quantity: form.starting_quantity,
  revision: form.revision,
  remarks: form.remarks,
});

export class WorkOrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The orders on moulds the user holds a grant for, newest first: the page is cut from the orders
   * alone in index order and only its rows are joined to their moulds; the total counts up to the cap.
   */
  page(userId: number, orgId: number, filter: WorkOrderListFilter, offset: number, limit: number, now: Date) {
    return pageWithTotal(
      offset,
      limit,
      (rows) => {
        const cut = this.#listed(userId, orgId, filter)
          .select('wo.id')
          .orderBy('wo.id', 'desc')
          .offset(offset)
          .limit(rows);
        return this.db
          .selectFrom(cut.as('p'))
          .innerJoin('work_orders as wo', 'wo.id', 'p.id')
          .innerJoin('molds as m', 'm.id', 'wo.mold_id')
          .leftJoin('mold_status as s', 's.mold_id', 'wo.mold_id')
          .select(orderColumns(now))
          .orderBy('wo.id', 'desc')
          .execute();
      },
      () => countUpToCap(this.db, this.#listed(userId, orgId, filter)),
    );
  }

  /** Every matching order, newest first, at most `max` (the export). */
  all(userId: number, orgId: number, filter: WorkOrderListFilter, max: number, now: Date) {
    return this.#listed(userId, orgId, filter)
      .innerJoin('molds as m', 'm.id', 'wo.mold_id')
      .leftJoin('mold_status as s', 's.mold_id', 'wo.mold_id')
      .select(orderColumns(now))
      .orderBy('wo.id', 'desc')
      .limit(max)
      .execute();
  }

  /** One order of the organisation with its mould, and the user's grant on that mould (null: none). */
  find(db: Db, orgId: number, orderId: number, userId: number, now: Date) {
    return db
      .selectFrom('work_orders as wo')
      .innerJoin('molds as m', 'm.id', 'wo.mold_id')
      .leftJoin('mold_status as s', 's.mold_id', 'wo.mold_id')
      .leftJoin('user_mold_grants as g', (join) =>
        join.onRef('g.mold_id', '=', 'wo.mold_id').on('g.user_id', '=', userId),
      )
      .select(orderColumns(now))
      .select(['g.user_id as granted_to', 'g.shared_by'])
      .where('wo.id', '=', orderId)
      .where('wo.org_id', '=', orgId)
      .executeTakeFirst();
  }

  /** One order by id alone (after a change, to announce and answer it). */
  byId(db: Db, orderId: number, now: Date) {
    return db
      .selectFrom('work_orders as wo')
      .innerJoin('molds as m', 'm.id', 'wo.mold_id')
      .leftJoin('mold_status as s', 's.mold_id', 'wo.mold_id')
      .select(orderColumns(now))
      .where('wo.id', '=', orderId)
      .executeTakeFirst();
  }

  /** The order's status, its row locked until the transaction ends. */
  lock(trx: Transaction<Database>, orgId: number, orderId: number) {
    return trx
      .selectFrom('work_orders')
      .select(['id', 'status', 'mold_id', 'quantity', 'starting_quantity'])
      .where('id', '=', orderId)
      .where('org_id', '=', orgId)
      .forUpdate()
      .executeTakeFirst();
  }

  async insert(trx: Transaction<Database>, orgId: number, userId: number, form: WorkOrderForm): Promise<number> {
    const row = await trx
      .insertInto('work_orders')
      .values({ org_id: orgId, created_by: userId, ...formColumns(form) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(trx: Transaction<Database>, orderId: number, form: WorkOrderForm, now: Date): Promise<void> {
    await trx
      .updateTable('work_orders')
      .set({ ...formColumns(form), updated_at: now })
      .where('id', '=', orderId)
      .execute();
  }

  async delete(trx: Transaction<Database>, orderId: number): Promise<void> {
    await trx.deleteFrom('work_orders').where('id', '=', orderId).execute();
  }

  /** The working order of each of these moulds that has one, by mould; one query however many. */
  async workingOrdersOf(db: Db, moldIds: readonly number[]) {
    const rows = await db
      .selectFrom('work_orders as wo')
      .innerJoin('molds as m', 'm.id', 'wo.mold_id')
      .select([
        'wo.id',
        'wo.org_id',
        'wo.order_no',
        'wo.quantity',
        'wo.starting_quantity',
        'wo.start_counter',
        'wo.finished',
        'm.cavitation',
        'wo.mold_id',
      ])
      .where(sql<boolean>`wo.mold_id = any(${moldIds}::bigint[])`)
      .where('wo.status', '=', 'working')
      .execute();
    return new Map(rows.map((row) => [row.mold_id, row]));
  }

  /** The mould's counter now (null before its first reading) and its cavitation. */
  moldCounter(db: Db, moldId: number) {
    return db
      .selectFrom('molds as m')
      .leftJoin('mold_status as s', 's.mold_id', 'm.id')
      .select(['s.counter', 'm.cavitation'])
      .where('m.id', '=', moldId)
      .executeTakeFirst();
  }

  /** Marks the order working from the mould's counter now; false when it was no longer created. */
  async start(trx: Transaction<Database>, orderId: number, counter: number | null, finished: number, now: Date) {
    const result = await trx
      .updateTable('work_orders')
      .set({ status: 'working', start_counter: counter, started_at: now, ended_at: null, finished, updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', 'created')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends a working order (stop, or finish); false when it was no longer working. */
  async end(trx: Db, orderId: number, status: 'finish' | 'stop', now: Date, finished?: number) {
    const result = await trx
      .updateTable('work_orders')
      .set({ status, ended_at: now, updated_at: now, ...(finished === undefined ? {} : { finished }) })
      .where('id', '=', orderId)
      .where('status', '=', 'working')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Raises a working order's finished count to `finished`; false when it was already there (another
   * instance, or an earlier reading, did it) or the order no longer works.
   */
  async advance(db: Db, orderId: number, finished: number, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('work_orders')
      .set({ finished, updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', 'working')
      .where('finished', '<', finished)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The counter an order that started before its mould's first reading counts from. */
  async setStartCounter(orderId: number, counter: number): Promise<void> {
    await this.db
      .updateTable('work_orders')
      .set({ start_counter: counter })
      .where('id', '=', orderId)
      .where('start_counter', 'is', null)
      .execute();
  }

  /** The mould, when it is the organisation's. */
  moldOfOrg(orgId: number, moldId: number) {
    return this.db
      .selectFrom('molds')
      .select('id')
      .where('id', '=', moldId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
  }

  /** Moulds the user may plan orders on (granted, not shared to them), by name or mould no. */
  moldChoices(userId: number, orgId: number, search: string | undefined, limit: number) {
    let query = this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .select(['m.id', 'm.name', 'm.mold_number'])
      .where('g.user_id', '=', userId)
      .where('g.shared_by', 'is', null)
      .where('m.org_id', '=', orgId);
    if (search) {
      const pattern = sql<string>`lower(${containing(search)})`;
      query = query.where((eb) =>
        eb.or([eb(sql`lower(m.name)`, 'like', pattern), eb(sql`lower(m.mold_number)`, 'like', pattern)]),
      );
    }
    return query.orderBy('m.mold_number').orderBy('m.id').limit(limit).execute();
  }

  /** A reject entry and the order's `reject` sum, in the caller's transaction. */
  async addReject(
    trx: Transaction<Database>,
    order: { id: number; mold_id: number },
    entry: { quantity: number; remark: string; userId: number; at: Date },
  ): Promise<void> {
    await trx
      .insertInto('work_order_rejects')
      .values({
        order_id: order.id,
        mold_id: order.mold_id,
        quantity: entry.quantity,
        remark: entry.remark,
        recorded_by: entry.userId,
        recorded_at: entry.at,
      })
      .execute();
    await trx
      .updateTable('work_orders')
      .set((eb) => ({ reject: eb('reject', '+', entry.quantity), updated_at: entry.at }))
      .where('id', '=', order.id)
      .execute();
  }

  /** The order's rejects, newest first (at most `max`). */
  rejects(orderId: number, max: number) {
    return this.db
      .selectFrom('work_order_rejects as r')
      .leftJoin('users as u', 'u.id', 'r.recorded_by')
      .select(['r.id', 'r.quantity', 'r.remark', 'r.recorded_at', 'u.name as user_name', 'u.username'])
      .where('r.order_id', '=', orderId)
      .orderBy('r.id', 'desc')
      .limit(max)
      .execute();
  }

  /** Planned orders whose start date has come, the earliest first, at most one per mould. */
  dueToStart(trx: Transaction<Database>, now: Date, max: number) {
    return trx
      .selectFrom('work_orders as wo')
      .select(['wo.id', 'wo.org_id', 'wo.mold_id', 'wo.starting_quantity', 'wo.quantity'])
      .distinctOn('wo.mold_id')
      .where('wo.status', '=', 'created')
      .where('wo.start_date', '<=', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('work_orders as w2')
              .select(sql`1`.as('one'))
              .whereRef('w2.mold_id', '=', 'wo.mold_id')
              .where('w2.status', '=', 'working'),
          ),
        ),
      )
      .orderBy('wo.mold_id')
      .orderBy('wo.start_date')
      .orderBy('wo.id')
      .limit(max)
      .execute();
  }

  /** The filtered orders on the user's granted moulds; the count needs no other table. */
  #listed(userId: number, orgId: number, filter: WorkOrderListFilter) {
    let query = this.db
      .selectFrom('work_orders as wo')
      .innerJoin('user_mold_grants as g', (join) =>
        join.onRef('g.mold_id', '=', 'wo.mold_id').on('g.user_id', '=', userId),
      )
      .where('wo.org_id', '=', orgId);
    if (filter.search) {
      // Order ID, project, machine, workshop and the mould's number (migration 0026), any case.
      query = query.where('wo.search_text', 'like', sql<string>`lower(${containing(filter.search)})`);
    }
    if (filter.status !== undefined) query = query.where('wo.status', '=', filter.status);
    if (filter.moldId !== undefined) query = query.where('wo.mold_id', '=', filter.moldId);
    if (filter.from !== undefined) query = query.where('wo.start_date', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('wo.start_date', '<=', filter.to);
    return query;
  }
}

export type WorkOrderRow = Awaited<ReturnType<WorkOrdersRepository['page']>>['rows'][number];
export type RejectRow = Awaited<ReturnType<WorkOrdersRepository['rejects']>>[number];
