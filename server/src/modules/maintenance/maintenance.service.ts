import {
  type DueInput,
  isKnownTimeZone,
  localDay,
  MAINTENANCE_LIVE_CHUNK,
  maintenanceDue,
  type MaintenanceChange,
  type MaintenanceHistoryItem,
  type MaintenanceRecordForm,
  type MaintenanceScheduleItem,
  type MaintenanceStatus,
  type MaintenanceTaskInput,
  type MaintenanceTaskRecord,
  type Page,
  type ScheduleType,
} from '@mouldwatch/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../infra/db/schema.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { invalidInput, notFound } from '../../infra/http/errors.js';
import type { PeriodicJob } from '../../infra/jobs/job-scheduler.js';
import { tryJobLock } from '../../infra/jobs/job-lock.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { presentHistoryItem, presentScheduleItem, presentTask } from './maintenance.presenter.js';
import { MaintenanceRepository, type HistoryFilter, type ScheduleFilter } from './maintenance.repository.js';

export const MAINTENANCE_JOB = 'maintenance-due';

export interface MaintenanceJobOptions {
  /** How often links whose counter moved are re-evaluated. */
  intervalMs: number;
  /** How often every link is (calendar days pass without readings) and non-normal ones announced again. */
  fullEveryMs: number;
  /**
   * What is left changing without a status change (a counter counting down) reaches the consoles at
   * most this often, gathered over the job's runs; status changes, records and edits go at once.
   */
  liveRemainingEveryMs: number;
}

const DEFAULT_OPTIONS: MaintenanceJobOptions = { intervalMs: 3_000, fullEveryMs: 60_000, liveRemainingEveryMs: 10_000 };

/** A link as the live channel is told of it, before its mould's counter and cycles until PM are added. */
interface LiveLink {
  org_id: number;
  mold_id: number;
  task_id: number;
  status: MaintenanceStatus;
  remaining: number | null;
  unit: 'cycles' | 'days';
}

type LinkRow = Awaited<ReturnType<MaintenanceRepository['linksToEvaluate']>>[number];

/**
 * Every zone's offset is a whole number of quarters of an hour, so a calendar day turns only where
 * a quarter of an hour (UTC) does: a link whose rule is calendar alone cannot change between two.
 */
const quarterOf = (ms: number) => Math.floor(ms / 900_000);

const epoch = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));

/**
 * Maintenance tasks, their schedule per mould and the records of work done (issue 13). Statuses
 * are evaluated by a job (counters that moved every few seconds, everything each minute) and each
 * change is published as `maintenanceDue`, which the alarm engine turns into maintenance alarms.
 */
export class MaintenanceService {
  readonly #repository: MaintenanceRepository;
  readonly #options: MaintenanceJobOptions;
  #lastFullAt = 0;
  /** The last job run: links with a calendar rule alone are evaluated again once a quarter of an hour turns after it. */
  #calendarAt = 0;
  /** Links whose remaining moved without a status change, waiting for the next live send (by task and mould). */
  readonly #pendingLive = new Map<string, LiveLink>();
  /** Since when the oldest of them waits. */
  #pendingSince = 0;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
    options: Partial<MaintenanceJobOptions> = {},
  ) {
    this.#repository = new MaintenanceRepository(context.db);
    this.#options = { ...DEFAULT_OPTIONS, ...options };
  }

  asJob(): PeriodicJob {
    return { name: MAINTENANCE_JOB, intervalMs: this.#options.intervalMs, run: () => this.evaluate() };
  }

  async getTask(principal: Principal, taskId: number): Promise<MaintenanceTaskRecord> {
    const task = await this.#repository.findTask(this.context.db, principal.orgId, taskId);
    if (!task) throw notFound();
    if (task.mold_id !== null && (await this.access.moldAccess(principal, task.mold_id)) === 'none') throw notFound();
    return presentTask(task);
  }

  async createTask(principal: Principal, form: MaintenanceTaskInput, zone: string): Promise<MaintenanceTaskRecord> {
    await this.#requireScope(principal, form);
    const taskId = await inTransaction(this.context.db, async (trx) => {
      const id = await this.#repository.insertTask(trx, principal.orgId, form, isKnownTimeZone(zone) ? zone : 'UTC');
      await this.#repository.syncLinks(trx, this.context.now(), id);
      return id;
    });
    await this.evaluate({ taskId }, 'saved');
    return this.getTask(principal, taskId);
  }

  async updateTask(principal: Principal, taskId: number, form: MaintenanceTaskInput): Promise<MaintenanceTaskRecord> {
    await this.#requireWritableTask(principal, taskId);
    await this.#requireScope(principal, form);
    await inTransaction(this.context.db, async (trx) => {
      await this.#repository.updateTask(trx, principal.orgId, taskId, form, this.context.now());
      await this.#repository.syncLinks(trx, this.context.now(), taskId);
    });
    await this.evaluate({ taskId }, 'saved');
    return this.getTask(principal, taskId);
  }

  /** Deletes the task and its links (their open alarms close: each link is announced normal). */
  async deleteTask(principal: Principal, taskId: number): Promise<void> {
    const task = await this.#requireWritableTask(principal, taskId);
    const links = await this.#repository.linksToEvaluate(this.context.db, { all: true, taskId });
    await inTransaction(this.context.db, (trx) => this.#repository.deleteTask(trx, principal.orgId, taskId));
    for (const link of links.filter((row) => row.status !== 'normal')) {
      this.#publish({ ...link, task_name: task.task_name }, 'normal', 0, link.unit);
    }
    await this.#publishLive(
      'deleted',
      links.map((link) => ({ ...link, status: 'normal' as const, remaining: null })),
    );
  }

  async schedule(
    principal: Principal,
    filter: ScheduleFilter,
    page: number,
    limit: number,
  ): Promise<Page<MaintenanceScheduleItem>> {
    const { rows, total } = await this.#repository.schedulePage(
      principal.userId,
      principal.orgId,
      filter,
      (page - 1) * limit,
      limit,
    );
    return { items: rows.map(presentScheduleItem), ...total };
  }

  async moldOptions(
    principal: Principal,
    search: string,
  ): Promise<Array<{ id: number; name: string; mold_number: string }>> {
    const rows = await this.#repository.moldOptions(principal.userId, principal.orgId, search, 50);
    return rows.map((row) => ({ id: Number(row.id), name: row.name, mold_number: row.mold_number }));
  }

  /** "Start a task manually": the task is due on that mould now, until maintenance is recorded. */
  async startNow(principal: Principal, taskId: number, moldId: number): Promise<MaintenanceScheduleItem> {
    await this.#requireLink(principal, taskId, moldId);
    await inTransaction(this.context.db, (trx) => this.#repository.markDueNow(trx, taskId, moldId, this.context.now()));
    await this.evaluate({ taskId, moldId }, 'started');
    return this.#scheduleItem(principal, taskId, moldId);
  }

  /**
   * "Submit a maintenance task": the record (confirmer, time, checked items, remarks, counter and
   * what was used since the previous one), and the task's base moves to now and this counter.
   */
  async record(principal: Principal, form: Required<MaintenanceRecordForm>): Promise<MaintenanceHistoryItem> {
    const link = await this.#requireLink(principal, form.task_id, form.mold_id);
    const now = this.context.now();
    const content = link.content.map((item, index) => ({
      content: item.content,
      checked: form.checked.includes(index),
    }));
    if (form.checked.some((index) => index >= link.content.length)) throw invalidInput('checked');
    const zone = zoneOf(link);
    const byCycles = link.task_type === 'pm' && link.maint_interval !== null;
    const counter = link.counter ?? link.base_counter;
    const used = byCycles
      ? Math.max(0, counter - link.base_counter)
      : localDay(epoch(now)!, zone) - localDay(epoch(link.last_maint_at ?? link.base_at)!, zone);
    const recordId = await inTransaction(this.context.db, async (trx) => {
      const confirmer = await trx
        .selectFrom('users')
        .select(['name', 'username'])
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow();
      const id = await this.#repository.insertRecord(trx, {
        org_id: principal.orgId,
        task_id: link.task_id,
        mold_id: link.mold_id,
        task_name: link.task_name,
        task_type: link.task_type,
        content,
        remarks: form.remarks,
        counter: link.counter,
        previous_at: link.last_maint_at ?? link.base_at,
        used,
        used_unit: byCycles ? 'cycles' : 'days',
        confirmer_id: principal.userId,
        confirmer_name: confirmer.name || confirmer.username,
        confirmed_at: now,
        alarm_at: link.alarm_at,
      });
      await this.#repository.resetBase(trx, link.task_id, link.mold_id, counter, now);
      return id;
    });
    await this.evaluate({ taskId: link.task_id, moldId: link.mold_id }, 'recorded');
    const { rows } = await this.#repository.historyPage(principal.userId, principal.orgId, {}, 0, 1);
    const row = rows.find((item) => item.id === recordId);
    if (!row) throw notFound();
    return presentHistoryItem(row);
  }

  async history(
    principal: Principal,
    filter: HistoryFilter,
    page: number,
    limit: number | null,
  ): Promise<Page<MaintenanceHistoryItem>> {
    const { rows, total } = await this.#repository.historyPage(
      principal.userId,
      principal.orgId,
      filter,
      (page - 1) * (limit ?? 0),
      limit,
    );
    return { items: rows.map(presentHistoryItem), ...total };
  }

  /**
   * Evaluates due statuses and publishes each change as `maintenanceDue`. Without a target: the
   * job's run — links whose mould counter moved, and every link once per `fullEveryMs` (then
   * non-normal ones are announced again, so an alarm missed by a restart is raised). The live
   * channel hears of every link of a targeted evaluation (`change`: why), and of the job's status
   * changes at once and its remaining-only changes at most once per `liveRemainingEveryMs`.
   */
  async evaluate(
    target: { taskId?: number; moldId?: number } = {},
    change: MaintenanceChange = 'evaluated',
  ): Promise<number> {
    const now = this.context.now();
    const periodic = target.taskId === undefined && target.moldId === undefined;
    const full = periodic ? now.getTime() - this.#lastFullAt >= this.#options.fullEveryMs : true;
    const changes = await inTransaction(this.context.db, async (trx) => {
      if (periodic && !(await tryJobLock(trx, MAINTENANCE_JOB))) return undefined;
      if (periodic && full) await this.#repository.syncLinks(trx, now);
      const how = { announceAll: periodic && full, targeted: !periodic };
      const byCycles = await this.#repository.evaluateByCycles(trx, { all: full, ...target }, now, how);
      const calendar = { dayTurned: full || quarterOf(now.getTime()) !== quarterOf(this.#calendarAt) };
      const links = await this.#repository.linksToEvaluate(trx, { all: full, ...target, calendar });
      const byCalendar = await this.#evaluateLinks(trx, links, now, how);
      return {
        due: [
          ...byCycles.flatMap((link) => (link.task_name === null ? [] : [{ ...link, task_name: link.task_name }])),
          ...byCalendar.due,
        ],
        live: [...byCycles.map(({ task_name: _name, ...link }) => link), ...byCalendar.live],
      };
    });
    if (changes === undefined) return 0;
    if (periodic && full) this.#lastFullAt = now.getTime();
    if (periodic) this.#calendarAt = now.getTime();
    for (const due of changes.due) this.#publish(due, due.status, due.remaining ?? 0, due.unit);
    await this.#publishLive(change, periodic ? this.#gatherLive(changes.live, now) : changes.live);
    return changes.due.length;
  }

  /**
   * Of a job run's live changes, those to send now: status changes at once; remaining-only ones wait
   * (the newest per link) until the oldest of them has waited `liveRemainingEveryMs`, then go together.
   * A status change does not take the waiting ones along: with thousands of moulds some link crosses a
   * point in nearly every run, which would send every count-down every run.
   */
  #gatherLive(live: Array<LiveLink & { statusChanged: boolean }>, now: Date): LiveLink[] {
    const urgent: LiveLink[] = [];
    for (const { statusChanged, ...link } of live) {
      const key = `${link.task_id}-${link.mold_id}`;
      if (statusChanged) {
        this.#pendingLive.delete(key);
        urgent.push(link);
        continue;
      }
      if (this.#pendingLive.size === 0) this.#pendingSince = now.getTime();
      this.#pendingLive.set(key, link);
    }
    if (this.#pendingLive.size === 0 || now.getTime() - this.#pendingSince < this.#options.liveRemainingEveryMs) {
      return urgent;
    }
    const waiting = [...this.#pendingLive.values()];
    this.#pendingLive.clear();
    return [...urgent, ...waiting];
  }

  /**
   * Tells the live channel of these links, with their moulds' counters and cycles until PM now, per
   * organisation and in parts of at most MAINTENANCE_LIVE_CHUNK links. A failure is logged: the
   * change itself is saved, and the next one (or a reload) shows it.
   */
  async #publishLive(change: MaintenanceChange, links: readonly LiveLink[]): Promise<void> {
    if (links.length === 0) return;
    try {
      const moldIds = [...new Set(links.map((link) => link.mold_id))];
      const figures = new Map(
        (await this.#repository.pmFigures(this.context.db, moldIds)).map((row) => [Number(row.id), row]),
      );
      const byOrg = new Map<number, LiveLink[]>();
      for (const link of links) {
        const orgLinks = byOrg.get(link.org_id);
        if (orgLinks) orgLinks.push(link);
        else byOrg.set(link.org_id, [link]);
      }
      for (const [orgId, orgLinks] of byOrg) {
        const items = orgLinks.map((link) => {
          const figure = figures.get(link.mold_id);
          return {
            mold_id: link.mold_id,
            task_id: link.task_id,
            status: link.status,
            remaining: link.remaining,
            unit: link.unit,
            counter: figure?.counter ?? null,
            cycles_until_pm: figure?.cycles_until_pm ?? null,
          };
        });
        for (let start = 0; start < items.length; start += MAINTENANCE_LIVE_CHUNK) {
          const part = items.slice(start, start + MAINTENANCE_LIVE_CHUNK);
          this.context.bus.publish('maintenanceChanged', { orgId, change, items: part });
        }
      }
    } catch (error) {
      this.context.log.warn({ err: error }, 'maintenance live message');
    }
  }

  async #evaluateLinks(
    trx: Transaction<Database>,
    links: LinkRow[],
    now: Date,
    { announceAll, targeted }: { announceAll: boolean; targeted: boolean },
  ) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const updates = [];
    const due = [];
    const live: Array<LiveLink & { statusChanged: boolean }> = [];
    for (const link of links) {
      const evaluated = maintenanceDue(dueInputOf(link), nowSeconds);
      const alarmAt = evaluated.status === 'normal' ? null : (link.alarm_at ?? now);
      const same =
        evaluated.status === link.status &&
        evaluated.remaining === link.remaining &&
        evaluated.unit === link.unit &&
        evaluated.due_date === link.due_date &&
        alarmAt?.getTime() === link.alarm_at?.getTime() &&
        link.counter === link.eval_counter;
      if (!same) {
        updates.push({
          task_id: link.task_id,
          mold_id: link.mold_id,
          status: evaluated.status,
          remaining: evaluated.remaining,
          unit: evaluated.unit,
          due_date: evaluated.due_date,
          alarm_at: alarmAt,
          counter: link.counter,
        });
      }
      const statusChanged = evaluated.status !== link.status;
      if (statusChanged || (announceAll && evaluated.status !== 'normal')) {
        due.push({ ...link, status: evaluated.status, remaining: evaluated.remaining, unit: evaluated.unit });
      }
      const moved = evaluated.remaining !== link.remaining || evaluated.unit !== link.unit;
      if (targeted || statusChanged || moved) {
        live.push({
          org_id: link.org_id,
          mold_id: link.mold_id,
          task_id: link.task_id,
          status: evaluated.status,
          remaining: evaluated.remaining,
          unit: evaluated.unit,
          statusChanged,
        });
      }
    }
    await this.#repository.saveEvaluation(trx, updates);
    return { due, live };
  }

  #publish(
    link: { org_id: number; mold_id: number; task_id: number; task_name: string },
    status: MaintenanceStatus,
    remaining: number,
    unit: 'cycles' | 'days',
  ): void {
    this.context.bus.publish('maintenanceDue', {
      orgId: link.org_id,
      moldId: link.mold_id,
      taskId: link.task_id,
      taskName: link.task_name,
      status,
      remaining,
      unit,
    });
  }

  async #scheduleItem(principal: Principal, taskId: number, moldId: number): Promise<MaintenanceScheduleItem> {
    const { rows } = await this.#repository.schedulePage(principal.userId, principal.orgId, { moldId }, 0, 1000);
    const row = rows.find((item) => item.task_id === taskId);
    if (!row) throw notFound();
    return presentScheduleItem(row);
  }

  /** The link, when the caller may write the mould; another organisation's or an unreadable one is absent. */
  async #requireLink(principal: Principal, taskId: number, moldId: number) {
    const link = await this.#repository.findLink(this.context.db, principal.orgId, taskId, moldId);
    if (!link) throw notFound();
    const access = await this.access.moldAccess(principal, moldId);
    if (access === 'none') throw notFound();
    await this.access.requireMoldAccess(principal, moldId, 'write');
    return link;
  }

  async #requireWritableTask(principal: Principal, taskId: number) {
    const task = await this.#repository.findTask(this.context.db, principal.orgId, taskId);
    if (!task) throw notFound();
    if (task.mold_id !== null) {
      if ((await this.access.moldAccess(principal, task.mold_id)) === 'none') throw notFound();
      await this.access.requireMoldAccess(principal, task.mold_id, 'write');
    }
    return task;
  }

  /** The task's mould must be writable by the caller; its company or group must be the organisation's. */
  async #requireScope(principal: Principal, form: MaintenanceTaskInput): Promise<void> {
    const db = this.context.db;
    if (form.mold !== null) {
      if ((await this.access.moldAccess(principal, form.mold)) === 'none') throw invalidInput('mold');
      await this.access.requireMoldAccess(principal, form.mold, 'write');
    } else if (form.group > 0) {
      if (!(await this.#repository.groupExists(db, principal.orgId, form.group))) throw invalidInput('group');
    } else if (!(await this.#repository.companyExists(db, principal.orgId, form.company))) {
      throw invalidInput('company');
    }
  }
}

/** What the due rules read of a link as `linksToEvaluate` reads it. */
export function dueInputOf(link: LinkRow): DueInput {
  return {
    task_type: link.task_type,
    maint_interval: link.maint_interval,
    interval_days: link.interval_days,
    schedule_type: link.schedule_type as ScheduleType,
    repeat: link.repeat,
    start_repeat: link.start_repeat,
    warning_type: link.warning_type,
    warning_value: link.warning_value,
    counter: link.counter,
    base_counter: link.base_counter,
    base_at: epoch(link.base_at)!,
    last_maint_at: epoch(link.last_maint_at),
    due_now_at: epoch(link.due_now_at),
    zone: zoneOf(link),
  };
}

const zoneOf = (link: { mold_zone: string; task_zone: string }) =>
  link.mold_zone && isKnownTimeZone(link.mold_zone) ? link.mold_zone : link.task_zone;
