import { sql, type Kysely, type Transaction } from 'kysely';
import type { MaintenanceStatus, MaintenanceTaskInput, MaintenanceTaskType } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import { containing } from '../../infra/db/like.js';
import { countUpToCap, pageWithTotal } from '../../infra/db/list-total.js';
import { cyclesUntilPm } from '../mold-status/mold-status.repository.js';

export interface ScheduleFilter {
  moldId?: number;
  companyId?: number;
  groupId?: number;
  status?: MaintenanceStatus;
  taskType?: MaintenanceTaskType;
  keyword?: string;
}

export interface HistoryFilter {
  moldId?: number;
  companyId?: number;
  groupId?: number;
  taskType?: MaintenanceTaskType;
  keyword?: string;
  start?: Date;
  end?: Date;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The task's columns from its form. */
export function taskColumns(form: MaintenanceTaskInput) {
  const pm = form.task_type === 'pm';
  return {
    task_name: form.task_name,
    task_type: form.task_type,
    mold_id: form.mold,
    company_id: form.mold === null && form.group === 0 && form.company > 0 ? form.company : null,
    group_id: form.mold === null && form.group > 0 ? form.group : null,
    maint_interval: pm ? form.maint_interval : null,
    interval_days: pm ? form.interval_days : null,
    schedule_type: form.schedule_type,
    repeat: pm ? null : form.repeat,
    start_repeat: pm ? null : form.start_repeat,
    warning_type: form.warning_type,
    warning_value: form.warning_value,
    content: JSON.stringify(form.content),
  };
}

/** A task whose rule is PM by cycles alone: no calendar part, so SQL evaluates its links set-wise. */
const BY_CYCLES_ONLY = sql<boolean>`(t.task_type = 'pm' and t.interval_days is null)`;

/** `[task_id, mold_id, org_id, status, remaining, unit, status changed, task name]` as json_agg gives them. */
type CyclesEvaluationRow = [
  number | string,
  number | string,
  number | string,
  MaintenanceStatus,
  number | null,
  'cycles' | 'days',
  boolean,
  string | null,
];

/** A link `evaluateByCycles` evaluated: its new result, whether its status changed, and the task's name to announce. */
export interface CyclesEvaluation {
  task_id: number;
  mold_id: number;
  org_id: number;
  status: MaintenanceStatus;
  remaining: number | null;
  unit: 'cycles' | 'days';
  statusChanged: boolean;
  /** Set when the link is to be announced as `maintenanceDue`. */
  task_name: string | null;
}

/** Link rows the due evaluation reads: the task's rules, the mould's counter and zone. */
const EVALUATED = [
  'l.task_id',
  'l.mold_id',
  'l.org_id',
  'l.base_counter',
  'l.base_at',
  'l.last_maint_at',
  'l.due_now_at',
  'l.status',
  'l.remaining',
  'l.unit',
  'l.alarm_at',
  't.task_name',
  't.task_type',
  't.maint_interval',
  't.interval_days',
  't.schedule_type',
  't.repeat',
  't.start_repeat',
  't.warning_type',
  't.warning_value',
  't.time_zone as task_zone',
  'm.time_zone as mold_zone',
  's.counter',
] as const;

export class MaintenanceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findTask(db: Db, orgId: number, taskId: number) {
    return db
      .selectFrom('maintenance_tasks as t')
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('maintenance_task_molds as l')
          .whereRef('l.task_id', '=', 't.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('mold_count'),
      )
      .where('t.org_id', '=', orgId)
      .where('t.id', '=', taskId)
      .executeTakeFirst();
  }

  async companyExists(trx: Db, orgId: number, companyId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('companies')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async groupExists(trx: Db, orgId: number, groupId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('mold_groups')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertTask(
    trx: Transaction<Database>,
    orgId: number,
    form: MaintenanceTaskInput,
    zone: string,
  ): Promise<number> {
    const row = await trx
      .insertInto('maintenance_tasks')
      .values({ org_id: orgId, time_zone: zone, ...taskColumns(form) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateTask(trx: Transaction<Database>, orgId: number, taskId: number, form: MaintenanceTaskInput, now: Date) {
    await trx
      .updateTable('maintenance_tasks')
      .set({ ...taskColumns(form), updated_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', taskId)
      .execute();
  }

  async deleteTask(trx: Transaction<Database>, orgId: number, taskId: number): Promise<void> {
    await trx.deleteFrom('maintenance_tasks').where('org_id', '=', orgId).where('id', '=', taskId).execute();
  }

  /**
   * Makes the task's links match its scope: a mould newly in scope starts counting from its counter
   * now; one no longer in scope is unlinked (its records stay). `taskId` undefined: every company
   * or group task of every organisation (moulds that joined a company or group since).
   */
  async syncLinks(trx: Transaction<Database>, now: Date, taskId?: number): Promise<void> {
    const scoped = sql`(m.id = t.mold_id or m.group_id = t.group_id
      or m.group_id in (select g.id from mold_groups g where g.company_id = t.company_id))`;
    const only =
      taskId === undefined ? sql`(t.company_id is not null or t.group_id is not null)` : sql`t.id = ${taskId}`;
    await sql`
      insert into maintenance_task_molds (task_id, mold_id, org_id, pm_interval, base_counter, base_at)
      select t.id, m.id, t.org_id, case when t.task_type = 'pm' then t.maint_interval end,
             coalesce(s.counter, 0), ${now}
        from maintenance_tasks t
        join molds m on m.org_id = t.org_id and ${scoped}
        left join mold_status s on s.mold_id = m.id
       where ${only}
      on conflict (task_id, mold_id) do nothing`.execute(trx);
    await sql`
      delete from maintenance_task_molds l using maintenance_tasks t, molds m
       where l.task_id = t.id and m.id = l.mold_id and ${only} and not ${scoped}`.execute(trx);
    if (taskId !== undefined) {
      await sql`
        update maintenance_task_molds l
           set pm_interval = case when t.task_type = 'pm' then t.maint_interval end, eval_counter = null
          from maintenance_tasks t
         where t.id = l.task_id and t.id = ${taskId}`.execute(trx);
    }
  }

  /**
   * Links to evaluate: all of them (`all`), or those whose counter moved since their last evaluation.
   * `calendar`: only those with a calendar part (regular, PM by days), the ones `evaluateByCycles`
   * leaves; of them, a link whose result cannot move with the counter (no cycles part) is evaluated
   * only when `all`, or when a day may have turned since (`dayTurned`), then whether its counter moved or not.
   */
  linksToEvaluate(
    db: Db,
    options: { all: boolean; taskId?: number; moldId?: number; calendar?: { dayTurned: boolean } },
  ) {
    let query = db
      .selectFrom('maintenance_task_molds as l')
      .innerJoin('maintenance_tasks as t', 't.id', 'l.task_id')
      .innerJoin('molds as m', 'm.id', 'l.mold_id')
      .leftJoin('mold_status as s', 's.mold_id', 'l.mold_id')
      .select([...EVALUATED, 'l.due_date', 'l.eval_counter']);
    if (options.taskId !== undefined) query = query.where('l.task_id', '=', options.taskId);
    if (options.moldId !== undefined) query = query.where('l.mold_id', '=', options.moldId);
    const moved = sql<boolean>`s.counter is distinct from l.eval_counter`;
    if (options.calendar === undefined) {
      if (!options.all) query = query.where(moved);
      return query.execute();
    }
    query = query.where(sql<boolean>`not ${BY_CYCLES_ONLY}`);
    if (!options.all) {
      const byCounter = sql<boolean>`(t.task_type = 'pm' and t.maint_interval is not null)`;
      query = query.where(
        options.calendar.dayTurned
          ? sql<boolean>`(not ${byCounter} or ${moved})`
          : sql<boolean>`(${byCounter} and ${moved})`,
      );
    }
    return query.execute();
  }

  /**
   * Evaluates, in one statement, the links whose task is PM by cycles alone (no calendar part: the
   * rule is arithmetic on the counter, `maintenanceDue`'s PM-by-cycles branch and manual start) and
   * saves those whose result differs. Answers the links the caller must report: every one when
   * `targeted`, else those whose status, remaining or unit changed, and (`announceAll`) non-normal ones.
   * The task's name comes with a status change or an announcement (the `maintenanceDue` event).
   */
  async evaluateByCycles(
    trx: Transaction<Database>,
    options: { all: boolean; taskId?: number; moldId?: number },
    now: Date,
    { announceAll, targeted }: { announceAll: boolean; targeted: boolean },
  ): Promise<CyclesEvaluation[]> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const filters = [BY_CYCLES_ONLY];
    if (options.taskId !== undefined) filters.push(sql`l.task_id = ${options.taskId}`);
    if (options.moldId !== undefined) filters.push(sql`l.mold_id = ${options.moldId}`);
    if (!options.all) filters.push(sql`s.counter is distinct from l.eval_counter`);
    const { rows } = await sql<{ rows: string }>`
      with v as materialized (
        select l.task_id, l.mold_id, l.org_id, l.status as old_status, l.remaining as old_remaining,
               l.unit as old_unit, t.task_name, s.counter, f.status, f.remaining, f.unit,
               case when f.status = 'normal' then null else coalesce(l.alarm_at, ${now}) end as alarm_at
          from maintenance_task_molds l
          join maintenance_tasks t on t.id = l.task_id
          left join mold_status s on s.mold_id = l.mold_id
          cross join lateral (
            select case when t.maint_interval is not null and s.counter is not null
                        then t.maint_interval - greatest(0, s.counter - l.base_counter) end as remaining,
                   case when t.warning_type = 'percent' then ceil(t.maint_interval::numeric * t.warning_value / 100)
                        else t.warning_value end as window,
                   l.due_now_at is not null and floor(extract(epoch from l.due_now_at)) <= ${nowSeconds} as started
          ) c
          cross join lateral (
            select case when c.started and not coalesce(c.remaining <= 0, false) then 'exceeded'
                        when c.remaining is null then 'normal'
                        when c.remaining <= 0 then 'exceeded'
                        when c.remaining <= c.window then 'warning'
                        else 'normal' end as status,
                   case when c.started and not coalesce(c.remaining <= 0, false) then least(0, coalesce(c.remaining, 0))
                        else c.remaining end as remaining,
                   case when t.maint_interval is not null then 'cycles' else 'days' end as unit
          ) f
         where ${sql.join(filters, sql` and `)}
      ),
      saved as (
        update maintenance_task_molds l
           set status = v.status, urgency = case v.status when 'exceeded' then 0 when 'warning' then 1 else 2 end,
               remaining = v.remaining, unit = v.unit, due_date = null, alarm_at = v.alarm_at, eval_counter = v.counter
          from v
         where l.task_id = v.task_id and l.mold_id = v.mold_id
           and (l.status, l.remaining, l.unit, l.due_date, l.alarm_at, l.eval_counter)
               is distinct from (v.status, v.remaining, v.unit, null, v.alarm_at, v.counter)
      )
      select coalesce(json_agg(json_build_array(v.task_id, v.mold_id, v.org_id, v.status, v.remaining, v.unit,
               v.status <> v.old_status,
               case when v.status <> v.old_status or (${announceAll} and v.status <> 'normal') then v.task_name end)),
             '[]')::text as rows
        from v
       where ${targeted} or v.status <> v.old_status or v.remaining is distinct from v.old_remaining
          or v.unit <> v.old_unit or (${announceAll} and v.status <> 'normal')`.execute(trx);
    return (JSON.parse(rows[0]!.rows) as CyclesEvaluationRow[]).map(
      ([task_id, mold_id, org_id, status, remaining, unit, statusChanged, task_name]) => ({
        task_id: Number(task_id),
        mold_id: Number(mold_id),
        org_id: Number(org_id),
        status,
        remaining,
        unit,
        statusChanged,
        task_name,
      }),
    );
  }

  /** Each mould's counter now and home's "cycles until PM" at it (the rule of the mould list and facts). */
  pmFigures(db: Db, moldIds: readonly number[]) {
    if (moldIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('molds as m')
      .leftJoin('mold_status as s', 's.mold_id', 'm.id')
      .select(['m.id', 's.counter', cyclesUntilPm(sql.ref('s.counter')).as('cycles_until_pm')])
      .where(sql<boolean>`m.id = any(${[...moldIds]}::bigint[])`)
      .execute();
  }

  async saveEvaluation(
    trx: Transaction<Database>,
    rows: Array<{
      task_id: number;
      mold_id: number;
      status: MaintenanceStatus;
      remaining: number | null;
      unit: 'cycles' | 'days';
      due_date: string | null;
      alarm_at: Date | null;
      counter: number | null;
    }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const payload = JSON.stringify(rows);
    await sql`
      update maintenance_task_molds l
         set status = v.status, urgency = case v.status when 'exceeded' then 0 when 'warning' then 1 else 2 end,
             remaining = v.remaining, unit = v.unit, due_date = v.due_date,
             alarm_at = v.alarm_at, eval_counter = v.counter
        from jsonb_to_recordset(${payload}::jsonb) as v(task_id bigint, mold_id bigint, status text,
             remaining integer, unit text, due_date text, alarm_at timestamptz, counter integer)
       where l.task_id = v.task_id and l.mold_id = v.mold_id
         and (l.status, l.remaining, l.unit, l.due_date, l.alarm_at, l.eval_counter)
             is distinct from (v.status, v.remaining, v.unit, v.due_date, v.alarm_at, v.counter)`.execute(trx);
  }

  findLink(db: Db, orgId: number, taskId: number, moldId: number) {
    return db
      .selectFrom('maintenance_task_molds as l')
      .innerJoin('maintenance_tasks as t', 't.id', 'l.task_id')
      .innerJoin('molds as m', 'm.id', 'l.mold_id')
      .leftJoin('mold_status as s', 's.mold_id', 'l.mold_id')
      .select([...EVALUATED, 't.content'])
      .where('l.org_id', '=', orgId)
      .where('l.task_id', '=', taskId)
      .where('l.mold_id', '=', moldId)
      .executeTakeFirst();
  }

  async markDueNow(trx: Transaction<Database>, taskId: number, moldId: number, now: Date): Promise<void> {
    await trx
      .updateTable('maintenance_task_molds')
      .set({ due_now_at: now, eval_counter: null })
      .where('task_id', '=', taskId)
      .where('mold_id', '=', moldId)
      .execute();
  }

  async resetBase(trx: Transaction<Database>, taskId: number, moldId: number, counter: number, now: Date) {
    await trx
      .updateTable('maintenance_task_molds')
      .set({ base_counter: counter, base_at: now, last_maint_at: now, due_now_at: null, eval_counter: null })
      .where('task_id', '=', taskId)
      .where('mold_id', '=', moldId)
      .execute();
  }

  async insertRecord(trx: Transaction<Database>, record: Parameters<typeof this.recordValues>[0]): Promise<number> {
    const row = await trx
      .insertInto('maintenance_records')
      .values(this.recordValues(record))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private recordValues(record: {
    org_id: number;
    task_id: number;
    mold_id: number;
    task_name: string;
    task_type: 'pm' | 'regular';
    content: Array<{ content: string; checked: boolean }>;
    remarks: string;
    counter: number | null;
    previous_at: Date | null;
    used: number | null;
    used_unit: 'cycles' | 'days';
    confirmer_id: number;
    confirmer_name: string;
    confirmed_at: Date;
    alarm_at: Date | null;
  }) {
    return { ...record, content: JSON.stringify(record.content) };
  }

  /** The moulds the user may give tasks (granted, not shared to them), by name or number, for the task form. */
  moldOptions(userId: number, orgId: number, search: string, limit: number) {
    return this.db
      .selectFrom('molds as m')
      .innerJoin('user_mold_grants as g', (join) => join.onRef('g.mold_id', '=', 'm.id').on('g.user_id', '=', userId))
      .select(['m.id', 'm.name', 'm.mold_number'])
      .where('m.org_id', '=', orgId)
      .where('g.shared_by', 'is', null)
      .$if(search !== '', (q) =>
        q.where((eb) =>
          eb.or([eb('m.name', 'ilike', containing(search)), eb('m.mold_number', 'ilike', containing(search))]),
        ),
      )
      .orderBy('m.mold_number')
      .limit(limit)
      .execute();
  }

  /**
   * The schedule's links the user may read (granted moulds of the organisation), filtered; tasks and
   * moulds are joined only for a filter on them. A status filter also names its urgency, so the
   * schedule's order index (org, urgency, remaining, …) serves it.
   */
  #scheduleListed(userId: number, orgId: number, filter: ScheduleFilter) {
    const { companyId, groupId, taskType } = filter;
    return this.db
      .selectFrom('maintenance_task_molds as l')
      .innerJoin('user_mold_grants as g', (join) =>
        join.onRef('g.mold_id', '=', 'l.mold_id').on('g.user_id', '=', userId),
      )
      .where('l.org_id', '=', orgId)
      .$if(filter.moldId !== undefined, (q) => q.where('l.mold_id', '=', filter.moldId!))
      .$if(filter.status !== undefined, (q) =>
        q.where('l.status', '=', filter.status!).where('l.urgency', '=', URGENCY[filter.status!]),
      )
      .$if(taskType !== undefined, (q) =>
        q.where('l.task_id', 'in', (eb) =>
          eb
            .selectFrom('maintenance_tasks as t')
            .select('t.id')
            .where('t.org_id', '=', orgId)
            .where('t.task_type', '=', taskType!),
        ),
      )
      .$if(groupId !== undefined || companyId !== undefined, (q) =>
        q.where('l.mold_id', 'in', moldsIn(this.db, orgId, groupId, companyId)),
      )
      .$if(Boolean(filter.keyword), (q) => {
        // The task's name, or the mould's name or number: two trigram-indexed look-ups (migration 0026).
        const pattern = sql<string>`lower(${containing(filter.keyword!)})`;
        return q.where((eb) =>
          eb.or([
            eb(
              'l.task_id',
              'in',
              eb
                .selectFrom('maintenance_tasks as kt')
                .select('kt.id')
                .where('kt.org_id', '=', orgId)
                .where(sql<string>`lower(kt.task_name)`, 'like', pattern),
            ),
            eb(
              'l.mold_id',
              'in',
              eb
                .selectFrom('molds as km')
                .select('km.id')
                .where('km.org_id', '=', orgId)
                .where('km.search_text', 'like', pattern),
            ),
          ]),
        );
      });
  }

  /**
   * The schedule rows the user may read, most urgent first: the page is cut from the links in the
   * order of their index, then only its rows are joined to tasks, moulds, groups and companies.
   */
  schedulePage(userId: number, orgId: number, filter: ScheduleFilter, offset: number, limit: number) {
    return pageWithTotal(
      offset,
      limit,
      (rows) => {
        const cut = this.#scheduleListed(userId, orgId, filter)
          .select(['l.task_id', 'l.mold_id', 'l.urgency', 'l.remaining'])
          .orderBy('l.urgency')
          .orderBy('l.remaining')
          .orderBy('l.task_id', 'desc')
          .orderBy('l.mold_id')
          .offset(offset)
          .limit(rows);
        return this.db
          .selectFrom(cut.as('p'))
          .innerJoin('maintenance_task_molds as l', (join) =>
            join.onRef('l.task_id', '=', 'p.task_id').onRef('l.mold_id', '=', 'p.mold_id'),
          )
          .innerJoin('maintenance_tasks as t', 't.id', 'l.task_id')
          .innerJoin('molds as m', 'm.id', 'l.mold_id')
          .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
          .leftJoin('companies as c', 'c.id', 'mg.company_id')
          .select([
            'l.task_id',
            'l.mold_id',
            't.task_name',
            't.task_type',
            'm.name as mold_name',
            'm.mold_number',
            'c.name as company_name',
            'mg.name as group_name',
            't.content',
            't.maint_interval',
            't.interval_days',
            't.schedule_type',
            't.repeat',
            't.start_repeat',
            'l.status',
            'l.remaining',
            'l.unit',
            'l.due_date',
            'l.last_maint_at',
            'l.alarm_at',
            'l.due_now_at',
          ])
          .orderBy('p.urgency')
          .orderBy('p.remaining')
          .orderBy('p.task_id', 'desc')
          .orderBy('p.mold_id')
          .execute();
      },
      () => countUpToCap(this.db, this.#scheduleListed(userId, orgId, filter)),
    );
  }

  /** The records the user may read, filtered; moulds are joined only for a filter on their place. */
  #historyListed(userId: number, orgId: number, filter: HistoryFilter) {
    const { companyId, groupId } = filter;
    return this.db
      .selectFrom('maintenance_records as r')
      .innerJoin('user_mold_grants as g', (join) =>
        join.onRef('g.mold_id', '=', 'r.mold_id').on('g.user_id', '=', userId),
      )
      .where('r.org_id', '=', orgId)
      .$if(filter.moldId !== undefined, (q) => q.where('r.mold_id', '=', filter.moldId!))
      .$if(groupId !== undefined || companyId !== undefined, (q) =>
        q.where('r.mold_id', 'in', moldsIn(this.db, orgId, groupId, companyId)),
      )
      .$if(filter.taskType !== undefined, (q) => q.where('r.task_type', '=', filter.taskType!))
      .$if(filter.start !== undefined, (q) => q.where('r.confirmed_at', '>=', filter.start!))
      .$if(filter.end !== undefined, (q) => q.where('r.confirmed_at', '<', filter.end!))
      .$if(Boolean(filter.keyword), (q) =>
        q.where('r.search_text', 'like', sql<string>`lower(${containing(filter.keyword!)})`),
      );
  }

  /**
   * The history rows the user may read, newest first: the page is cut from the records in index
   * order, then joined to their moulds. `limit` null: every matching record (counted exactly).
   */
  async historyPage(userId: number, orgId: number, filter: HistoryFilter, offset: number, limit: number | null) {
    const fetchRows = (rows: number | null) => {
      const cut = this.#historyListed(userId, orgId, filter)
        .select(['r.id', 'r.confirmed_at'])
        .orderBy('r.confirmed_at', 'desc')
        .orderBy('r.id', 'desc')
        .offset(offset)
        .$if(rows !== null, (q) => q.limit(rows!));
      return this.db
        .selectFrom(cut.as('p'))
        .innerJoin('maintenance_records as r', 'r.id', 'p.id')
        .innerJoin('molds as m', 'm.id', 'r.mold_id')
        .select([
          'r.id',
          'r.task_id',
          'r.task_name',
          'r.task_type',
          'r.mold_id',
          'm.name as mold_name',
          'm.mold_number',
          'r.content',
          'r.remarks',
          'r.previous_at',
          'r.used',
          'r.used_unit',
          'r.counter',
          'r.confirmer_name',
          'r.confirmed_at',
          'r.alarm_at',
        ])
        .orderBy('p.confirmed_at', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
    };
    if (limit === null) {
      const rows = await fetchRows(null);
      return { rows, total: { total: offset + rows.length, more: false } };
    }
    return pageWithTotal(offset, limit, fetchRows, () =>
      countUpToCap(this.db, this.#historyListed(userId, orgId, filter)),
    );
  }
}

/** Status → urgency, the schedule's rank (kept with the status by saveEvaluation). */
const URGENCY: Record<MaintenanceStatus, number> = { exceeded: 0, warning: 1, normal: 2 };

/** The organisation's moulds in a group and / or a company's groups (a sub-query). */
function moldsIn(db: Kysely<Database>, orgId: number, groupId: number | undefined, companyId: number | undefined) {
  let molds = db.selectFrom('molds as fm').select('fm.id').where('fm.org_id', '=', orgId);
  if (groupId !== undefined) molds = molds.where('fm.group_id', '=', groupId);
  if (companyId !== undefined) {
    molds = molds.where(
      'fm.group_id',
      'in',
      db.selectFrom('mold_groups as fg').select('fg.id').where('fg.company_id', '=', companyId),
    );
  }
  return molds;
}
