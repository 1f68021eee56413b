import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  MenuId,
  RENEWAL_DUE_DAYS,
  RENEWAL_NOTICE_TYPE,
  ResponseCode,
  REMINDER_STAGES,
  daysLeft,
  dueReminderStage,
  extendSubscription,
  isKnownTimeZone,
  parseLanguage,
  renewalFees,
  sameBankCountry,
  type Page,
  type RemittanceInput,
  type RenewalMessage,
  type RenewalMold,
  type RenewalOrderInput,
  type RenewalPrice,
  type RenewalRecord,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation } from '../../infra/db/sql-errors.js';
import { inTransaction } from '../../infra/db/transaction.js';
import { ApiError, conflict, forbidden, notFound, refused } from '../../infra/http/errors.js';
import { tryJobLock } from '../../infra/jobs/job-lock.js';
import type { PeriodicJob } from '../../infra/jobs/job-scheduler.js';
import type { Outbox, QueuedMessage } from '../../infra/mail/outbox.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { guessCountry, type CountryGuess } from './country-guess.js';
import { presentLine, presentPrice, presentRenewal } from './renewal.presenter.js';
import { RenewalRepository, type RenewalListFilter, type RenewalRow } from './renewal.repository.js';
import { reminderMail } from './renewal-texts.js';

export const RENEWAL_REMINDER_JOB = 'renewal-reminders';
const DAY_MS = 86_400_000;
/** The reminder job looks every hour (a restart never delays a reminder by a day); each stage is sent once. */
const REMINDER_INTERVAL_MS = 3_600_000;
/** Moulds looked at per run (the next run takes the rest). */
const REMINDER_BATCH = 5_000;

/**
 * Renewal of device subscriptions (menu 37–40, docs/decisions.md "Renewal"): the overview of due
 * moulds, orders priced from the price list and paid by offline bank remittance, the remittance
 * form, cancellation, the platform operator's confirmation that extends the moulds' expiry, the
 * sidebar's red dot and the reminder job (a notice and a mail 30 and 15 days before an expiry).
 */
export class RenewalService {
  readonly #repository: RenewalRepository;

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
    private readonly outbox: Outbox,
  ) {
    this.#repository = new RenewalRepository(context.db);
  }

  asJob(intervalMs = REMINDER_INTERVAL_MS): PeriodicJob {
    return { name: RENEWAL_REMINDER_JOB, intervalMs, run: () => this.sendReminders() };
  }

  async prices(): Promise<RenewalPrice[]> {
    return (await this.#repository.prices()).map(presentPrice);
  }

  /** The countries with a receiving bank (the country selection). */
  async bankCountries(): Promise<{ country: string; currency: string }[]> {
    return (await this.#repository.prices()).map((row) => ({ country: row.country, currency: row.currency }));
  }

  async guessCountry(request: {
    ip: string;
    timeZone: string;
    acceptLanguage: string | undefined;
  }): Promise<CountryGuess> {
    const known = new Set((await this.#repository.prices()).map((row) => row.country));
    return guessCountry(request, known);
  }

  /** The caller's own moulds with their expiry: the due ones (within a month or expired) or all. */
  async molds(
    principal: Principal,
    options: { due: boolean; search?: string; page: number; limit: number },
  ): Promise<Page<RenewalMold>> {
    const now = this.context.now();
    const { rows, total } = await this.#repository.renewableMolds(principal.userId, principal.orgId, {
      dueBefore: options.due ? new Date(now.getTime() + RENEWAL_DUE_DAYS * DAY_MS) : undefined,
      search: options.search,
      offset: (options.page - 1) * options.limit,
      limit: options.limit,
    });
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        mold_number: row.mold_number,
        device_no: row.device_no,
        expires_at: row.subscription_expires_at ? Math.floor(row.subscription_expires_at.getTime() / 1000) : null,
        days_left: row.subscription_expires_at ? daysLeft(row.subscription_expires_at, now) : null,
        unpaid_order_no: row.unpaid_order_no,
      })),
      total,
    };
  }

  /**
   * The red dot: the caller has due moulds that no unpaid order holds, and something became due
   * since they dismissed it (a mould reached the 30- or 15-day mark or expired). `cancel` dismisses it.
   */
  async message(principal: Principal, cancel: boolean): Promise<RenewalMessage> {
    const now = this.context.now();
    if (!(await this.access.can(principal, MenuId.renewalAlarm, 'view')))
      return { flag: false, count: 0, mold_ids: [] };
    if (cancel) await this.#repository.dismiss(principal.userId, now);
    const due = await this.#repository.dueUncovered(
      principal.userId,
      principal.orgId,
      new Date(now.getTime() + RENEWAL_DUE_DAYS * DAY_MS),
    );
    const dismissed = (await this.#repository.dismissedAt(principal.userId))?.dismissed_at ?? null;
    const becameDue = (expires: Date) => {
      const marks = [...REMINDER_STAGES.map((days) => expires.getTime() - days * DAY_MS), expires.getTime()];
      return Math.max(...marks.filter((mark) => mark <= now.getTime()));
    };
    const fresh = due.filter(
      (row) => dismissed === null || becameDue(row.subscription_expires_at) > dismissed.getTime(),
    );
    return { flag: fresh.length > 0, count: due.length, mold_ids: due.map((row) => Number(row.id)) };
  }

  /** All orders (menu 38) or, with the unpaid list's permission (39), the unpaid ones. */
  async list(
    principal: Principal,
    filter: RenewalListFilter,
    page: number,
    limit: number,
  ): Promise<Page<RenewalRecord>> {
    await this.#requireListView(principal, filter.status === 'unpaid');
    const { rows, total } = await this.#repository.page(principal.orgId, filter, (page - 1) * limit, limit);
    return { items: rows.map(presentRenewal), total };
  }

  async get(principal: Principal, id: number): Promise<RenewalRecord> {
    const row = await this.#repository.find(this.context.db, principal.orgId, id);
    if (!row) throw notFound('renewalNotFound');
    await this.#requireListView(principal, row.status === 'unpaid');
    return this.#withLines(row);
  }

  /** A new unpaid order for the caller's own moulds: fees from the country's price, its bank to remit to. */
  async create(principal: Principal, input: RenewalOrderInput): Promise<RenewalRecord> {
    const moldIds = [...new Set(input.mold_ids)].sort((a, b) => a - b);
    const price = await this.#repository.price(input.country);
    if (!price) throw refusedInput('renewalNoPrice', { country: input.country });
    const now = this.context.now();
    for (let attempt = 0; ; attempt += 1) {
      try {
        const id = await inTransaction(this.context.db, async (trx) => {
          const own = await this.#repository.lockOwnMolds(trx, principal.userId, principal.orgId, moldIds);
          if (own.length !== moldIds.length) {
            const ownIds = new Set(own.map((row) => Number(row.id)));
            throw refusedInput('renewalMoldsNotRenewable', {
              ids: moldIds.filter((moldId) => !ownIds.has(moldId)).join(', '),
            });
          }
          const held = await this.#repository.unpaidHolding(trx, moldIds);
          if (held) throw conflict('renewalMoldInUnpaid', { mold: held.mold_number, order: held.order_no });
          const unit = Number(price.unit_amount);
          return this.#repository.insertOrder(
            trx,
            {
              org_id: principal.orgId,
              order_no: orderNumber(now),
              years: input.years,
              country: price.country,
              currency: price.currency,
              unit_amount: unit,
              amount: renewalFees(unit, moldIds.length, input.years),
              bank_of_deposit: price.bank_of_deposit,
              account_name: price.account_name,
              account_number: price.account_number,
              swift: price.swift,
              created_by: principal.userId,
            },
            moldIds,
            now,
          );
        });
        return this.get(principal, id);
      } catch (error) {
        // An order number drawn twice (1 in 2^40 a day) is drawn again.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /** Fills in (or corrects) the remittance of an unpaid order; the banks must be in one country. */
  async remit(principal: Principal, id: number, input: RemittanceInput): Promise<RenewalRecord> {
    await inTransaction(this.context.db, async (trx) => {
      const row = await this.#repository.find(trx, principal.orgId, id, true);
      if (!row) throw notFound('renewalNotFound');
      if (row.status !== 'unpaid') throw refused('renewalNotUnpaid');
      if (!sameBankCountry(input.country, row.country))
        throw refusedInput('renewalBankCountry', { country: row.country });
      await this.#repository.saveRemittance(trx, id, input, this.context.now());
    });
    return this.get(principal, id);
  }

  async cancel(principal: Principal, id: number): Promise<RenewalRecord> {
    await inTransaction(this.context.db, async (trx) => {
      const row = await this.#repository.find(trx, principal.orgId, id, true);
      if (!row) throw notFound('renewalNotFound');
      if (row.status !== 'unpaid') throw refused('renewalNotUnpaid');
      await this.#repository.cancel(trx, id, this.context.now());
    });
    return this.get(principal, id);
  }

  /** Whether the operator key matches RENEWAL_OPERATOR_KEY (never when it is not set). */
  operatorKeyValid(given: string | undefined): boolean {
    const expected = this.context.config.renewalOperatorKey;
    if (!expected || !given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /**
   * The platform operator confirms the payment of an order (remittance filled in): Finished, and
   * every mould's subscription extended by the years bought from the later of now and its expiry.
   */
  async confirm(orderNo: string): Promise<RenewalRecord> {
    const now = this.context.now();
    const row = await inTransaction(this.context.db, async (trx) => {
      const order = await this.#repository.findByOrderNo(trx, orderNo, true);
      if (!order) throw notFound('renewalNotFound');
      if (order.status !== 'unpaid') throw refused('renewalNotUnpaid');
      if (order.remitted_at === null) throw refused('renewalNotRemitted');
      const lines = await this.#repository.lockLines(trx, Number(order.id));
      let starts: Date | null = null;
      let expires: Date | null = null;
      for (const line of lines) {
        const period = extendSubscription(line.subscription_expires_at, now, order.years);
        await this.#repository.extend(trx, Number(order.id), Number(line.id), {
          previous: line.subscription_expires_at,
          ...period,
        });
        if (starts === null || period.starts < starts) starts = period.starts;
        if (expires === null || period.expires > expires) expires = period.expires;
      }
      await this.#repository.finish(trx, Number(order.id), now, { starts: starts ?? now, expires: expires ?? now });
      return order;
    });
    const moldIds = (await this.#repository.lines(this.context.db, Number(row.id))).map((line) => Number(line.mold_id));
    this.context.bus.publish('moldsChanged', { orgId: Number(row.org_id), moldIds, change: 'updated' });
    const confirmed = await this.#repository.find(this.context.db, row.org_id, Number(row.id));
    if (!confirmed) throw notFound('renewalNotFound');
    return this.#withLines(confirmed);
  }

  /**
   * One run of the reminder job: for moulds expiring within 30 days, the stage due (30 or 15
   * days) is recorded once per mould and expiry — with a notice for each user the mould is granted
   * to who sees the renewal overview, and one mail per user and stage — in one transaction on one
   * instance at a time. A stage already recorded (an earlier run, another instance) sends nothing.
   */
  async sendReminders(): Promise<{ reminders: number; notices: number; mails: number }> {
    const now = this.context.now();
    const published: { userId: number; noticeId: number }[] = [];
    const result = await this.context.db.transaction().execute(async (trx) => {
      if (!(await tryJobLock(trx, RENEWAL_REMINDER_JOB))) return { reminders: 0, notices: 0, mails: 0 };
      const candidates = await this.#repository.expiringBetween(
        trx,
        now,
        new Date(now.getTime() + Math.max(...REMINDER_STAGES) * DAY_MS),
        REMINDER_BATCH,
      );
      const wanted = candidates.flatMap((mold) => {
        const stage = dueReminderStage(mold.expires_at, now);
        if (stage === null) return [];
        // Reaching 15 days without the 30-day reminder (a late renewal) records both, sends the 15-day one.
        return REMINDER_STAGES.filter((s) => s >= stage).map((s) => ({
          mold_id: Number(mold.mold_id),
          expires_at: mold.expires_at,
          stage: s,
          send: s === stage,
        }));
      });
      const claimed = await this.#repository.claimReminders(
        trx,
        wanted.map(({ mold_id, expires_at, stage }) => ({ mold_id, expires_at, stage })),
        now,
      );
      const sendKeys = new Set(wanted.filter((row) => row.send).map((row) => `${row.mold_id}:${row.stage}`));
      const toSend = claimed.filter((row) => sendKeys.has(`${row.mold_id}:${row.stage}`));
      if (toSend.length === 0) return { reminders: claimed.length, notices: 0, mails: 0 };

      const molds = new Map(candidates.map((mold) => [Number(mold.mold_id), mold]));
      const stageOf = new Map(toSend.map((row) => [row.mold_id, row.stage]));
      const recipients = await this.#repository.recipients(trx, [...stageOf.keys()], MenuId.renewalAlarm);
      const active = recipients.filter((user) => user.is_active);
      const notices = await this.#repository.insertNotices(
        trx,
        active.map((user) => {
          const mold = molds.get(Number(user.mold_id))!;
          const stage = stageOf.get(Number(user.mold_id))!;
          return {
            user_id: Number(user.user_id),
            alarm_type: RENEWAL_NOTICE_TYPE,
            unique_str: randomUUID(),
            mold_id: Number(user.mold_id),
            mold_name: mold.name,
            mold_number: mold.mold_number,
            content: JSON.stringify({
              number: mold.mold_number,
              stage,
              expires_at: Math.floor(mold.expires_at.getTime() / 1000),
            }),
          };
        }),
      );
      published.push(...notices.map((notice) => ({ userId: Number(notice.user_id), noticeId: Number(notice.id) })));

      // One mail per user and stage, listing that user's moulds.
      const mails = new Map<string, { user: (typeof active)[number]; stage: number; molds: typeof candidates }>();
      for (const user of active) {
        if (user.subscribe !== 1 || user.email.trim() === '') continue;
        const stage = stageOf.get(Number(user.mold_id))!;
        const key = `${user.user_id}:${stage}`;
        const entry = mails.get(key) ?? { user, stage, molds: [] };
        entry.molds.push(molds.get(Number(user.mold_id))!);
        mails.set(key, entry);
      }
      const base = this.context.config.publicUrl?.replace(/\/$/, '');
      const queued: QueuedMessage[] = [...mails.values()].map(({ user, stage, molds: list }) => {
        const language = parseLanguage(user.language) ?? 'en';
        const zone = isKnownTimeZone(user.time_zone) ? user.time_zone : 'UTC';
        const mail = reminderMail(
          language,
          zone,
          stage,
          list.map((mold) => ({
            mold: `${mold.mold_number} ${mold.name}`.trim(),
            expiresAt: Math.floor(mold.expires_at.getTime() / 1000),
          })),
          base ? `${base}/renewal/renewalAlarm` : undefined,
        );
        return { userId: Number(user.user_id), channel: 'email', to: user.email.trim(), ...mail };
      });
      const mailCount = await this.outbox.queue(trx, queued);
      return { reminders: claimed.length, notices: notices.length, mails: mailCount };
    });
    for (const notice of published) this.context.bus.publish('notice', notice);
    return result;
  }

  async #requireListView(principal: Principal, unpaid: boolean): Promise<void> {
    if (await this.access.can(principal, MenuId.renewalAll, 'view')) return;
    if (unpaid && (await this.access.can(principal, MenuId.renewalUnpaid, 'view'))) return;
    throw forbidden();
  }

  async #withLines(row: RenewalRow): Promise<RenewalRecord> {
    const lines = await this.#repository.lines(this.context.db, Number(row.id));
    return { ...presentRenewal(row), molds: lines.map(presentLine) };
  }
}

/** RN, the UTC date and ten random characters: unique without a counter, not guessable. */
function orderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const random = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `RN${day}${random}`;
}

/** A business rule about the input: 400 with the field named, like a schema's refusal. */
function refusedInput(
  key: 'renewalNoPrice' | 'renewalMoldsNotRenewable' | 'renewalBankCountry',
  values: Record<string, string>,
) {
  return new ApiError(400, ResponseCode.invalid, key, values);
}
