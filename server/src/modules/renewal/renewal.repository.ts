import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { RemittanceInput, RenewalStatus } from '@mouldwatch/shared';
import { containing } from '../../infra/db/like.js';
import type { Database, RenewalPricesTable, RenewalsTable } from '../../infra/db/schema.js';
import { inParameterSlices } from '../../infra/db/parameter-slices.js';

export type RenewalRow = Selectable<RenewalsTable> & { record_number: number };
export type PriceRow = Selectable<RenewalPricesTable>;

export interface RenewalMoldRow {
  id: number;
  name: string;
  mold_number: string;
  device_no: string | null;
  subscription_expires_at: Date | null;
  unpaid_order_no: string | null;
}

export interface RenewalListFilter {
  status?: RenewalStatus;
  /** Order number, transaction serial number, remitter or a mould no of the order containing it. */
  search?: string;
}

/** A due mould's holders for a reminder: the users it is granted to (not shared) who may see renewal. */
export interface ReminderTarget {
  mold_id: number;
  name: string;
  mold_number: string;
  expires_at: Date;
  org_id: number;
}

export interface ReminderRecipient {
  user_id: number;
  mold_id: number;
  email: string;
  name: string;
  language: string;
  time_zone: string;
  subscribe: number;
  is_active: boolean;
}

const numeric = (value: unknown) => Number(value);

/** Renewal orders, prices and reminders: SQL only. */
export class RenewalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  prices(): Promise<PriceRow[]> {
    return this.db.selectFrom('renewal_prices').selectAll().orderBy('country').execute();
  }

  price(country: string): Promise<PriceRow | undefined> {
    return this.db.selectFrom('renewal_prices').selectAll().where('country', '=', country).executeTakeFirst();
  }

  /** The caller's own moulds (granted, not shared to them) in the organisation, with expiry and an unpaid order. */
  #ownMolds(userId: number, orgId: number) {
    return this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .leftJoin('devices as d', 'd.mold_id', 'm.id')
      .where('g.user_id', '=', userId)
      .where('g.shared_by', 'is', null)
      .where('m.org_id', '=', orgId);
  }

  async renewableMolds(
    userId: number,
    orgId: number,
    options: { dueBefore?: Date; search?: string; offset: number; limit: number },
  ): Promise<{ rows: RenewalMoldRow[]; total: number }> {
    let query = this.#ownMolds(userId, orgId);
    if (options.dueBefore) query = query.where('m.subscription_expires_at', '<=', options.dueBefore);
    if (options.search) {
      // Lower-cased by the database, as the column: JavaScript folds some capitals differently (İ).
      const pattern = sql<string>`lower(${containing(options.search)})`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(m.name)`, 'like', pattern),
          eb(sql`lower(m.mold_number)`, 'like', pattern),
          eb(sql`lower(d.device_no)`, 'like', pattern),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .select([
          'm.id',
          'm.name',
          'm.mold_number',
          'd.device_no',
          'm.subscription_expires_at',
          (eb) =>
            eb
              .selectFrom('renewal_molds as rm')
              .innerJoin('renewals as r', 'r.id', 'rm.renewal_id')
              .select('r.order_no')
              .whereRef('rm.mold_id', '=', 'm.id')
              .where('r.status', '=', 'unpaid')
              .limit(1)
              .as('unpaid_order_no'),
        ])
        .orderBy(sql`m.subscription_expires_at asc nulls last`)
        .orderBy('m.mold_number')
        .orderBy('m.id')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: numeric(count.total) };
  }

  /** The caller's own due moulds (expiring by `dueBefore`, or expired) that no unpaid order holds. */
  async dueUncovered(userId: number, orgId: number, dueBefore: Date) {
    return this.#ownMolds(userId, orgId)
      .select(['m.id', 'm.subscription_expires_at'])
      .where('m.subscription_expires_at', '<=', dueBefore)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('renewal_molds as rm')
              .innerJoin('renewals as r', 'r.id', 'rm.renewal_id')
              .select('rm.mold_id')
              .whereRef('rm.mold_id', '=', 'm.id')
              .where('r.status', '=', 'unpaid'),
          ),
        ),
      )
      .orderBy('m.id')
      .execute() as Promise<{ id: number; subscription_expires_at: Date }[]>;
  }

  /** Which of the moulds the user may renew (own, in the organisation); locked for the order's transaction. */
  async lockOwnMolds(trx: Transaction<Database>, userId: number, orgId: number, moldIds: readonly number[]) {
    return trx
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .select(['m.id', 'm.mold_number', 'm.name'])
      .where('g.user_id', '=', userId)
      .where('g.shared_by', 'is', null)
      .where('m.org_id', '=', orgId)
      .where('m.id', 'in', moldIds)
      .orderBy('m.id')
      .forUpdate('m')
      .execute();
  }

  /** An unpaid order that already holds one of the moulds. */
  unpaidHolding(trx: Transaction<Database>, moldIds: readonly number[]) {
    return trx
      .selectFrom('renewal_molds as rm')
      .innerJoin('renewals as r', 'r.id', 'rm.renewal_id')
      .innerJoin('molds as m', 'm.id', 'rm.mold_id')
      .select(['r.order_no', 'm.mold_number'])
      .where('rm.mold_id', 'in', moldIds)
      .where('r.status', '=', 'unpaid')
      .orderBy('m.mold_number')
      .executeTakeFirst();
  }

  async insertOrder(
    trx: Transaction<Database>,
    order: Omit<Selectable<RenewalsTable>, 'id' | 'status' | 'created_at' | RemittanceColumns | ConfirmColumns>,
    moldIds: readonly number[],
    at: Date,
  ): Promise<number> {
    const { id } = await trx
      .insertInto('renewals')
      .values({ ...order, created_at: at } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await inParameterSlices(
      moldIds.map((moldId) => ({ renewal_id: id, mold_id: moldId })),
      (slice) => trx.insertInto('renewal_molds').values(slice).execute(),
    );
    return numeric(id);
  }

  #orders(db: Kysely<Database>) {
    return db
      .selectFrom('renewals as r')
      .selectAll('r')
      .select((eb) =>
        eb
          .selectFrom('renewal_molds as rm')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('rm.renewal_id', '=', 'r.id')
          .as('record_number'),
      );
  }

  async find(db: Kysely<Database>, orgId: number, id: number, lock = false): Promise<RenewalRow | undefined> {
    let query = this.#orders(db).where('r.org_id', '=', orgId).where('r.id', '=', id);
    if (lock) query = query.forUpdate('r');
    const row = await query.executeTakeFirst();
    return row && { ...row, record_number: numeric(row.record_number) };
  }

  async findByOrderNo(db: Kysely<Database>, orderNo: string, lock = false): Promise<RenewalRow | undefined> {
    let query = this.#orders(db).where('r.order_no', '=', orderNo);
    if (lock) query = query.forUpdate('r');
    const row = await query.executeTakeFirst();
    return row && { ...row, record_number: numeric(row.record_number) };
  }

  async page(
    orgId: number,
    filter: RenewalListFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: RenewalRow[]; total: number }> {
    let query = this.db.selectFrom('renewals as r').where('r.org_id', '=', orgId);
    if (filter.status) query = query.where('r.status', '=', filter.status);
    if (filter.search) {
      const pattern = sql<string>`lower(${containing(filter.search)})`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(r.order_no)`, 'like', pattern),
          eb(sql`lower(r.transaction_serial_number)`, 'like', pattern),
          eb(sql`lower(r.remitter)`, 'like', pattern),
          eb.exists(
            eb
              .selectFrom('renewal_molds as rm')
              .innerJoin('molds as m', 'm.id', 'rm.mold_id')
              .select('rm.mold_id')
              .whereRef('rm.renewal_id', '=', 'r.id')
              .where(sql`lower(m.mold_number)`, 'like', pattern),
          ),
        ]),
      );
    }
    const [ids, count] = await Promise.all([
      query.select('r.id').orderBy('r.id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    if (ids.length === 0) return { rows: [], total: numeric(count.total) };
    const rows = await this.#orders(this.db)
      .where(
        'r.id',
        'in',
        ids.map((row) => row.id),
      )
      .orderBy('r.id', 'desc')
      .execute();
    return {
      rows: rows.map((row) => ({ ...row, record_number: numeric(row.record_number) })),
      total: numeric(count.total),
    };
  }

  lines(db: Kysely<Database>, renewalId: number) {
    return db
      .selectFrom('renewal_molds as rm')
      .innerJoin('molds as m', 'm.id', 'rm.mold_id')
      .select([
        'rm.mold_id',
        'm.name',
        'm.mold_number',
        'm.subscription_expires_at',
        'rm.previous_expires_at',
        'rm.starts_at',
        'rm.expires_at',
      ])
      .where('rm.renewal_id', '=', renewalId)
      .orderBy('m.mold_number')
      .orderBy('m.id')
      .execute();
  }

  async saveRemittance(trx: Transaction<Database>, id: number, input: RemittanceInput, at: Date): Promise<void> {
    await trx
      .updateTable('renewals')
      .set({
        remitter: input.remitter,
        remitter_account_number: input.account_number,
        remitter_country: input.country,
        transaction_serial_number: input.transaction_serial_number,
        renewal_type: input.renewal_type,
        remark: input.remark,
        remitted_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async cancel(trx: Transaction<Database>, id: number, at: Date): Promise<void> {
    await trx.updateTable('renewals').set({ status: 'cancelled', cancelled_at: at }).where('id', '=', id).execute();
  }

  /** The order's moulds, locked, with their current expiry. */
  lockLines(trx: Transaction<Database>, renewalId: number) {
    return trx
      .selectFrom('renewal_molds as rm')
      .innerJoin('molds as m', 'm.id', 'rm.mold_id')
      .select(['m.id', 'm.subscription_expires_at'])
      .where('rm.renewal_id', '=', renewalId)
      .orderBy('m.id')
      .forUpdate('m')
      .execute();
  }

  async extend(
    trx: Transaction<Database>,
    renewalId: number,
    moldId: number,
    line: { previous: Date | null; starts: Date; expires: Date },
  ): Promise<void> {
    await trx.updateTable('molds').set({ subscription_expires_at: line.expires }).where('id', '=', moldId).execute();
    await trx
      .updateTable('renewal_molds')
      .set({ previous_expires_at: line.previous, starts_at: line.starts, expires_at: line.expires })
      .where('renewal_id', '=', renewalId)
      .where('mold_id', '=', moldId)
      .execute();
  }

  async finish(trx: Transaction<Database>, id: number, at: Date, period: { starts: Date; expires: Date }) {
    await trx
      .updateTable('renewals')
      .set({ status: 'finished', confirmed_at: at, renewal_start_date: period.starts, expiration_date: period.expires })
      .where('id', '=', id)
      .execute();
  }

  dismissedAt(userId: number) {
    return this.db
      .selectFrom('renewal_flag_dismissals')
      .select('dismissed_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async dismiss(userId: number, at: Date): Promise<void> {
    await this.db
      .insertInto('renewal_flag_dismissals')
      .values({ user_id: userId, dismissed_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ dismissed_at: at }))
      .execute();
  }

  /** Moulds expiring in (now, until]: the reminder job's candidates. */
  expiringBetween(trx: Transaction<Database>, now: Date, until: Date, limit: number): Promise<ReminderTarget[]> {
    return trx
      .selectFrom('molds')
      .select(['id as mold_id', 'name', 'mold_number', 'org_id', 'subscription_expires_at as expires_at'])
      .where('subscription_expires_at', '>', now)
      .where('subscription_expires_at', '<=', until)
      .orderBy('subscription_expires_at')
      .limit(limit)
      .execute() as Promise<ReminderTarget[]>;
  }

  /** Records the stages as sent; answers those that were not recorded before (the others: another run sent them). */
  async claimReminders(
    trx: Transaction<Database>,
    rows: { mold_id: number; expires_at: Date; stage: number }[],
    at: Date,
  ): Promise<{ mold_id: number; expires_at: Date; stage: number }[]> {
    const claimed = await inParameterSlices(
      rows.map((row) => ({ ...row, sent_at: at })),
      (slice) =>
        trx
          .insertInto('renewal_reminders')
          .values(slice)
          .onConflict((oc) => oc.columns(['mold_id', 'expires_at', 'stage']).doNothing())
          .returning(['mold_id', 'expires_at', 'stage'])
          .execute(),
    );
    return claimed.map((row) => ({ ...row, mold_id: numeric(row.mold_id), stage: numeric(row.stage) }));
  }

  /** The users a mould is granted to (not shared), active, whose role shows the renewal overview. */
  recipients(trx: Transaction<Database>, moldIds: readonly number[], menuId: number): Promise<ReminderRecipient[]> {
    if (moldIds.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('user_mold_grants as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .innerJoin('role_permissions as rp', (join) =>
        join.onRef('rp.role_id', '=', 'u.role_id').on('rp.menu_id', '=', menuId),
      )
      .select([
        'g.user_id',
        'g.mold_id',
        'u.email',
        'u.name',
        'u.language',
        'u.time_zone',
        'u.subscribe',
        'u.is_active',
      ])
      .where('g.mold_id', 'in', moldIds)
      .where('g.shared_by', 'is', null)
      .where(sql<boolean>`rp.actions @> '["view"]'::jsonb`)
      .execute();
  }

  async insertNotices(
    trx: Transaction<Database>,
    notices: {
      user_id: number;
      alarm_type: number;
      unique_str: string;
      mold_id: number;
      mold_name: string;
      mold_number: string;
      content: string;
    }[],
  ): Promise<{ id: number; user_id: number }[]> {
    return inParameterSlices(notices, (slice) =>
      trx.insertInto('user_messages').values(slice).returning(['id', 'user_id']).execute(),
    );
  }
}

type RemittanceColumns =
  | 'remitter'
  | 'remitter_account_number'
  | 'remitter_country'
  | 'transaction_serial_number'
  | 'renewal_type'
  | 'remark'
  | 'remitted_at';
type ConfirmColumns = 'renewal_start_date' | 'expiration_date' | 'confirmed_at' | 'cancelled_at';
