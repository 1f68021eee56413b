import {
  canDelete,
  canRecordReject,
  canStart,
  canStop,
  editRefusal,
  workOrderProgress,
  type Language,
  type MoldLiveStatus,
  type Page,
  type WorkOrderChange,
  type WorkOrderForm,
  type WorkOrderRecord,
  type WorkOrderReject,
  type WorkOrderRejectRecord,
} from '@mouldwatch/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { Batcher } from '../../infra/batcher.js';
import type { Database } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/sql-errors.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { tryJobLock } from '../../infra/jobs/job-lock.js';
import type { PeriodicJob } from '../../infra/jobs/job-scheduler.js';
import { conflict, forbidden, notFound, refused } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import type { Sheet } from '../mold-export/spreadsheet.js';
import { workOrderSheet } from './work-orders.export.js';
import { presentReject, presentWorkOrder } from './work-orders.presenter.js';
import { WorkOrdersRepository, type WorkOrderListFilter } from './work-orders.repository.js';

export const WORK_ORDER_START_JOB = 'work-orders.start';
/** How often planned orders are looked at for their start date. */
const START_INTERVAL_MS = 30_000;
/** At most this many orders start in one run (the next run takes the rest). */
const START_BATCH = 500;
/** An order page shows at most this many of its rejects. */
const REJECTS_SHOWN = 200;
/** A mould's working order is read with those of the moulds whose statuses come within this long. */
const WORKING_ORDER_GATHER_MS = 5;
/** An export holds at most this many orders (newest first). */
export const EXPORT_MAX_ROWS = 10_000;

/** What the progress follower keeps of a mould's working order between readings. */
interface WorkingOrder {
  id: number;
  orgId: number;
  quantity: number;
  startingQuantity: number;
  startCounter: number | null;
  finished: number;
  cavitation: number | null;
}

/**
 * Work orders (spec §3, §4; route 6): planned, started by hand (after the console's confirmation) or
 * at their start date by a job, progressing with the mould's counter as readings arrive, finished
 * when the quantity is made or stopped by a user. Every change is announced on the bus
 * (`workOrderChanged`) and so reaches the consoles live.
 */
export class WorkOrdersService {
  readonly #repository: WorkOrdersRepository;
  /** Each mould's working order as last read (null: none), dropped when an order of it changes. */
  readonly #working = new Map<number, WorkingOrder | null>();
  /** Moulds that report together after a start have their working orders read together. */
  readonly #workingOrderOf = new Batcher(
    (moldIds: number[]) => this.#repository.workingOrdersOf(this.context.db, moldIds),
    WORKING_ORDER_GATHER_MS,
  );
  /** Readings of one mould are applied one after another. */
  readonly #queues = new Map<number, Promise<void>>();
  readonly #unsubscribe: Array<() => void>;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new WorkOrdersRepository(context.db);
    this.#unsubscribe = [
      context.bus.subscribe('moldStatus', ({ moldId, status }) => this.#follow(moldId, status)),
      context.bus.subscribe('workOrderChanged', ({ moldId, change }) => {
        if (change !== 'progress') this.#working.delete(moldId);
      }),
      context.bus.subscribe('moldsChanged', ({ moldIds }) => {
        for (const moldId of moldIds) this.#working.delete(moldId);
      }),
    ];
  }

  /** The scheduler's job that starts planned orders at their start date. */
  asJob(): PeriodicJob {
    return { name: WORK_ORDER_START_JOB, intervalMs: START_INTERVAL_MS, run: () => this.startDue() };
  }

  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
  }

  async list(
    principal: Principal,
    filter: WorkOrderListFilter,
    page: number,
    limit: number,
  ): Promise<Page<WorkOrderRecord>> {
    const now = this.context.now();
    const { rows, total } = await this.#repository.page(
      principal.userId,
      principal.orgId,
      filter,
      (page - 1) * limit,
      limit,
      now,
    );
    return { items: rows.map((row) => presentWorkOrder(row, now)), ...total };
  }

  /** The moulds the caller may plan orders on (the form's picker). */
  moldChoices(principal: Principal, search: string | undefined, limit: number) {
    return this.#repository.moldChoices(principal.userId, principal.orgId, search, limit);
  }

  /** An order with its rejects (newest first). */
  async get(principal: Principal, orderId: number): Promise<WorkOrderRecord & { rejects: WorkOrderRejectRecord[] }> {
    const row = await this.#findReadable(principal, orderId);
    const rejects = await this.#repository.rejects(orderId, REJECTS_SHOWN);
    return { ...presentWorkOrder(row, this.context.now()), rejects: rejects.map(presentReject) };
  }

  async create(principal: Principal, form: WorkOrderForm): Promise<WorkOrderRecord> {
    await this.#requireWritableMold(principal, form.mold_id);
    const orderId = await this.#unique(form, () =>
      inTransaction(this.context.db, (trx) => this.#repository.insert(trx, principal.orgId, principal.userId, form)),
    );
    return this.#announce(orderId, 'created');
  }

  /** Saves the form over a planned or stopped order; a working or finished one is refused (the spec's messages). */
  async update(principal: Principal, orderId: number, form: WorkOrderForm): Promise<WorkOrderRecord> {
    const current = await this.#findWritable(principal, orderId);
    if (form.mold_id !== current.mold_id) await this.#requireWritableMold(principal, form.mold_id);
    const before = await this.#unique(form, () =>
      inTransaction(this.context.db, async (trx) => {
        const order = await this.#lock(trx, principal, orderId);
        const refusal = editRefusal(order.status);
        if (refusal) throw refused(refusal);
        await this.#repository.update(trx, orderId, form, this.context.now());
        return order;
      }),
    );
    if (before.mold_id !== form.mold_id) this.#working.delete(before.mold_id);
    return this.#announce(orderId, 'updated');
  }

  async remove(principal: Principal, orderId: number): Promise<void> {
    const current = await this.#findWritable(principal, orderId);
    await inTransaction(this.context.db, async (trx) => {
      const order = await this.#lock(trx, principal, orderId);
      if (!canDelete(order.status)) throw refused('orderDeleteWorking');
      await this.#repository.delete(trx, orderId);
    });
    this.#publish(presentWorkOrder(current, this.context.now()), principal.orgId, 'deleted');
  }

  /** Starts a planned order now (the console asked for confirmation): one working order per mould (409). */
  async start(principal: Principal, orderId: number): Promise<WorkOrderRecord> {
    await this.#findWritable(principal, orderId);
    const finished = await this.#startOrder(orderId, (trx) => this.#lock(trx, principal, orderId), true);
    return this.#announce(orderId, finished ? 'finished' : 'started');
  }

  async stop(principal: Principal, orderId: number): Promise<WorkOrderRecord> {
    await this.#findWritable(principal, orderId);
    await inTransaction(this.context.db, async (trx) => {
      const order = await this.#lock(trx, principal, orderId);
      if (!canStop(order.status)) throw refused('orderNotStoppable');
      await this.#repository.end(trx, orderId, 'stop', this.context.now());
    });
    return this.#announce(orderId, 'stopped');
  }

  /** Records rejected parts (working, finished or stopped orders); the order's `reject` sum moves with them. */
  async addReject(principal: Principal, orderId: number, entry: WorkOrderReject): Promise<WorkOrderRecord> {
    await this.#findWritable(principal, orderId);
    await inTransaction(this.context.db, async (trx) => {
      const order = await this.#lock(trx, principal, orderId);
      if (!canRecordReject(order.status)) throw refused('orderRejectNotStarted');
      await this.#repository.addReject(trx, order, {
        quantity: entry.quantity,
        remark: entry.remark,
        userId: principal.userId,
        at: this.context.now(),
      });
    });
    return this.#announce(orderId, 'reject');
  }

  /** The matching orders as a spreadsheet in the reader's language and zone. */
  async sheet(
    principal: Principal,
    filter: WorkOrderListFilter,
    reader: { language: Language; zone: string },
  ): Promise<Sheet> {
    const now = this.context.now();
    const rows = await this.#repository.all(principal.userId, principal.orgId, filter, EXPORT_MAX_ROWS, now);
    return workOrderSheet(
      rows.map((row) => presentWorkOrder(row, now)),
      reader,
    );
  }

  /** Starts the planned orders whose start date has come (one per mould; one instance at a time). */
  async startDue(): Promise<number> {
    const due = await inTransaction(this.context.db, async (trx) =>
      (await tryJobLock(trx, WORK_ORDER_START_JOB))
        ? this.#repository.dueToStart(trx, this.context.now(), START_BATCH)
        : [],
    );
    let started = 0;
    for (const candidate of due) {
      try {
        const finished = await this.#startOrder(
          candidate.id,
          (trx) => this.#repository.lock(trx, candidate.org_id, candidate.id),
          false,
        );
        await this.#announce(candidate.id, finished ? 'finished' : 'started');
        started += 1;
      } catch (error) {
        // Started by hand meanwhile, or its mould got a working order: the next run looks again.
        this.context.log.debug({ err: error, orderId: candidate.id }, 'work order not started');
      }
    }
    return started;
  }

  /**
   * Moves a created order to working from its mould's counter now; answers true when the starting
   * quantity already reaches the order's quantity (it finishes at once).
   */
  async #startOrder(
    orderId: number,
    lock: (
      trx: Transaction<Database>,
    ) => Promise<{ status: string; mold_id: number; quantity: number; starting_quantity: number } | undefined>,
    byHand: boolean,
  ): Promise<boolean> {
    try {
      return await inTransaction(this.context.db, async (trx) => {
        const order = await lock(trx);
        if (!order) throw notFound('workOrderNotFound');
        if (!canStart(order.status as never)) throw refused('orderNotStartable');
        const working = (await this.#repository.workingOrdersOf(trx, [order.mold_id])).get(order.mold_id);
        if (working) throw conflict('moldHasWorkingOrder', { order_no: working.order_no });
        const mold = await this.#repository.moldCounter(trx, order.mold_id);
        const now = this.context.now();
        const progress = workOrderProgress({
          quantity: order.quantity,
          startingQuantity: order.starting_quantity,
          startCounter: mold?.counter ?? null,
          counter: mold?.counter ?? null,
          cavitation: mold?.cavitation ?? null,
        });
        if (!(await this.#repository.start(trx, orderId, mold?.counter ?? null, progress.finished, now))) {
          throw refused('orderNotStartable');
        }
        if (progress.reached) await this.#repository.end(trx, orderId, 'finish', now);
        return progress.reached;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (!byHand) throw error;
      throw conflict('moldHasWorkingOrder', { order_no: '' });
    }
  }

  /** A reading moved the mould's status on: its working order's progress follows the counter. */
  #follow(moldId: number, status: MoldLiveStatus): void {
    if (status.counter === null) return;
    const previous = this.#queues.get(moldId) ?? Promise.resolve();
    const next = previous
      .then(() => this.#advance(moldId, status.counter as number))
      .catch((error: unknown) => this.context.log.warn({ err: error, moldId }, 'work order progress'))
      .finally(() => {
        if (this.#queues.get(moldId) === next) this.#queues.delete(moldId);
      });
    this.#queues.set(moldId, next);
  }

  async #advance(moldId: number, counter: number): Promise<void> {
    let order = this.#working.get(moldId);
    if (order === undefined) {
      const row = await this.#workingOrderOf.load(moldId);
      order = row
        ? {
            id: row.id,
            orgId: row.org_id,
            quantity: row.quantity,
            startingQuantity: row.starting_quantity,
            startCounter: row.start_counter,
            finished: row.finished,
            cavitation: row.cavitation,
          }
        : null;
      this.#working.set(moldId, order);
    }
    if (!order) return;
    if (order.startCounter === null) {
      // Started before the mould's first reading: its parts count from this counter on.
      order.startCounter = counter;
      await this.#repository.setStartCounter(order.id, counter);
      return;
    }
    const progress = workOrderProgress({ ...order, counter });
    if (progress.finished <= order.finished) return;
    const now = this.context.now();
    if (progress.reached) {
      this.#working.set(moldId, null);
      if (await this.#repository.end(this.context.db, order.id, 'finish', now, progress.finished)) {
        await this.#announce(order.id, 'finished');
      }
      return;
    }
    order.finished = progress.finished;
    if (await this.#repository.advance(this.context.db, order.id, progress.finished, now)) {
      await this.#announce(order.id, 'progress');
    }
  }

  async #announce(orderId: number, change: WorkOrderChange): Promise<WorkOrderRecord> {
    const now = this.context.now();
    const row = await this.#repository.byId(this.context.db, orderId, now);
    if (!row) throw notFound('workOrderNotFound');
    const record = presentWorkOrder(row, now);
    this.#publish(record, row.org_id, change);
    return record;
  }

  #publish(record: WorkOrderRecord, orgId: number, change: WorkOrderChange): void {
    this.context.bus.publish('workOrderChanged', {
      orgId,
      moldId: record.mold_id,
      orderId: record.id,
      change,
      status: record.status,
      finished: record.finished,
      remaining: record.remaining,
      reject: record.reject,
    });
  }

  /** An order number taken in the organisation is a 409 naming it. */
  async #unique<T>(form: WorkOrderForm, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('orderNoTaken', { order_no: form.order_no });
      throw error;
    }
  }

  async #lock(trx: Transaction<Database>, principal: Principal, orderId: number) {
    const order = await this.#repository.lock(trx, principal.orgId, orderId);
    if (!order) throw notFound('workOrderNotFound');
    return order;
  }

  /** The organisation's order on a mould the caller is granted (404 for another organisation's, 403 without the grant). */
  async #findReadable(principal: Principal, orderId: number) {
    const row = await this.#repository.find(
      this.context.db,
      principal.orgId,
      orderId,
      principal.userId,
      this.context.now(),
    );
    if (!row) throw notFound('workOrderNotFound');
    if (row.granted_to === null) throw forbidden();
    return row;
  }

  /** As #findReadable, and the mould not shared to the caller by someone else (read-only). */
  async #findWritable(principal: Principal, orderId: number) {
    const row = await this.#findReadable(principal, orderId);
    await this.access.requireMoldAccess(principal, row.mold_id, 'write');
    return row;
  }

  /** The organisation's mould (404 otherwise), granted to the caller and not read-only. */
  async #requireWritableMold(principal: Principal, moldId: number): Promise<void> {
    if (!(await this.#repository.moldOfOrg(principal.orgId, moldId))) throw notFound('moldNotFound');
    await this.access.requireMoldAccess(principal, moldId, 'write');
  }
}
