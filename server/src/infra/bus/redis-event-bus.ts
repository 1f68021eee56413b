import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LocalEventBus, type BusEvents, type BusHandler, type BusTopic, type EventBus } from './event-bus.js';

interface Wire {
  /** The instance that published; it has already delivered the event to its own handlers. */
  origin: string;
  event: unknown;
}

export interface RedisBusOptions {
  /** Channel prefix; the instances of one installation share it, and only they (start.ts). */
  namespace: string;
  onError?: (error: unknown) => void;
}

/**
 * The bus across server instances: an event is delivered to this instance's handlers at once and
 * published on Redis, whence every other instance delivers it to theirs.
 */
export class RedisEventBus implements EventBus {
  readonly #local = new LocalEventBus();
  readonly #origin = randomUUID();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  static async connect(url: string, options: RedisBusOptions): Promise<RedisEventBus> {
    const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const subscriber = publisher.duplicate();
    const onError = options.onError ?? (() => undefined);
    publisher.on('error', onError);
    subscriber.on('error', onError);
    await Promise.all([publisher.connect(), subscriber.connect()]);
    const bus = new RedisEventBus(publisher, subscriber, `${options.namespace}:bus:`, onError);
    subscriber.on('pmessage', (_pattern: string, channel: string, text: string) => bus.#receive(channel, text));
    await subscriber.psubscribe(`${bus.prefix}*`);
    return bus;
  }

  publish<T extends BusTopic>(topic: T, event: BusEvents[T]): void {
    this.#local.publish(topic, event);
    // While Redis is away (ioredis reconnects by itself) the other instances miss the event: better
    // at once than after queueing it and failing it with one error logged per event.
    if (this.publisher.status !== 'ready') return;
    const wire: Wire = { origin: this.#origin, event };
    this.publisher.publish(this.prefix + topic, JSON.stringify(wire)).catch(this.onError);
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    return this.#local.subscribe(topic, handler);
  }

  async close(): Promise<void> {
    await this.#local.close();
    await Promise.all([this.subscriber.quit(), this.publisher.quit()]).catch(() => undefined);
  }

  #receive(channel: string, text: string): void {
    try {
      const wire = JSON.parse(text) as Wire;
      if (wire.origin === this.#origin) return;
      const topic = channel.slice(this.prefix.length) as BusTopic;
      this.#local.publish(topic, wire.event as BusEvents[typeof topic]);
    } catch (error) {
      this.onError(error);
    }
  }
}
