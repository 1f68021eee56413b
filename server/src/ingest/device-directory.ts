import type { EventBus } from '../infra/bus/event-bus.js';
import { Batcher } from '../infra/batcher.js';
import { hashDeviceToken } from '../infra/security/device-tokens.js';
import type { IngestDevice, IngestRepository } from './ingest.repository.js';

/** How long a looked-up device (or its absence) is trusted. */
const TTL_MS = 10_000;
/**
 * A device asked for in the last this-long of its entry's life is looked up again in the
 * background, and its entry served meanwhile: a device that reports more often never waits for a
 * look-up after the first.
 */
const REFRESH_AHEAD_MS = 3_000;
/**
 * Look-ups asked for within this long of the first go in one query: the devices' next messages after
 * their entries expired together come within a few milliseconds of each other under load.
 */
const GATHER_MS = 5;
/** Entries kept per index; the oldest go first, so a flood of wrong tokens stays bounded. */
const MAX_ENTRIES = 10_000;

/**
 * Devices by token and by serial number, cached for a few seconds so that the ingest does not
 * ask the database on every message. Any device change on the bus (bind, new token, delete)
 * and any saved mould settings empty the cache; other server instances hear it through the bus as well, and at worst
 * trust a stale entry until it expires.
 *
 * Devices that connected together (a restart) expire together. Each was looked up by a query of its
 * own, which the embedded database's one session took in turn with the readings' inserts: the
 * devices' messages, and the engines' runs queued behind those queries, waited up to 1.5 s every ten
 * seconds. Now an entry asked for near its end is looked up again while it is served, and the
 * look-ups asked for within a few milliseconds go in one query (Batcher; docs/decisions.md,
 * "Device look-ups ahead of expiry, in one query").
 */
export class DeviceDirectory {
  readonly #byTokenHash: ExpiringCache<IngestDevice>;
  readonly #byDeviceNo: ExpiringCache<IngestDevice>;

  constructor(repository: IngestRepository, bus: EventBus, now: () => number = () => performance.now()) {
    this.#byTokenHash = new ExpiringCache((hashes) => repository.devicesByTokenHash(hashes), now);
    this.#byDeviceNo = new ExpiringCache((deviceNos) => repository.devicesByNo(deviceNos), now);
    const forget = () => {
      this.#byTokenHash.clear();
      this.#byDeviceNo.clear();
    };
    bus.subscribe('deviceChanged', forget);
    // A mould's saved settings (its thermocouple) are part of its device's cached identity.
    bus.subscribe('moldsChanged', forget);
  }

  byToken(token: string): Promise<IngestDevice | undefined> {
    return this.#byTokenHash.get(hashDeviceToken(token));
  }

  byDeviceNo(deviceNo: string): Promise<IngestDevice | undefined> {
    return this.#byDeviceNo.get(deviceNo);
  }
}

interface Entry<V> {
  value: Promise<V | undefined>;
  expiresAt: number;
  refreshing: boolean;
}

/** Caches the lookup itself, so many messages arriving at once cause one query, not many. */
class ExpiringCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #loader: Batcher<string, V>;

  constructor(
    lookUp: (keys: string[]) => Promise<Map<string, V>>,
    private readonly now: () => number,
  ) {
    this.#loader = new Batcher(lookUp, GATHER_MS);
  }

  get(key: string): Promise<V | undefined> {
    const cached = this.#entries.get(key);
    const now = this.now();
    if (!cached || cached.expiresAt <= now) return this.#load(key).value;
    if (!cached.refreshing && cached.expiresAt - now <= REFRESH_AHEAD_MS) this.#refresh(key, cached);
    return cached.value;
  }

  clear(): void {
    this.#entries.clear();
  }

  #load(key: string): Entry<V> {
    const value = this.#loader.load(key);
    const entry = { value, expiresAt: this.now() + TTL_MS, refreshing: false };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    // A failed lookup is not remembered.
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    return entry;
  }

  /**
   * Looks the key up again while its entry is served. The answer replaces the entry only if the
   * entry is still there: one emptied by a change meanwhile may have been read before the change.
   */
  #refresh(key: string, entry: Entry<V>): void {
    entry.refreshing = true;
    const started = this.now();
    this.#loader.load(key).then(
      (value) => {
        if (this.#entries.get(key) !== entry) return;
        this.#entries.delete(key);
        this.#entries.set(key, { value: Promise.resolve(value), expiresAt: started + TTL_MS, refreshing: false });
      },
      () => {
        entry.refreshing = false;
      },
    );
  }
}
