import {
  bucketBounds,
  REALTIME_WINDOW_SECONDS,
  resolveWindow,
  STATUS_SLOTS_WINDOW_SECONDS,
  ResponseCode,
  type DataRange,
  type GivenWindow,
  type MoldDataKind,
  type MoldDataRecord,
  type TimeStateRecord,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { KIND_READERS, presentStateBucket, presentTimeState, STATE_COLUMNS } from './mold-history.presenter.js';
import { MoldHistoryRepository } from './mold-history.repository.js';
import { ReadBudget } from './read-budget.js';

/** A window in epoch seconds as the caller gave it; a history range may leave either end out. */
export type DataWindow = GivenWindow;
interface Window {
  start: number;
  end: number;
}

export interface Paging {
  page: number;
  limit: number;
}

export interface RecordsPage {
  records: MoldDataRecord[];
  total: number;
}

const toDate = (seconds: number) => new Date(seconds * 1000);
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The mould data reads (spec §7): real time from the raw readings, hour / day / week / month from
 * the 15-minute roll-ups added up into buckets of the caller's time zone. Every read, the exports
 * included, covers a bounded window (`resolveWindow`) and counts against its user's read budget.
 */
export class MoldHistoryService {
  readonly #repository: MoldHistoryRepository;
  readonly #budget = new ReadBudget();

  constructor(
    private readonly context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new MoldHistoryRepository(context.db);
  }

  /** Records oldest first; with paging, one page of them newest first. */
  async records(
    principal: Principal,
    kind: MoldDataKind,
    moldId: number,
    range: DataRange,
    window: DataWindow,
    zone: string,
    paging?: Paging,
  ): Promise<RecordsPage> {
    await this.access.requireMoldAccess(principal, moldId, 'read');
    const resolved = this.#window(range, window, REALTIME_WINDOW_SECONDS);
    return this.#budget.run(principal.userId, async () => {
      if (range === 'realtime') return this.#realtime(kind, moldId, resolved, paging);
      const bounds = bucketBounds(range, resolved.start, resolved.end, zone);
      const rows = await this.#repository.buckets(moldId, bounds, KIND_READERS[kind].columns);
      const records = rows.flatMap((row) => {
        const content = KIND_READERS[kind].fromBucket(row);
        return content ? [{ create_datetime: bounds[row.index]!, content }] : [];
      });
      return paging ? pageOf(records, paging) : { records, total: records.length };
    });
  }

  /** Time-state records: the 5-minute slots in real time, else the shares per bucket of the range. */
  async stateRecords(
    principal: Principal,
    moldId: number,
    range: DataRange,
    window: DataWindow,
    zone: string,
  ): Promise<TimeStateRecord[]> {
    await this.access.requireMoldAccess(principal, moldId, 'read');
    const { start, end } = this.#window(range, window, STATUS_SLOTS_WINDOW_SECONDS);
    return this.#budget.run(principal.userId, async () => {
      if (range === 'realtime') {
        const slots = await this.#repository.slots(moldId, toDate(start), toDate(end));
        return slots.map(({ energy_kwh: _energy, ...slot }) => presentTimeState(slot));
      }
      const bounds = bucketBounds(range, start, end, zone);
      const rows = await this.#repository.buckets(moldId, bounds, STATE_COLUMNS);
      return rows.flatMap((row) => presentStateBucket(row, bounds[row.index]!) ?? []);
    });
  }

  /** The mould's name, number and settings, for titles and channel names. */
  mould(moldId: number) {
    return this.#repository.mould(moldId);
  }

  /** The window to read, or 400 with the reason (`resolveWindow`: the rule of every read). */
  #window(range: DataRange, given: DataWindow, realtimeLongest: number): Window {
    const window = resolveWindow(range, given, toSeconds(this.context.now()), realtimeLongest);
    if (!('problem' in window)) return window;
    if (window.problem === 'tooLong') {
      throw new ApiError(400, ResponseCode.invalid, 'windowTooLong', { range, days: window.days });
    }
    throw new ApiError(
      400,
      ResponseCode.invalid,
      window.problem === 'bothEndsRequired' ? 'windowBothEndsRequired' : 'windowEndNotAfterStart',
    );
  }

  async #realtime(kind: MoldDataKind, moldId: number, { start, end }: Window, paging?: Paging): Promise<RecordsPage> {
    const raw = KIND_READERS[kind].raw;
    if (!raw) return this.#slotEnergy(moldId, start, end, paging);
    const page = paging && { offset: (paging.page - 1) * paging.limit, limit: paging.limit };
    const { rows, total } = await this.#repository.readings(moldId, raw.filter, toDate(start), toDate(end), page);
    return { records: rows.map((row) => ({ create_datetime: toSeconds(row.ts), content: raw.content(row) })), total };
  }

  /** Energy in real time: the 5-minute slots of the window. */
  async #slotEnergy(moldId: number, start: number, end: number, paging?: Paging): Promise<RecordsPage> {
    const slots = await this.#repository.slots(moldId, toDate(start), toDate(end));
    const records = slots.map((slot) => ({
      create_datetime: toSeconds(slot.slot_start),
      content: [{ energy: Math.round(slot.energy_kwh * 1000) / 1000 }],
    }));
    return paging ? pageOf(records, paging) : { records, total: records.length };
  }
}

/** One page of records, newest first. */
function pageOf(records: MoldDataRecord[], { page, limit }: Paging): RecordsPage {
  const newestFirst = [...records].reverse();
  return { records: newestFirst.slice((page - 1) * limit, page * limit), total: records.length };
}
