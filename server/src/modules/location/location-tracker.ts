import { setTimeout as delay } from 'node:timers/promises';
import {
  distanceM,
  estimateFromWifi,
  isHistoryPoint,
  learnAccessPoint,
  SOURCE_CODES,
  type DeviceMessage,
  type KnownAccessPoint,
  type LivePosition,
  type LocationFix,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { LocationRepository, type NewFix } from './location.repository.js';

/** A shown position that moved less than this is not sent to the consoles again. */
const LIVE_MOVE_M = 1;

interface Pending {
  orgId: number;
  messages: DeviceMessage[];
}

/**
 * Follows committed readings (bus `reading`) and keeps each mould's position: the GPS fix, else the
 * WiFi estimate from the organisation's known access points; readings with GPS and WiFi together teach
 * the access points heard. Readings gather for a moment and each mould is applied in one transaction,
 * like the state engine, so the ingest never waits for positions. Moves become history points when
 * the thinning rule says so, and the consoles hear of changed positions (bus `moldPositions`).
 */
export class LocationTracker {
  readonly #repository = new LocationRepository();
  readonly #pending = new Map<number, Pending>();
  #draining: Promise<void> | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly context: AppContext,
    private readonly applyDelayMs = 500,
  ) {}

  start(): void {
    this.#unsubscribe = this.context.bus.subscribe('reading', ({ orgId, moldId, message }) => {
      if (moldId === null || (!message.gps && !message.wifi?.length)) return;
      const pending = this.#pending.get(moldId) ?? { orgId, messages: [] };
      pending.messages.push(message);
      this.#pending.set(moldId, pending);
      this.#startDraining();
    });
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.();
    await this.settled();
  }

  /** Resolves once every reading received so far is applied. */
  async settled(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  #startDraining(): void {
    if (this.#draining) return;
    this.#draining = delay(this.applyDelayMs)
      .then(() => this.#drain())
      .finally(() => {
        this.#draining = undefined;
        if (this.#pending.size > 0) this.#startDraining();
      });
  }

  async #drain(): Promise<void> {
    const moved = new Map<number, LivePosition[]>();
    for (const [moldId, { orgId, messages }] of this.#pending) {
      this.#pending.delete(moldId);
      try {
        const position = await this.context.db
          .transaction()
          .execute((trx) => this.#apply(trx, orgId, moldId, messages));
        if (position) moved.set(orgId, [...(moved.get(orgId) ?? []), position]);
      } catch (error) {
        this.context.log.warn({ err: error, moldId }, 'location: readings not applied');
      }
    }
    for (const [orgId, positions] of moved) this.context.bus.publish('moldPositions', { orgId, positions });
  }

  /** Applies a mould's readings; answers its new shown position when it moved. */
  async #apply(
    db: AppContext['db'],
    orgId: number,
    moldId: number,
    messages: DeviceMessage[],
  ): Promise<LivePosition | undefined> {
    const ordered = [...messages].sort((a, b) => a.ts - b.ts);
    const bssids = [
      ...new Set(ordered.flatMap((message) => (message.wifi ?? []).map(({ bssid }) => bssid.toUpperCase()))),
    ];
    const known = new Map<string, KnownAccessPoint & { learned: boolean; samples: number }>(
      (await this.#repository.knownAccessPoints(db, orgId, bssids)).map((point) => [point.bssid, point]),
    );
    // Readings with GPS and WiFi together teach the access points they heard.
    for (const message of ordered) {
      if (!message.gps || !message.wifi) continue;
      for (const { bssid, rssi } of message.wifi) {
        const key = bssid.toUpperCase();
        const previous = known.get(key);
        if (previous && !previous.learned) continue;
        const learned = learnAccessPoint(previous, message.gps, rssi);
        await this.#repository.learnAccessPoint(db, orgId, { bssid: key, ...learned });
        known.set(key, { bssid: key, ...learned, learned: true });
      }
    }
    const fixes = this.#fixesOf(ordered, known);
    const fix = fixes.at(-1);
    if (!fix) return undefined;
    const [current] = await this.#repository.fixesOf(db, [moldId]);
    // A late reading never takes the place of a newer fix.
    if (current?.fix_at && current.fix_at >= fix.at) return undefined;
    await this.#repository.saveFix(db, orgId, moldId, fix);
    const manualAt = current?.manual_at instanceof Date ? current.manual_at : undefined;
    if (manualAt && manualAt >= fix.at) return undefined;

    // Every fix of the batch newer than the last one kept (a device's buffered upload is a whole track).
    const newer = fixes.filter(
      (each) => (!current?.fix_at || each.at > current.fix_at) && !(manualAt && manualAt >= each.at),
    );
    await this.#addHistoryPoints(db, moldId, newer);
    const shownBefore =
      current?.manual_at instanceof Date
        ? undefined
        : typeof current?.fix_lat === 'number' && typeof current.fix_lng === 'number'
          ? { lat: current.fix_lat, lng: current.fix_lng, source: current.fix_source }
          : undefined;
    if (shownBefore && shownBefore.source === fix.source && distanceM(shownBefore, fix) < LIVE_MOVE_M) return undefined;
    return [moldId, fix.lat, fix.lng, SOURCE_CODES[fix.source], fix.accuracy_m, Math.floor(fix.at.getTime() / 1000)];
  }

  /** The points of `fixes` (in time order) that the thinning rule keeps, after the mould's last one. */
  async #addHistoryPoints(db: AppContext['db'], moldId: number, fixes: readonly NewFix[]): Promise<void> {
    let last: LocationFix | undefined = await this.#repository.lastHistoryPoint(db, moldId);
    for (const fix of fixes) {
      const next: LocationFix = { lat: fix.lat, lng: fix.lng, source: fix.source, accuracy_m: fix.accuracy_m };
      if (!isHistoryPoint(last, next)) continue;
      await this.#repository.addHistoryPoint(db, {
        mold_id: moldId,
        ...next,
        battery: fix.battery,
        recorded_at: fix.at,
      });
      last = next;
    }
  }

  /**
   * Each reading's fix, in time order: its GPS position, else the WiFi estimate of its scan from the
   * known access points; readings with neither have none.
   */
  #fixesOf(ordered: readonly DeviceMessage[], known: ReadonlyMap<string, KnownAccessPoint>): NewFix[] {
    return ordered.flatMap((message): NewFix[] => {
      const at = new Date(message.ts * 1000);
      const battery = message.battery ?? null;
      if (message.gps) return [{ ...message.gps, source: 'gps', accuracy_m: null, at, battery }];
      const estimate = message.wifi ? estimateFromWifi(message.wifi, known) : null;
      return estimate
        ? [{ lat: estimate.lat, lng: estimate.lng, source: 'wifi', accuracy_m: estimate.accuracy_m, at, battery }]
        : [];
    });
  }
}
