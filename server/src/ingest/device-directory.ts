import type { EventBus } from '../infra/bus/event-bus.js';
import { hashDeviceToken } from '../infra/security/device-tokens.js';
import type { IngestDevice, IngestRepository } from './ingest.repository.js';

/** How long a looked-up device (or its absence) is trusted. */
const TTL_MS = 10_000;
/** Entries kept per index; the oldest go first, so a flood of wrong tokens stays bounded. */
const MAX_ENTRIES = 10_000;

/**
 * Devices by token and by serial number, cached for a few seconds so that the ingest does not
 * ask the database on every message. Any device change on the bus (bind, new token, delete)
 * and any saved mould settings empty the cache; other server instances hear it through the bus as well, and at worst
 * trust a stale entry until it expires.
 */
export class DeviceDirectory {
  readonly #byTokenHash = new ExpiringCache<IngestDevice | undefined>();
  readonly #byDeviceNo = new ExpiringCache<IngestDevice | undefined>();

  constructor(
    private readonly repository: IngestRepository,
    bus: EventBus,
  ) {
    const forget = () => {
      this.#byTokenHash.clear();
      this.#byDeviceNo.clear();
    };
    bus.subscribe('deviceChanged', forget);
    // A mould's saved settings (its thermocouple) are part of its device's cached identity.
    bus.subscribe('moldsChanged', forget);
  }

  byToken(token: string): Promise<IngestDevice | undefined> {
    const tokenHash = hashDeviceToken(token);
    return this.#byTokenHash.get(tokenHash, () => this.repository.deviceByTokenHash(tokenHash));
  }

  byDeviceNo(deviceNo: string): Promise<IngestDevice | undefined> {
    return this.#byDeviceNo.get(deviceNo, () => this.repository.deviceByNo(deviceNo));
  }
}

/** Caches the lookup itself, so many messages arriving at once cause one query, not many. */
class ExpiringCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = load();
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + TTL_MS });
    // A failed lookup is not remembered.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
