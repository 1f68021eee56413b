import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Insertable, Selectable, Transaction } from 'kysely';
import {
  ALARM_RULES,
  AlarmType,
  emptyTracks,
  isBeforeTracks,
  judgeReadings,
  offlineAfterSeconds,
  alarmKey,
  type AlarmLevel,
  type JudgedReading,
  type JudgeOutcome,
  type MouldTracks,
  type OpenAlarmState,
} from '@mouldwatch/shared';
import type { AppContext } from '../app-context.js';
import type { BusEvents } from '../infra/bus/event-bus.js';
import type { AlarmTracksTable, Database, NewReading, UserMessagesTable } from '../infra/db/schema.js';
import { eventLoopLoad, type RunSize } from '../infra/jobs/event-loop-load.js';
import { tryJobLock } from '../infra/jobs/job-lock.js';
import type { PeriodicJob } from '../infra/jobs/job-scheduler.js';
import { MouldInfoCache } from '../state/mould-info-cache.js';
import { planChanges, type CreatedPlan, type RaisePlan } from './alarm-plan.js';
import { reconcileAlarms } from './alarm-reconcile.js';
import { HeldReadings, mergedByTransaction } from './held-readings.js';
import {
  AlarmsRepository,
  type AlarmChange,
  type AlarmRow,
  type MouldFacts,
  type NewAlarm,
  type ReadingToJudge,
  type TrackRow,
  MAX_READINGS_PER_RUN,
  type ReadBackEnd,
  readingsRangeOf,
} from './alarms.repository.js';

export interface AlarmEngineOptions {
  /** How long readings announced on the bus gather before a run judges them. */
  gatherMs: number;
  /** The periodic catch-up (readings of other instances, after a restart, after a failure). */
  catchUpIntervalMs: number;
  offlineIntervalMs: number;
  escalationIntervalMs: number;
}

const DEFAULT_OPTIONS: AlarmEngineOptions = {
  gatherMs: 100,
  catchUpIntervalMs: 5_000,
  offlineIntervalMs: 15_000,
  escalationIntervalMs: 60_000,
};

/**
 * A run costs mostly per mould, hardly per reading: under load readings gather this many times as
 * long (EventLoopLoad.gatherMs), so that each run judges more of them.
 */
const SATURATED_GATHER_FACTOR = 3;

/** The lock of judging readings and silence: one instance at a time moves the cursor. */
export const ALARM_JOB = 'alarm-engine';
export const ALARM_CATCH_UP_JOB = 'alarm-catch-up';
export const ALARM_OFFLINE_JOB = 'alarm-offline';
export const ALARM_ESCALATION_JOB = 'alarm-escalation';

/**
 * An alarm opened by readings older than this that is already closed again when the engine hears
 * of them (a device's buffered upload) is recorded, not pushed as news.
 */
const NEWS_WINDOW_MS = 10 * 60_000;

/** How long a failed summarization of the readings' index waits before it is tried again. */
const SUMMARIZE_RETRY_MS = 60_000;

type AlarmEvent = BusEvents['alarmChanged'];
interface Announcements {
  alarms: AlarmEvent[];
  notices: Array<{ id: number; user_id: number }>;
}
const nothing = (): Announcements => ({ alarms: [], notices: [] });

/** What a notice about an alarm says (contracts.md): the spec's fields first. */
export function noticeContent(
  alarm: Pick<AlarmRow, 'alarm_type' | 'channel' | 'channel_name' | 'temp_type' | 'value' | 'bound' | 'level' | 'unit'>,
  moldNumber: string,
  escalation: number,
) {
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    number: round(alarm.value),
    temp_type: alarm.temp_type,
    temp_name: alarm.channel_name,
    power: alarm.alarm_type === AlarmType.power ? Math.round(alarm.value ?? 0) : null,
    value: round(alarm.value),
    bound: round(alarm.bound),
    level: alarm.level,
    channel: alarm.channel,
    unit: alarm.unit,
    escalation,
    mold_number: moldNumber,
  };
}

const epoch = (date: Date) => date.getTime() / 1000;

function judgedReading(row: ReadingToJudge): JudgedReading {
  return {
    ts: row.ts,
    seq: row.seq,
    event: (row.event ?? undefined) as JudgedReading['event'],
    cycle_time: row.cycle_time,
    open_time: row.open_time,
    close_time: row.close_time,
    mold_temp: row.mold_temp,
    hrs_temp: row.hrs_temp,
    battery: row.battery,
  };
}

function openState(row: AlarmRow): OpenAlarmState {
  return {
    alarmType: row.alarm_type as OpenAlarmState['alarmType'],
    channel: row.channel,
    level: row.level as AlarmLevel,
    value: row.value,
    setValue: row.set_value,
    openedAt: epoch(row.opened_at),
  };
}

/** A re-judged window: the outcome, the stored alarms of the window and those open at its anchor. */
interface Rejudge {
  judged: JudgeOutcome;
  stored: AlarmRow[];
  openAtAnchor: AlarmRow[];
}

interface NewAlarmOf {
  mould: MouldFacts;
  plan: CreatedPlan;
  alarm: NewAlarm;
  news: boolean;
}

/** A row for an alarm a run opened; old news (see NEWS_WINDOW_MS) is recorded, not notified. */
function newAlarm(mould: MouldFacts, created: CreatedPlan, now: Date): NewAlarmOf {
  const news = created.closedAt === null || now.getTime() - created.openedAt.getTime() < NEWS_WINDOW_MS;
  return {
    mould,
    plan: created,
    news,
    alarm: {
      org_id: mould.org_id,
      mold_id: mould.id,
      alarm_type: created.alarmType,
      unique_str: randomBytes(16).toString('hex'),
      channel: created.channel,
      channel_name: created.channelName,
      temp_type: created.tempType,
      level: created.level,
      value: created.value,
      bound: created.bound,
      set_value: created.setValue,
      opened_at: created.openedAt,
      updated_at: created.updatedAt,
      closed_at: created.closedAt,
      notified_count: news ? 1 : 0,
      last_notified_at: now,
    },
  };
}

const openMap = (rows: readonly AlarmRow[]) =>
  new Map(rows.map((row) => [alarmKey({ alarmType: row.alarm_type, channel: row.channel }), openState(row)]));

/** A mould's tracks as stored, member by member (a spread of the parsed JSON costs V8 a slow path per mould and run). */
function storedTracks(row: Selectable<AlarmTracksTable>): MouldTracks {
  const kept = row.tracks as Pick<MouldTracks, 'gaps' | 'streaks' | 'lastSeq'>;
  return {
    lastTs: row.last_ts && epoch(row.last_ts),
    lastSeq: kept.lastSeq,
    poweredOff: row.powered_off,
    gaps: kept.gaps,
    streaks: kept.streaks,
  };
}

function trackRow(moldId: number, tracks: MouldTracks): TrackRow {
  return {
    mold_id: moldId,
    last_ts: tracks.lastTs === null ? null : new Date(tracks.lastTs * 1000),
    powered_off: tracks.poweredOff,
    offline_after_s: offlineAfterSeconds(tracks.gaps),
    tracks: JSON.stringify({ gaps: tracks.gaps, streaks: tracks.streaks, lastSeq: tracks.lastSeq ?? null }),
  };
}

/** Raw readings are kept this long: a late reading older than that is stored but changes nothing. */
const RETENTION_S = 35 * 86_400;
/** Readings a re-judge replays at most; a longer window is judged as late readings were before. */
const MAX_REJUDGE_READINGS = 20_000;
/**
 * The judged readings before a late one the re-judge replays first: enough for the longest streak
 * (`readingsToOpen`) and the learned gaps; the one before them gives the tracks' last reading.
 */
const WARM_UP_READINGS =
  Math.max(
    ALARM_RULES.offlineGapSamples,
    ALARM_RULES.temperatureReadings,
    ALARM_RULES.cycleReadings,
    ALARM_RULES.batteryReadings,
  ) + 1;

/** Judged readings fetched beyond the warm-up, so that a replay can begin at the start of a second. */
const SAME_SECOND_SLACK = 32;

/**
 * Where a re-judge begins, from the judged readings before the earliest late one (oldest first):
 * the anchor is the first reading of a second with at least WARM_UP_READINGS readings from it on,
 * and the seed the reading before it, which gives the replay its last reading. A replay begins at a
 * second's start because alarms keep whole seconds: it replays every reading from the anchor's
 * second on. From the mould's first reading when `fetchedAll` and no such second is among them;
 * null when one second holds them all (judged as late instead).
 */
function replayStart(
  before: readonly ReadingToJudge[],
  fetchedAll: boolean,
): { seed?: ReadingToJudge; anchor?: Date } | null {
  for (let index = before.length - WARM_UP_READINGS; index >= 1; index -= 1) {
    if (before[index - 1]!.ts < before[index]!.ts) {
      return { seed: before[index - 1], anchor: new Date(before[index]!.ts * 1000) };
    }
  }
  if (!fetchedAll) return null;
  return { anchor: before[0] && new Date(before[0].ts * 1000) };
}

/** The new readings without late ones older than the raw retention. */
function inRetention(readings: readonly JudgedReading[], lastTs: number | null, now: Date): JudgedReading[] {
  const horizon = now.getTime() / 1000 - RETENTION_S;
  return readings.filter((reading) => lastTs === null || reading.ts >= lastTs || reading.ts >= horizon);
}

/** A revised alarm's event: `opened` / `closed` when it is open now and was not, or the reverse. */
function revisedChange(wasClosed: Date | null, closed: Date | null): AlarmEvent['change'] {
  if (Boolean(wasClosed) === Boolean(closed)) return 'updated';
  return closed ? 'closed' : 'opened';
}

/** Rows by their mould, each mould's in the rows' order (a run has thousands: no copying per row). */
function byMouldOf<T extends { mold_id: number }, R>(rows: readonly T[], of: (row: T) => R): Map<number, R[]> {
  const grouped = new Map<number, R[]>();
  for (const row of rows) {
    const list = grouped.get(row.mold_id);
    if (list) list.push(of(row));
    else grouped.set(row.mold_id, [of(row)]);
  }
  return grouped;
}

const xidBelow = (a: string, b: string) => BigInt(a) < BigInt(b);

/** Readings held at most (HeldReadings): two full runs'. */
const MAX_HELD_READINGS = 2 * MAX_READINGS_PER_RUN;

/**
 * The alarms a run notifies of, each with the figures of its moment: the new ones that are news as
 * they opened, then each raise from early to alert as it was raised (of an alarm open before the
 * run, or of a new one that is news). So the notices are those of judging one reading at a time.
 */
function told(newAlarms: readonly NewAlarmOf[], inserted: readonly AlarmRow[], raises: readonly RaisePlan[]) {
  const rowOf = new Map(inserted.map((row) => [row.unique_str, row]));
  const newsRowOf = new Map<CreatedPlan, AlarmRow>();
  for (const { plan, alarm, news } of newAlarms) {
    const row = rowOf.get(alarm.unique_str);
    if (news && row) newsRowOf.set(plan, row);
  }
  return [
    ...[...newsRowOf].map(([plan, row]) => ({ ...row, ...plan.opening })),
    ...raises.flatMap(({ target, value, level, bound }) => {
      const row = 'row' in target ? target.row : newsRowOf.get(target);
      return row ? [{ ...row, value, level, bound }] : [];
    }),
  ];
}

/**
 * The alarm engine (issue 12): judges every stored reading exactly once, in reading-time order per
 * mould, against the rules of shared/src/alarm; keeps `alarms` (open, worst value, close), creates
 * the notices of each opened alarm for everyone who may read the mould, and announces
 * `alarmChanged`. Its jobs find silent devices and send unacknowledged alarms again. The design
 * (cursor over the storing transactions' ids, one instance at a time) is in docs/decisions.md.
 */
export class AlarmEngine {
  readonly #repository = new AlarmsRepository();
  readonly #infos = new MouldInfoCache();
  readonly #held = new HeldReadings(MAX_HELD_READINGS);
  readonly #options: AlarmEngineOptions;
  /** Everything the engine writes goes one at a time (the embedded database has one session). */
  #serial: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  #unsubscribe: Array<() => void> = [];
  /** The heap pages of `readings` whose BRIN ranges this instance summarized (`#summarize`). */
  #summarizedTo = 0;
  /** After a failed summarization, when to try again. */
  #summarizeAfter = 0;
  /** What the last run with readings judged. */
  #lastRun: RunSize = { moulds: 0, readings: 0 };

  constructor(
    private readonly context: AppContext,
    options: Partial<AlarmEngineOptions> = {},
  ) {
    this.#options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** The scheduled work: catch-up, silence and escalation. */
  jobs(): PeriodicJob[] {
    return [
      { name: ALARM_CATCH_UP_JOB, intervalMs: this.#options.catchUpIntervalMs, run: () => this.catchUp(0) },
      {
        name: ALARM_OFFLINE_JOB,
        intervalMs: this.#options.offlineIntervalMs,
        run: () => this.checkSilence(),
      },
      {
        name: ALARM_ESCALATION_JOB,
        intervalMs: this.#options.escalationIntervalMs,
        run: () => this.escalate(),
      },
    ];
  }

  /** Follows new readings and maintenance status; judges what was stored while the server was away. */
  start(): void {
    this.#stopped = false;
    this.#unsubscribe = [
      this.context.bus.subscribe('reading', ({ moldId }) => {
        if (moldId !== null) this.#wake(this.#gatherMs());
      }),
      this.context.bus.subscribe('maintenanceDue', (event) => {
        void this.#inTurn(() => this.onMaintenanceDue(event)).catch(this.#logFailure);
      }),
    ];
    this.#wake(0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    await this.#serial.catch(() => undefined);
  }

  /**
   * Readings this instance's ingest has just stored, in the committed transaction `xid`: held for
   * the run that judges them, which then need not read them back (HeldReadings).
   */
  hold(xid: string, rows: readonly NewReading[]): void {
    this.#held.hold(xid, rows);
  }

  /** Resolves once the readings announced so far are judged (tests). */
  async settled(): Promise<void> {
    for (;;) {
      const serial = this.#serial;
      await serial.catch(() => undefined);
      if (!this.#timer && serial === this.#serial) return;
      await delay(10);
    }
  }

  /**
   * Judges until nothing is left; readings of a transaction still running (anywhere on the
   * database server: the cursor stops below the oldest one) are waited for up to `waitMs`.
   * The transactions running at the call are waited for first, so that what was stored before it
   * is judged in one run, in reading-time order (a run cut between two batches of a mould would
   * judge the second batch as late). Answers the readings judged.
   */
  catchUp(waitMs = 10_000): Promise<number> {
    return this.#inTurn(async () => {
      const deadline = Date.now() + waitMs;
      const startedBefore = await this.#repository.nextXid(this.context.db);
      while (Date.now() < deadline && !(await this.#repository.endedBelow(this.context.db, startedBefore))) {
        await delay(50);
      }
      let judged = 0;
      for (;;) {
        const run = await this.evaluate();
        judged += run.judged;
        // Readings arriving all the time are the bus's to follow: only a backlog keeps this going.
        if (run.truncated) continue;
        if (!run.more || Date.now() >= deadline) return judged;
        await delay(50);
      }
    });
  }

  /**
   * One run: the readings of the transactions that ended since the cursor, judged per mould in
   * reading-time order, the alarms written with their notices and the cursor moved, in one
   * transaction; announced after the commit. `more`: readings are waiting (a transaction still
   * running, or more than a run takes, or another instance holds the lock).
   */
  async evaluate(): Promise<{ more: boolean; truncated: boolean; judged: number }> {
    const now = this.context.now();
    let blocks: number | undefined;
    const outcome = await this.context.db.transaction().execute(async (trx) => {
      if (!(await tryJobLock(trx, ALARM_JOB))) return { more: true, truncated: false, judged: 0, announce: nothing() };
      const progress = await this.#repository.progress(trx);
      const horizon = await this.#repository.horizon(trx);
      blocks = horizon.blocks;
      this.#held.forgetBelow(progress.judged_below);
      // Behind, a run ends after a run's worth of this instance's readings: its read-back scans
      // those, not the whole backlog (which it did at each run, and fell further behind).
      const end = this.#held.runEnd(progress.judged_below, MAX_READINGS_PER_RUN);
      let rows = await this.#readingsFrom(trx, progress.judged_below, horizon.xmin, { below: end });
      let cut = end !== undefined && xidBelow(end, horizon.xmin) ? end : horizon.xmin;
      const overLimit = rows.length > MAX_READINGS_PER_RUN;
      if (overLimit && xidBelow(rows[MAX_READINGS_PER_RUN]!.xid, cut)) cut = rows[MAX_READINGS_PER_RUN]!.xid;
      // One ended transaction stored more readings than a run takes: a cut inside it leaves nothing
      // below it, and the cursor would stay there. Its readings are judged whole, in a run of their own.
      const first = rows[0];
      if (overLimit && first!.ready && rows[MAX_READINGS_PER_RUN]!.xid === first!.xid) {
        cut = (BigInt(first!.xid) + 1n).toString();
        rows = await this.#readingsFrom(trx, first!.xid, horizon.xmin, { below: cut, whole: true });
      }
      const truncated = overLimit || cut !== horizon.xmin;
      const ready = rows.filter((row) => row.ready && xidBelow(row.xid, cut));
      const more = truncated || ready.length < rows.length;
      if (ready.length === 0 && cut === progress.judged_below)
        return { more, truncated, judged: 0, announce: nothing() };
      const announce = await this.#judge(trx, ready, now, cut);
      await this.#repository.saveProgress(trx, cut);
      return { more, truncated, judged: ready.length, announce };
    });
    this.#announce(outcome.announce);
    if (blocks !== undefined) await this.#summarize(blocks);
    return { more: outcome.more, truncated: outcome.truncated, judged: outcome.judged };
  }

  /**
   * The readings of the transactions from `from` on, up to `end`, as the repository's
   * `readingsFrom` answers them: the held ones from memory, the others read back. When the read-back
   * stops at its limit, the database's readings past its last transaction are not known yet, and
   * so held ones past it wait for a later run too.
   */
  async #readingsFrom(trx: Transaction<Database>, from: string, xmin: string, end: ReadBackEnd) {
    const held = this.#held.from(from, end.below);
    const xids = held.map(({ xid }) => xid);
    const fetched = await this.#repository.readingsFrom(trx, from, xmin, xids, end);
    if (held.length === 0) return fetched;
    const last = !end.whole && fetched.length > MAX_READINGS_PER_RUN ? BigInt(fetched.at(-1)!.xid) : undefined;
    const known = last === undefined ? held : held.filter(({ order }) => order < last);
    return mergedByTransaction(fetched, known, BigInt(xmin));
  }

  /**
   * Keeps the block ranges of `readings` the next runs and the roll-up read summarized
   * (`summarizeNewRanges`): when
   * the heap has grown into a range this instance has not summarized yet, the ranges from the last
   * one it summarized to the heap's end — all of them at its first run. After the run's commit, in
   * a statement of its own, so that the lock it takes on `readings` is held only while it reads the
   * new pages. A failure (a role that does not own the index, say) costs the runs time, never a
   * reading: it is logged, and tried again a minute later.
   */
  async #summarize(blocks: number): Promise<void> {
    const summarized = this.#summarizedTo;
    if (blocks === 0 || Date.now() < this.#summarizeAfter) return;
    if (summarized > 0 && readingsRangeOf(blocks - 1) <= readingsRangeOf(summarized - 1)) return;
    try {
      const ranges = await this.#repository.summarizeNewRanges(this.context.db, summarized, blocks);
      if (ranges !== null) this.#summarizedTo = blocks;
    } catch (error) {
      this.#summarizeAfter = Date.now() + SUMMARIZE_RETRY_MS;
      this.context.log.warn({ err: error }, 'alarm engine: readings index not summarized');
    }
  }

  async #judge(
    trx: Transaction<Database>,
    readings: readonly ReadingToJudge[],
    now: Date,
    cut: string,
  ): Promise<Announcements> {
    const byMould = byMouldOf(readings, judgedReading);
    const moldIds = [...byMould.keys()].sort((a, b) => a - b);
    this.#lastRun = { moulds: moldIds.length, readings: readings.length };
    const moulds = await this.#repository.moulds(trx, moldIds, this.#infos);
    const ids = moulds.map((mould) => mould.id);
    const tracksOf = new Map((await this.#repository.tracks(trx, ids)).map((row) => [row.mold_id, row]));
    const openOf = byMouldOf(await this.#repository.openAlarms(trx, ids), (row) => row);

    const newAlarms: NewAlarmOf[] = [];
    /** Open alarms raised from early to alert: their readers hear of it as of a new alarm. */
    const raised: AlarmRow[] = [];
    const raises: RaisePlan[] = [];
    const announce = nothing();
    const trackRows = [];
    /** Open alarms' changes of the in-order path, written in one statement. */
    const updates: AlarmChange[] = [];
    for (const mould of moulds) {
      const stored = tracksOf.get(mould.id);
      const tracks = stored ? storedTracks(stored) : emptyTracks();
      const open = openOf.get(mould.id) ?? [];
      const newReadings = inRetention(byMould.get(mould.id) ?? [], tracks.lastTs, now);
      const rejudge = await this.#rejudgeWindow(trx, mould, tracks, newReadings, cut);
      if (rejudge) {
        trackRows.push(trackRow(mould.id, rejudge.judged.tracks));
        const silenced = open.filter((row) => row.alarm_type === AlarmType.offline && row.bound !== null);
        const written = await this.#reconcile(trx, mould, rejudge, silenced, tracks, newReadings, now);
        announce.alarms.push(...written.events);
        raised.push(...written.raised);
        newAlarms.push(...written.created);
        continue;
      }
      const judged = judgeReadings({
        info: this.#infos.of(mould.id, mould.version, mould.info),
        monitored: mould.launch_listen === 1,
        tracks,
        open: openMap(open),
        readings: newReadings,
      });
      trackRows.push(trackRow(mould.id, judged.tracks));
      const plan = planChanges(open, judged.changes);
      for (const change of plan.existing) {
        updates.push({
          id: change.row.id,
          value: change.value,
          level: change.level,
          bound: change.bound,
          closed_at: change.closedAt,
          updated_at: change.updatedAt,
        });
        announce.alarms.push(this.#event(change.row, change.closedAt ? 'closed' : 'updated'));
      }
      raises.push(...plan.raises);
      newAlarms.push(...plan.created.map((created) => newAlarm(mould, created, now)));
    }
    await this.#repository.saveTracks(trx, trackRows);
    // Before the new alarms: one of them may open on a channel whose alarm a reading of this run closed.
    await this.#repository.updateAlarms(trx, updates);
    const inserted = await this.#repository.insertAlarms(
      trx,
      newAlarms.map(({ alarm }) => alarm),
    );
    for (const row of inserted) {
      announce.alarms.push(this.#event(row, 'opened'));
      if (row.closed_at) announce.alarms.push(this.#event(row, 'closed'));
    }
    const numbers = new Map(moulds.map((mould) => [mould.id, mould]));
    announce.notices = await this.#notify(trx, [...told(newAlarms, inserted, raises), ...raised], numbers, 0);
    return announce;
  }

  /**
   * A mould's re-judge when new readings are older than the latest judged one: its judged readings
   * from an anchor WARM_UP_READINGS before the earliest late one are judged again in time order,
   * from empty streaks and the alarms stored as open at the anchor. Null when nothing is late (the
   * common path: no query), the mould is not monitored, or the window holds more than
   * MAX_REJUDGE_READINGS.
   */
  async #rejudgeWindow(
    trx: Transaction<Database>,
    mould: MouldFacts,
    tracks: MouldTracks,
    readings: readonly JudgedReading[],
    cut: string,
  ): Promise<Rejudge | null> {
    // Monitoring has no history: an unmonitored mould's late readings change nothing, as before.
    if (mould.launch_listen !== 1 || tracks.lastTs === null) return null;
    if (!readings.some((reading) => isBeforeTracks(reading, tracks))) return null;
    const earliest = readings.reduce((min, reading) => Math.min(min, reading.ts), Number.POSITIVE_INFINITY);
    const limit = WARM_UP_READINGS + 1 + SAME_SECOND_SLACK;
    const before = await this.#repository.judgedReadings(
      trx,
      mould.id,
      cut,
      { before: new Date(earliest * 1000) },
      limit,
    );
    const start = replayStart(before, before.length < limit);
    if (!start) {
      this.context.log.warn(
        { moldId: mould.id },
        'alarm re-judge: no second to begin at, late readings judged as late',
      );
      return null;
    }
    const { seed } = start;
    const anchor = start.anchor ?? new Date(earliest * 1000);
    const window = await this.#repository.judgedReadings(
      trx,
      mould.id,
      cut,
      { from: anchor },
      MAX_REJUDGE_READINGS + 1,
    );
    if (window.length > MAX_REJUDGE_READINGS) {
      this.context.log.warn(
        { moldId: mould.id, from: anchor },
        'alarm re-judge window too long: late readings judged as late',
      );
      return null;
    }
    const stored = await this.#repository.readingAlarmsFrom(trx, mould.id, anchor);
    const openAtAnchor = await this.#asOfAnchor(
      trx,
      mould,
      cut,
      stored.filter((row) => row.opened_at < anchor),
      anchor,
    );
    const judged = judgeReadings({
      info: this.#infos.of(mould.id, mould.version, mould.info),
      monitored: mould.launch_listen === 1,
      tracks: {
        ...emptyTracks(),
        lastTs: seed ? seed.ts : null,
        lastSeq: seed?.seq ?? null,
        poweredOff: seed?.event === 'power_off',
      },
      open: openMap(openAtAnchor),
      readings: window.map(judgedReading),
    });
    return { judged, stored, openAtAnchor };
  }

  /**
   * The alarms open at a re-judge's anchor, each with its worst value among its readings before the
   * anchor. A stored value may come from a reading after the anchor that the replay puts after the
   * alarm's close (a late reading that closes it earlier), and the replay, where an open alarm keeps
   * its worst value, would keep it. Their readings are judged as late ones (worst values only) from
   * the earliest opening; a value none of them gives again (an offline alarm's, readings past the
   * raw retention) stays as stored, as do all when they are more than a re-judge replays. The level
   * stays as stored: a reading after the close that raised early to alert is not undone yet.
   */
  async #asOfAnchor(
    trx: Transaction<Database>,
    mould: MouldFacts,
    cut: string,
    open: readonly AlarmRow[],
    anchor: Date,
  ): Promise<AlarmRow[]> {
    if (open.length === 0) return [];
    const from = new Date(Math.min(...open.map((row) => row.opened_at.getTime())));
    const range = { from, before: anchor };
    const readings = await this.#repository.judgedReadings(trx, mould.id, cut, range, MAX_REJUDGE_READINGS + 1);
    if (readings.length > MAX_REJUDGE_READINGS) return [...open];
    const asOfAnchor = judgeReadings({
      info: this.#infos.of(mould.id, mould.version, mould.info),
      monitored: true,
      tracks: { ...emptyTracks(), lastTs: epoch(anchor) },
      open: openMap(open.map((row) => ({ ...row, value: null }))),
      readings: readings.map(judgedReading),
    }).open;
    return open.map((row) => {
      const value = asOfAnchor.get(alarmKey({ alarmType: row.alarm_type, channel: row.channel }))?.value;
      return value === null || value === undefined ? row : { ...row, value };
    });
  }

  /**
   * Writes a re-judge: the stored alarms of its window reconciled with the produced ones (withdrawn
   * ones deleted with their notices), and an offline alarm of the silence job closed by the first
   * new reading after the silence, as the in-order path does.
   */
  async #reconcile(
    trx: Transaction<Database>,
    mould: MouldFacts,
    rejudge: Rejudge,
    silenced: readonly AlarmRow[],
    tracksBefore: MouldTracks,
    readings: readonly JudgedReading[],
    now: Date,
  ) {
    const plan = planChanges(rejudge.openAtAnchor, rejudge.judged.changes);
    const { revised, created, withdrawn } = reconcileAlarms(rejudge.stored, plan.all, plan.created);
    const events: AlarmEvent[] = withdrawn.map((row) => this.#event(row, 'withdrawn'));
    const raised: AlarmRow[] = [];
    await this.#repository.deleteAlarms(trx, withdrawn);
    // Closing first: the one open alarm per channel a revision may reopen is closed by then.
    for (const change of [...revised].sort((a, b) => Number(!a.closedAt) - Number(!b.closedAt))) {
      const { row, openedAt, closedAt, level, value, bound, updatedAt } = change;
      await this.#repository.updateAlarm(trx, row.id, {
        opened_at: openedAt,
        closed_at: closedAt,
        level,
        value,
        bound,
        updated_at: updatedAt,
      });
      events.push(this.#event(row, revisedChange(row.closed_at, closedAt)));
      if (!closedAt && row.level === 'early' && level === 'alert') raised.push({ ...row, level, value, bound });
    }
    const lastTs = tracksBefore.lastTs ?? 0;
    const back = readings
      .filter((reading) => reading.ts >= lastTs && reading.event !== 'power_off')
      .sort((a, b) => a.ts - b.ts)[0];
    for (const row of back ? silenced : []) {
      await this.#repository.updateAlarm(trx, row.id, {
        closed_at: new Date(back!.ts * 1000),
        value: back!.ts - lastTs,
        updated_at: new Date(back!.ts * 1000),
      });
      events.push(this.#event(row, 'closed'));
    }
    return { events, raised, created: created.map((alarm) => newAlarm(mould, alarm, now)) };
  }

  /** One notice per reader of the mould per alarm, in one insert. */
  async #notify(
    trx: Transaction<Database>,
    alarms: readonly AlarmRow[],
    moulds: ReadonlyMap<number, Pick<MouldFacts, 'name' | 'mold_number'>>,
    escalationOf: number | ((alarm: AlarmRow) => number),
  ) {
    if (alarms.length === 0) return [];
    const readers = await this.#repository.readersOf(trx, [...new Set(alarms.map((alarm) => alarm.mold_id))]);
    const notices: Array<Insertable<UserMessagesTable>> = alarms.flatMap((alarm) => {
      const mould = moulds.get(alarm.mold_id);
      const escalation = typeof escalationOf === 'number' ? escalationOf : escalationOf(alarm);
      const content = JSON.stringify(noticeContent(alarm, mould?.mold_number ?? '', escalation));
      return (readers.get(alarm.mold_id) ?? []).map((userId) => ({
        user_id: userId,
        alarm_type: alarm.alarm_type,
        unique_str: alarm.unique_str,
        mold_id: alarm.mold_id,
        mold_name: mould?.name ?? '',
        mold_number: mould?.mold_number ?? '',
        content,
      }));
    });
    return this.#repository.insertNotices(trx, notices);
  }

  /**
   * Opens the offline alarm of each monitored mould whose device has been silent longer than its
   * learned interval allows, at the moment that interval ran out. Answers how many opened. Takes its
   * turn after this instance's judging run, whose lock it shares.
   */
  checkSilence(): Promise<number> {
    return this.#inTurn(() => this.#openSilenceAlarms());
  }

  async #openSilenceAlarms(): Promise<number> {
    const now = this.context.now();
    const outcome = await this.context.db.transaction().execute(async (trx) => {
      if (!(await tryJobLock(trx, ALARM_JOB))) return nothing();
      const silent = await this.#repository.silentMoulds(trx, now);
      const inserted = await this.#repository.insertAlarms(
        trx,
        silent.map((mould) => ({
          org_id: mould.org_id,
          mold_id: mould.id,
          alarm_type: AlarmType.offline,
          unique_str: randomBytes(16).toString('hex'),
          channel: 'offline',
          channel_name: '',
          temp_type: null,
          level: 'alert',
          value: mould.offline_after_s,
          bound: mould.offline_after_s,
          set_value: mould.offline_after_s,
          opened_at: new Date(mould.last_ts!.getTime() + mould.offline_after_s * 1000),
          updated_at: now,
          closed_at: null,
          notified_count: 1,
          last_notified_at: now,
        })),
      );
      const moulds = new Map(silent.map((mould) => [mould.id, mould]));
      return {
        alarms: inserted.map((row) => this.#event(row, 'opened')),
        notices: await this.#notify(trx, inserted, moulds, 0),
      };
    });
    this.#announce(outcome);
    return outcome.alarms.length;
  }

  /**
   * Sends again each open, unacknowledged alarm whose last notice is older than its organisation's
   * escalation delay (alarm_settings, 30 min by default, 0 = never): notices with `escalation: n`,
   * `notified_count` + 1. Answers how many were sent again.
   */
  escalate(): Promise<number> {
    return this.#inTurn(() => this.#escalateDue());
  }

  async #escalateDue(): Promise<number> {
    const now = this.context.now();
    const outcome = await this.context.db.transaction().execute(async (trx) => {
      if (!(await tryJobLock(trx, ALARM_ESCALATION_JOB))) return nothing();
      const due = await this.#repository.dueForEscalation(trx, now);
      await this.#repository.markEscalated(
        trx,
        due.map((alarm) => alarm.id),
        now,
      );
      const moulds = new Map(
        due.map((alarm) => [alarm.mold_id, { name: alarm.mold_name, mold_number: alarm.mold_number }]),
      );
      return {
        alarms: due.map((alarm) => this.#event(alarm, 'escalated')),
        notices: await this.#notify(trx, due, moulds, (alarm) => alarm.notified_count),
      };
    });
    this.#announce(outcome);
    return outcome.alarms.length;
  }

  /**
   * A maintenance task's status (contracts.md): warning opens an 'early' alarm, exceeded an 'alert'
   * (an open early one is raised to alert), normal closes it. The value is the cycles or days left,
   * the unit says which.
   * Idempotent: the same status again changes nothing but a lower value.
   */
  async onMaintenanceDue(event: BusEvents['maintenanceDue']): Promise<void> {
    const now = this.context.now();
    const channel = `task:${event.taskId}`;
    const outcome = await this.context.db.transaction().execute(async (trx): Promise<Announcements> => {
      const mould = await this.#repository.mould(trx, event.moldId);
      if (!mould || mould.org_id !== event.orgId) return nothing();
      const open = await this.#repository.openAlarmOf(trx, event.moldId, AlarmType.maintenance, channel);
      if (event.status === 'normal') {
        if (!open) return nothing();
        await this.#repository.updateAlarm(trx, open.id, { closed_at: now, updated_at: now });
        return { alarms: [this.#event(open, 'closed')], notices: [] };
      }
      const level: AlarmLevel = event.status === 'exceeded' ? 'alert' : 'early';
      if (open) {
        const raised = level === 'alert' && open.level !== 'alert';
        // A task edited from cycles to days (or back) counts afresh: its value in the new unit.
        const recounted = open.unit !== event.unit;
        const lower = recounted || open.value === null || event.remaining < open.value;
        if (!raised && !lower) return nothing();
        await this.#repository.updateAlarm(trx, open.id, {
          level: raised ? 'alert' : open.level,
          value: lower ? event.remaining : open.value,
          unit: event.unit,
          updated_at: now,
        });
        return { alarms: [this.#event(open, 'updated')], notices: [] };
      }
      const inserted = await this.#repository.insertAlarms(trx, [
        {
          org_id: event.orgId,
          mold_id: event.moldId,
          alarm_type: AlarmType.maintenance,
          unique_str: randomBytes(16).toString('hex'),
          channel,
          channel_name: event.taskName.slice(0, 64),
          temp_type: null,
          level,
          value: event.remaining,
          bound: 0,
          set_value: null,
          unit: event.unit,
          opened_at: now,
          updated_at: now,
          closed_at: null,
          notified_count: 1,
          last_notified_at: now,
        },
      ]);
      return {
        alarms: inserted.map((row) => this.#event(row, 'opened')),
        notices: await this.#notify(trx, inserted, new Map([[mould.id, mould]]), 0),
      };
    });
    this.#announce(outcome);
  }

  #event(row: Pick<AlarmRow, 'org_id' | 'mold_id' | 'id' | 'alarm_type'>, change: AlarmEvent['change']): AlarmEvent {
    return { orgId: row.org_id, moldId: row.mold_id, alarmId: row.id, alarmType: row.alarm_type, change };
  }

  #announce({ alarms, notices }: Announcements): void {
    try {
      for (const event of alarms) this.context.bus.publish('alarmChanged', event);
      for (const notice of notices) this.context.bus.publish('notice', { userId: notice.user_id, noticeId: notice.id });
    } catch (error) {
      this.#logFailure(error);
    }
  }

  /** How long readings gather before a run: longer under load (EventLoopLoad.gatherMs). */
  #gatherMs(): number {
    return eventLoopLoad.gatherMs(this.#options.gatherMs, SATURATED_GATHER_FACTOR, this.#lastRun);
  }

  /** A run after `delayMs`, unless one is due already. */
  #wake(delayMs: number): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#inTurn(() => this.evaluate())
        .then(({ more, truncated, judged }) => {
          // A backlog being judged goes on at once; a transaction still running is given a moment
          // (a run over one that stored more than a run takes judges nothing until it ends).
          if (truncated && judged > 0) this.#wake(0);
          else if (more) this.#wake(100);
        })
        .catch((error: unknown) => {
          this.#logFailure(error);
          this.#wake(1000);
        });
    }, delayMs);
  }

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#serial.catch(() => undefined).then(work);
    this.#serial = run;
    return run;
  }

  readonly #logFailure = (error: unknown) => this.context.log.error({ err: error }, 'alarm engine');
}
