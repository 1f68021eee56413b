import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_AUTH_TIMEOUT_MS,
  ResponseCode,
  liveClientMessageSchema,
  serverMessage,
  type LiveClientMessage,
  type DeviceMessage,
  type LiveServerMessage,
  type MoldLiveStatus,
  type Notice,
} from '@mouldwatch/shared';
import type { EventBus } from '../bus/event-bus.js';

/** The signed-in user behind a socket; the hub only needs to know whose it is. */
export interface LivePrincipal {
  userId: number;
}

/** What the hub asks of the rest of the server; kept narrow so the hub owns no business rules. */
export interface LiveHubDeps<P extends LivePrincipal> {
  bus: EventBus;
  log: FastifyBaseLogger;
  /** The principal of a valid, unrevoked token; throws otherwise. */
  authenticate(token: string): Promise<P>;
  unreadCount(userId: number): Promise<number>;
  notice(userId: number, noticeId: number): Promise<Notice | undefined>;
  canReadMold(principal: P, moldId: number): Promise<boolean>;
}

export interface LiveHubOptions {
  authTimeoutMs: number;
  /** How long a checked permission to follow a mould is trusted before it is checked again. */
  followRecheckMs: number;
  /** A socket whose unsent data passes this is too slow to keep up and is closed. */
  maxBufferedBytes: number;
}

const DEFAULT_OPTIONS: LiveHubOptions = {
  authTimeoutMs: LIVE_AUTH_TIMEOUT_MS,
  followRecheckMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
};

/** Close codes the console tells apart: session gone (log in again) versus anything else (reconnect). */
export const CloseCode = { unauthenticated: 4401, slowConsumer: 4408, badMessage: 4400 } as const;

class LiveClient<P extends LivePrincipal> {
  principal: P | undefined;
  token = '';
  timeZone = 'UTC';
  moldId: number | null = null;
  /** Until when the permission to follow `moldId` holds before it is checked again. */
  followCheckedUntil = 0;

  constructor(
    readonly socket: WebSocket,
    private readonly options: LiveHubOptions,
  ) {}

  send(message: LiveServerMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.socket.close(CloseCode.slowConsumer, 'too slow');
      return;
    }
    this.socket.send(JSON.stringify(message));
  }
}

/**
 * The live channel (DESIGN §6): a socket logs in with its token within the time limit, pings for
 * the unread count, follows one mould, and receives the user's new notices. Sockets of a user whose
 * sessions were revoked are closed.
 */
export class LiveHub<P extends LivePrincipal = LivePrincipal> {
  readonly #clients = new Map<number, Set<LiveClient<P>>>();
  /** Sockets by the mould they follow, so a reading reaches its followers without a scan. */
  readonly #followers = new Map<number, Set<LiveClient<P>>>();
  readonly #options: LiveHubOptions;
  readonly #unsubscribe: Array<() => void>;

  constructor(
    private readonly deps: LiveHubDeps<P>,
    options: Partial<LiveHubOptions> = {},
  ) {
    this.#options = { ...DEFAULT_OPTIONS, ...options };
    this.#unsubscribe = [
      deps.bus.subscribe('notice', ({ userId, noticeId }) => void this.#pushNotice(userId, noticeId)),
      deps.bus.subscribe('sessionsRevoked', ({ userId }) => this.#closeUser(userId)),
      deps.bus.subscribe('reading', ({ moldId, message }) => {
        if (moldId !== null) void this.#pushReading(moldId, message);
      }),
      deps.bus.subscribe('moldStatus', ({ moldId, status }) => void this.#pushStatus(moldId, status)),
    ];
  }

  /** How many logged-in sockets the hub holds. */
  get size(): number {
    let count = 0;
    for (const clients of this.#clients.values()) count += clients.size;
    return count;
  }

  accept(socket: WebSocket): void {
    const client = new LiveClient<P>(socket, this.#options);
    const timer = setTimeout(() => {
      if (!client.principal) socket.close(CloseCode.unauthenticated, 'login timeout');
    }, this.#options.authTimeoutMs);
    socket.on('message', (data, isBinary) => void this.#onMessage(client, isBinary ? null : data.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      this.#forget(client);
    });
    socket.on('error', (error) => this.deps.log.debug({ err: error }, 'live socket error'));
  }

  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    for (const clients of this.#clients.values()) for (const client of clients) client.socket.terminate();
    this.#clients.clear();
    this.#followers.clear();
  }

  async #onMessage(client: LiveClient<P>, text: string | null): Promise<void> {
    const message = this.#parse(text);
    if (!message) {
      client.send({ type: 'error', msg: 'unreadable message' });
      if (!client.principal) client.socket.close(CloseCode.badMessage, 'bad message');
      return;
    }
    if (message.type === 'login') return this.#login(client, message.token, message.time_zone);
    if (!client.principal) {
      client.socket.close(CloseCode.unauthenticated, 'login first');
      return;
    }
    if (message.type === 'ping') return this.#ping(client, client.principal);
    return this.#follow(client, client.principal, message.mold_id);
  }

  #parse(text: string | null): LiveClientMessage | undefined {
    if (text === null) return undefined;
    try {
      const parsed = liveClientMessageSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  async #login(client: LiveClient<P>, token: string, timeZone: string | undefined): Promise<void> {
    try {
      const principal = await this.deps.authenticate(token);
      this.#forget(client);
      Object.assign(client, { principal, token, timeZone: timeZone || 'UTC' });
      const clients = this.#clients.get(principal.userId) ?? new Set<LiveClient<P>>();
      clients.add(client);
      this.#clients.set(principal.userId, clients);
      client.send({ type: 'login', code: ResponseCode.ok, msg: serverMessage('en', 'ok') });
    } catch {
      client.send({ type: 'login', code: ResponseCode.unauthenticated, msg: serverMessage('en', 'loginRequired') });
      client.socket.close(CloseCode.unauthenticated, 'unauthenticated');
    }
  }

  /** Each ping also re-checks the token, so a session revoked on another instance ends here too. */
  async #ping(client: LiveClient<P>, principal: P): Promise<void> {
    try {
      await this.deps.authenticate(client.token);
    } catch {
      client.send({ type: 'login', code: ResponseCode.unauthenticated, msg: serverMessage('en', 'loginRequired') });
      client.socket.close(CloseCode.unauthenticated, 'session revoked');
      return;
    }
    const messageCount = await this.deps.unreadCount(principal.userId);
    client.send({ type: 'ping', message: 'pong', messageCount });
  }

  async #follow(client: LiveClient<P>, principal: P, moldId: number | null): Promise<void> {
    if (moldId !== null && !(await this.deps.canReadMold(principal, moldId))) {
      client.send({
        type: 'info',
        code: ResponseCode.forbidden,
        mold_id: moldId,
        msg: serverMessage('en', 'noPermission'),
      });
      return;
    }
    this.#setFollowed(client, moldId);
    client.followCheckedUntil = Date.now() + this.#options.followRecheckMs;
    client.send({ type: 'info', code: ResponseCode.ok, mold_id: moldId });
  }

  /** Each new reading goes to the sockets following its mould, while their user may still see it. */
  async #pushReading(moldId: number, reading: DeviceMessage): Promise<void> {
    const data = { create_datetime: reading.ts, ...reading };
    for (const client of [...(this.#followers.get(moldId) ?? [])]) {
      if (!client.principal || !(await this.#stillAllowed(client, client.principal, moldId))) continue;
      client.send({ type: 'info', code: ResponseCode.ok, mold_id: moldId, data });
    }
  }

  async #stillAllowed(client: LiveClient<P>, principal: P, moldId: number): Promise<boolean> {
    if (Date.now() < client.followCheckedUntil) return true;
    if (!(await this.deps.canReadMold(principal, moldId))) {
      this.#setFollowed(client, null);
      client.send({
        type: 'info',
        code: ResponseCode.forbidden,
        mold_id: moldId,
        msg: serverMessage('en', 'noPermission'),
      });
      return false;
    }
    client.followCheckedUntil = Date.now() + this.#options.followRecheckMs;
    return true;
  }

  /** A mould's new state goes to every logged-in socket whose user may see the mould, followed or not. */
  async #pushStatus(moldId: number, status: MoldLiveStatus): Promise<void> {
    for (const clients of [...this.#clients.values()]) {
      const [first] = clients;
      if (!first?.principal || !(await this.deps.canReadMold(first.principal, moldId))) continue;
      for (const client of clients) client.send({ type: 'list', data: status });
    }
  }

  async #pushNotice(userId: number, noticeId: number): Promise<void> {
    const clients = this.#clients.get(userId);
    if (!clients?.size) return;
    const notice = await this.deps.notice(userId, noticeId);
    if (!notice) return;
    for (const client of clients) {
      client.send({
        type: 'notify',
        notify_type: notice.alarm_type,
        id: notice.id,
        mold_name: notice.mold_name,
        mold_number: notice.mold_number,
        content: notice.content,
        service_type: 'notice',
        unique_str: notice.unique_str,
        create_datetime: notice.create_datetime,
      });
    }
  }

  #closeUser(userId: number): void {
    for (const client of this.#clients.get(userId) ?? []) {
      client.send({ type: 'login', code: ResponseCode.unauthenticated, msg: serverMessage('en', 'loginRequired') });
      client.socket.close(CloseCode.unauthenticated, 'session revoked');
    }
    this.#clients.delete(userId);
  }

  #setFollowed(client: LiveClient<P>, moldId: number | null): void {
    if (client.moldId !== null) {
      const followers = this.#followers.get(client.moldId);
      followers?.delete(client);
      if (followers?.size === 0) this.#followers.delete(client.moldId);
    }
    client.moldId = moldId;
    if (moldId === null) return;
    const followers = this.#followers.get(moldId) ?? new Set<LiveClient<P>>();
    followers.add(client);
    this.#followers.set(moldId, followers);
  }

  #forget(client: LiveClient<P>): void {
    this.#setFollowed(client, null);
    if (!client.principal) return;
    const clients = this.#clients.get(client.principal.userId);
    clients?.delete(client);
    if (clients?.size === 0) this.#clients.delete(client.principal.userId);
  }
}
