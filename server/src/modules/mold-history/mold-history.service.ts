import {
  bucketBounds,
  defaultWindow,
  type DataRange,
  type HistoryRange,
  type MoldDataKind,
  type MoldDataRecord,
  type TimeStateRecord,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { KIND_READERS, presentStateBucket, presentTimeState, STATE_COLUMNS } from './mold-history.presenter.js';
import { MoldHistoryRepository } from './mold-history.repository.js';

/** A window in epoch seconds; a history range may leave either end out. */
export interface DataWindow {
  start?: number;
  end?: number;
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
 * the 15-minute roll-ups added up into buckets of the caller's time zone.
 */
export class MoldHistoryService {
  readonly #repository: MoldHistoryRepository;

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
    if (range === 'realtime') return this.#realtime(kind, moldId, window as Required<DataWindow>, paging);
    const bounds = this.#bounds(range, window, zone);
    const rows = await this.#repository.buckets(moldId, bounds, KIND_READERS[kind].columns);
    const records = rows.flatMap((row) => {
      const content = KIND_READERS[kind].fromBucket(row);
      return content ? [{ create_datetime: bounds[row.index]!, content }] : [];
    });
    return paging ? pageOf(records, paging) : { records, total: records.length };
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
    if (range === 'realtime') {
      const { start, end } = window as Required<DataWindow>;
      const slots = await this.#repository.slots(moldId, toDate(start), toDate(end));
      return slots.map(({ energy_kwh: _energy, ...slot }) => presentTimeState(slot));
    }
    const bounds = this.#bounds(range, window, zone);
    const rows = await this.#repository.buckets(moldId, bounds, STATE_COLUMNS);
    return rows.flatMap((row) => presentStateBucket(row, bounds[row.index]!) ?? []);
  }

  /** The mould's name, number and settings, for titles and channel names. */
  mould(moldId: number) {
    return this.#repository.mould(moldId);
  }

  #bounds(range: HistoryRange, window: DataWindow, zone: string): number[] {
    const fallback = defaultWindow(range, toSeconds(this.context.now()));
    const end = window.end ?? fallback.end;
    const start = window.start ?? end - (fallback.end - fallback.start);
    return bucketBounds(range, start, end, zone);
  }

  async #realtime(
    kind: MoldDataKind,
    moldId: number,
    { start, end }: Required<DataWindow>,
    paging?: Paging,
  ): Promise<RecordsPage> {
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
