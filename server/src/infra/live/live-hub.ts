import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_AUTH_TIMEOUT_MS,
  ResponseCode,
  serverMessage,
  type DeviceMessage,
  type LiveServerMessage,
  type MoldLiveStatus,
  type MouldSetChange,
  type Notice,
  type UnreadNotices,
} from '@mouldwatch/shared';
import { liveClientMessageSchema, type LiveClientMessage } from '@mouldwatch/shared/live-client';
import type { BusEvents, EventBus } from '../bus/event-bus.js';
import { Batcher } from '../batcher.js';
import { SendPacer } from './send-pacer.js';

/** The signed-in user behind a socket; the hub only needs to know whose it is. */
export interface LivePrincipal {
  userId: number;
}

/** What the hub asks of the rest of the server; kept narrow so the hub owns no business rules. */
export interface LiveHubDeps<P extends LivePrincipal> {
  bus: EventBus;
  log: FastifyBaseLogger;
  /** The principals of those tokens that are valid and unrevoked; a refused token is left out. */
  authenticate(tokens: readonly string[]): Promise<Map<string, P>>;
  /** The unread notices of each of these users (absent: none). */
  unreadCounts(userIds: readonly number[]): Promise<Map<number, UnreadNotices>>;
  notice(userId: number, noticeId: number): Promise<Notice | undefined>;
  /** Which of these moulds the principal may see. */
  readableMolds(principal: P, moldIds: readonly number[]): Promise<Set<number>>;
  /** The present status of these moulds. */
  liveStatuses(moldIds: readonly number[]): Promise<MoldLiveStatus[]>;
}

export interface LiveHubOptions {
  authTimeoutMs: number;
  /** How long a checked permission to follow or watch a mould is trusted before it is checked again. */
  followRecheckMs: number;
  /** A watched mould's new figures reach a socket at most once per this period. */
  figuresIntervalMs: number;
  /** A socket whose unsent data passes this is too slow to keep up and is closed. */
  maxBufferedBytes: number;
  /** Logins' and pings' token checks and unread counts are gathered this long, then looked up in one query. */
  gatherMs: number;
}

const DEFAULT_OPTIONS: LiveHubOptions = {
  authTimeoutMs: LIVE_AUTH_TIMEOUT_MS,
  followRecheckMs: 30_000,
  figuresIntervalMs: 1000,
  maxBufferedBytes: 1024 * 1024,
  gatherMs: 50,
};

/** Close codes the console tells apart: session gone (log in again) versus anything else (reconnect). */
export const CloseCode = { unauthenticated: 4401, slowConsumer: 4408, badMessage: 4400, tryAgainLater: 1013 } as const;

class LiveClient<P extends LivePrincipal> {
  principal: P | undefined;
  token = '';
  timeZone = 'UTC';
  moldId: number | null = null;
  /** Until when the permission to follow `moldId` holds before it is checked again. */
  followCheckedUntil = 0;
  /** The moulds of the list the socket shows, and until when their permission holds. */
  watched = new Set<number>();
  watchCheckedUntil = 0;
  /** Watched moulds' newest figures not sent yet, encoded once for all their watchers. */
  readonly pendingFigures = new Map<number, string>();
  /** The figures' sends, one a period, and the send waiting for its turn. */
  readonly figuresPacer: SendPacer;
  figuresTimer: NodeJS.Timeout | undefined;
  /** Watch requests and checks are handled one after another, so a later one is never overtaken. */
  watching: Promise<boolean> = Promise.resolve(true);

  constructor(
    readonly socket: WebSocket,
    private readonly options: LiveHubOptions,
  ) {
    this.figuresPacer = new SendPacer(options.figuresIntervalMs);
  }

  send(message: LiveServerMessage): void {
    this.sendEncoded(JSON.stringify(message));
  }

  /** A message already encoded: one sent to many sockets is encoded once. */
  sendEncoded(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.socket.close(CloseCode.slowConsumer, 'too slow');
      return;
    }
    this.socket.send(text);
  }
}

/** A user's last permission check, shared by the user's sockets: the moulds found readable, trusted until `until`. */
interface ReadableCheck {
  readable: Promise<Set<number>>;
  until: number;
}

/** Sends one message to many sockets, encoded once. */
function sendToAll(clients: Iterable<{ sendEncoded(text: string): void }>, message: LiveServerMessage): void {
  const text = JSON.stringify(message);
  for (const client of clients) client.sendEncoded(text);
}

const noPermission = (moldId: number): LiveServerMessage => ({
  type: 'info',
  code: ResponseCode.forbidden,
  mold_id: moldId,
  msg: serverMessage('en', 'noPermission'),
});

/**
 * The live channel (DESIGN §6): a socket logs in with its token within the time limit, pings for
 * the unread count, follows one mould, watches the moulds its list shows, and receives the user's
 * new notices. Sockets of a user whose sessions were revoked are closed.
 */
export class LiveHub<P extends LivePrincipal = LivePrincipal> {
  readonly #clients = new Map<number, Set<LiveClient<P>>>();
  /** Sockets by the mould they follow, so a reading reaches its followers without a scan. */
  readonly #followers = new Map<number, Set<LiveClient<P>>>();
  /** Sockets by the moulds of their list, and the sockets with figures waiting to be sent. */
  readonly #watchers = new Map<number, Set<LiveClient<P>>>();
  /** Each user's last permission check, by user id (see #readableBy). */
  readonly #readableChecks = new Map<number, ReadableCheck>();
  /** Token checks and unread counts of many sockets, looked up together. */
  readonly #sessions: Batcher<string, P>;
  readonly #unreadCounts: Batcher<number, UnreadNotices>;
  /** The last message sent to a mould's readers, or on its way: the next one waits for it. */
  #sending: Promise<void> = Promise.resolve();
  readonly #options: LiveHubOptions;
  readonly #unsubscribe: Array<() => void>;

  constructor(
    private readonly deps: LiveHubDeps<P>,
    options: Partial<LiveHubOptions> = {},
  ) {
    this.#options = { ...DEFAULT_OPTIONS, ...options };
    this.#sessions = new Batcher((tokens) => deps.authenticate(tokens), this.#options.gatherMs);
    this.#unreadCounts = new Batcher((userIds) => deps.unreadCounts(userIds), this.#options.gatherMs);
    this.#unsubscribe = [
      deps.bus.subscribe('notice', ({ userId, noticeId }) => this.#inBackground(this.#pushNotice(userId, noticeId))),
      deps.bus.subscribe('sessionsRevoked', ({ userId }) => this.#closeUser(userId)),
      deps.bus.subscribe('menuChanged', ({ userIds }) => this.#sendToUsers(userIds, { type: 'menu' })),
      deps.bus.subscribe('reading', ({ moldId, message }) => {
        // Most readings have no follower: nothing is built for them.
        if (moldId !== null && this.#followers.has(moldId)) this.#inBackground(this.#pushReading(moldId, message));
      }),
      deps.bus.subscribe('grantsChanged', ({ userIds, moldIds, change }) => {
        for (const userId of userIds) {
          this.#readableChecks.delete(userId);
          this.#tellMoulds(this.#clients.get(userId), change, moldIds);
        }
      }),
      deps.bus.subscribe('moldsChanged', (event) => this.#inBackground(this.#pushMoldsChanged(event))),
      deps.bus.subscribe('alarmChanged', (event) => this.#inBackground(this.#pushAlarm(event))),
      deps.bus.subscribe('moldPositions', ({ positions }) => this.#inBackground(this.#pushPositions(positions))),
      deps.bus.subscribe('moldStatus', ({ moldId, status, stateChanged }) => {
        if (stateChanged) {
          // At once, not after the readers are checked: the figures' timer may fire meanwhile.
          this.#dropFigures(moldId);
          this.#inBackground(this.#pushStatus(moldId, status));
        } else this.#queueFigures(moldId, status);
      }),
      deps.bus.subscribe('workOrderChanged', (event) => this.#inBackground(this.#pushWorkOrder(event))),
      deps.bus.subscribe('maintenanceChanged', (event) => this.#inBackground(this.#pushMaintenance(event))),
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
    socket.on('message', (data, isBinary) =>
      this.#inBackground(this.#onMessage(client, isBinary ? null : data.toString())),
    );
    socket.on('close', () => {
      clearTimeout(timer);
      this.#forget(client);
    });
    socket.on('error', (error) => this.deps.log.debug({ err: error }, 'live socket error'));
  }

  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    for (const clients of this.#clients.values()) {
      for (const client of clients) {
        clearTimeout(client.figuresTimer);
        client.socket.terminate();
      }
    }
    this.#clients.clear();
    this.#followers.clear();
    this.#watchers.clear();
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
    if (message.type === 'list') {
      await this.#inTurn(client, client.principal, () => message.mold_ids);
      return;
    }
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
    const principal = await this.#checkSession(client, token, 'unauthenticated');
    if (!principal) return;
    this.#forget(client);
    Object.assign(client, { principal, token, timeZone: timeZone || 'UTC' });
    const clients = this.#clients.get(principal.userId) ?? new Set<LiveClient<P>>();
    clients.add(client);
    this.#clients.set(principal.userId, clients);
    client.send({ type: 'login', code: ResponseCode.ok, msg: serverMessage('en', 'ok') });
  }

  /**
   * Each ping also re-checks the token, so a session revoked on another instance ends here too. The
   * checks and counts of the pings of a moment are each one query for all their sockets and users.
   */
  async #ping(client: LiveClient<P>, principal: P): Promise<void> {
    if (!(await this.#checkSession(client, client.token, 'session revoked'))) return;
    const unread = await this.#unreadCounts.load(principal.userId);
    client.send({
      type: 'ping',
      message: 'pong',
      messageCount: unread?.count ?? 0,
      countedThrough: unread?.newestId ?? 0,
    });
  }

  /**
   * The principal of the token. A token refused ends the session (the console logs out); a check that
   * could not be made (the database is away) only closes the socket, and the console connects again.
   */
  async #checkSession(client: LiveClient<P>, token: string, reason: string): Promise<P | undefined> {
    try {
      const principal = await this.#sessions.load(token);
      if (!principal) this.#endSession(client, reason);
      return principal;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live login could not be checked');
      client.socket.close(CloseCode.tryAgainLater, 'try again later');
      return undefined;
    }
  }

  async #follow(client: LiveClient<P>, principal: P, moldId: number | null): Promise<void> {
    if (moldId !== null && !(await this.#mayFollow(client, principal, moldId))) {
      client.send(noPermission(moldId));
      return;
    }
    this.#setFollowed(client, moldId);
    client.send({ type: 'info', code: ResponseCode.ok, mold_id: moldId });
  }

  /** Whether the user may read the mould the socket follows, and until when that is trusted. */
  async #mayFollow(client: LiveClient<P>, principal: P, moldId: number): Promise<boolean> {
    const { readable, until } = await this.#readableBy(principal, [moldId]);
    client.followCheckedUntil = until;
    return readable.has(moldId);
  }

  /**
   * Which of these moulds the user may read, and until when that is trusted. One check serves all
   * the user's sockets for the re-check period: it asks for every mould they follow or watch
   * besides these, and answers later questions while it found all their moulds readable; a mould
   * not known readable is asked for again. Grants changed on any instance drop the user's check.
   */
  async #readableBy(principal: P, moldIds: readonly number[]): Promise<{ readable: Set<number>; until: number }> {
    const { userId } = principal;
    const known = this.#readableChecks.get(userId);
    if (known && Date.now() < known.until) {
      const readable = await known.readable.catch(() => undefined);
      const current = this.#readableChecks.get(userId) === known;
      if (current && readable && moldIds.every((moldId) => readable.has(moldId))) {
        return { readable: new Set(moldIds), until: known.until };
      }
    }
    const asked = new Set([...moldIds, ...this.#moldsShownTo(userId)]);
    const check = {
      until: Date.now() + this.#options.followRecheckMs,
      readable: this.deps.readableMolds(principal, [...asked]),
    };
    this.#readableChecks.set(userId, check);
    const readable = await check.readable.catch((error: unknown) => {
      if (this.#readableChecks.get(userId) === check) this.#readableChecks.delete(userId);
      throw error;
    });
    return { readable: new Set(moldIds.filter((moldId) => readable.has(moldId))), until: check.until };
  }

  /** The moulds the user's sockets follow or watch. */
  #moldsShownTo(userId: number): Set<number> {
    const moldIds = new Set<number>();
    for (const client of this.#clients.get(userId) ?? []) {
      if (client.moldId !== null) moldIds.add(client.moldId);
      for (const moldId of client.watched) moldIds.add(moldId);
    }
    return moldIds;
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
    if (await this.#mayFollow(client, principal, moldId)) return true;
    this.#setFollowed(client, null);
    client.send(noPermission(moldId));
    return false;
  }

  /** Watches the moulds `moldIds()` names when the socket's earlier watches are done; answers whether it could. */
  #inTurn(client: LiveClient<P>, principal: P, moldIds: () => readonly number[]): Promise<boolean> {
    client.watching = client.watching.then(() => this.#watch(client, principal, moldIds()));
    return client.watching;
  }

  /**
   * The moulds the socket's list shows, those the user may see: their present status goes at once to
   * the ones newly watched, and their new figures then at most once a period.
   */
  async #watch(client: LiveClient<P>, principal: P, moldIds: readonly number[]): Promise<boolean> {
    try {
      const { readable, until } = await this.#readableBy(principal, [...new Set(moldIds)]);
      const added = [...readable].filter((moldId) => !client.watched.has(moldId));
      this.#setWatched(client, readable);
      client.watchCheckedUntil = until;
      for (const status of await this.deps.liveStatuses(added)) client.send({ type: 'list', data: status });
      return true;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live watch failed');
      return false;
    }
  }

  /** A mould's new figures go to the sockets whose list shows it, each at most once a period. */
  #queueFigures(moldId: number, status: MoldLiveStatus): void {
    const watchers = this.#watchers.get(moldId);
    if (!watchers) return;
    const text = JSON.stringify({ type: 'list', data: status } satisfies LiveServerMessage);
    for (const client of watchers) {
      client.pendingFigures.set(moldId, text);
      this.#scheduleFigures(client);
    }
  }

  /**
   * A socket's figures leave as soon as its pacer lets them: at once (after the figures arriving in
   * the same turn) when they keep to one send a period, else when they will. Not on a shared timer,
   * which added up to a period to every figure (p99 1.2 s with one socket watching one mould).
   */
  #scheduleFigures(client: LiveClient<P>): void {
    if (client.figuresTimer) return;
    client.figuresTimer = setTimeout(() => {
      client.figuresTimer = undefined;
      client.figuresPacer.sent(Date.now());
      this.#inBackground(this.#sendFiguresTo(client));
    }, client.figuresPacer.waitMs(Date.now()));
    client.figuresTimer.unref();
  }

  /** A state change replaces the mould's figures still waiting: they are older than it. */
  #dropFigures(moldId: number): void {
    for (const client of this.#watchers.get(moldId) ?? []) client.pendingFigures.delete(moldId);
  }

  /** The waiting figures of the moulds the socket still watches and its user may still see. */
  async #sendFiguresTo(client: LiveClient<P>): Promise<void> {
    const principal = client.principal;
    if (!principal) return;
    const checked =
      Date.now() < client.watchCheckedUntil || (await this.#inTurn(client, principal, () => [...client.watched]));
    // Nothing goes out unchecked; the figures wait and go with the next ones once a check succeeds.
    if (!checked) return;
    const figures = [...client.pendingFigures];
    client.pendingFigures.clear();
    for (const [moldId, text] of figures) if (client.watched.has(moldId)) client.sendEncoded(text);
  }

  /**
   * A mould's new state goes at once to every logged-in socket whose user may see the mould, watched or
   * not (the state tiles count all of them); the figures waiting were dropped when it came.
   */
  #pushStatus(moldId: number, status: MoldLiveStatus): Promise<void> {
    return this.#sendToReadersOf(moldId, { type: 'list', data: status });
  }

  /**
   * Sends the message to every logged-in socket whose user may read the mould. The readers of each
   * event are looked up at once, but the messages leave in the order their events came: a later
   * state or work order's figures answered sooner by the database never overtake an earlier one's.
   */
  #sendToReadersOf(moldId: number, message: LiveServerMessage): Promise<void> {
    const readers = this.#readersOf(moldId);
    const sent = this.#sending.then(async () => sendToAll(await readers, message));
    this.#sending = sent.catch(() => undefined);
    return sent;
  }

  async #readersOf(moldId: number): Promise<Array<LiveClient<P>>> {
    const readers: Array<LiveClient<P>> = [];
    for (const clients of [...this.#clients.values()]) {
      const [first] = clients;
      if (!first?.principal) continue;
      if ((await this.#readableBy(first.principal, [moldId])).readable.has(moldId)) readers.push(...clients);
    }
    return readers;
  }

  /** An alarm changed: the alarm pages of everyone who may read its mould refetch. */
  #pushAlarm({ moldId, alarmType, change }: BusEvents['alarmChanged']): Promise<void> {
    return this.#sendToReadersOf(moldId, { type: 'alarms', alarm_type: alarmType, mold_id: moldId, change });
  }

  /** A work order changed: the list and the order page of everyone who may read its mould update. */
  #pushWorkOrder(event: BusEvents['workOrderChanged']): Promise<void> {
    const { moldId, orderId, change, status, finished, remaining, reject } = event;
    const message = {
      type: 'work_order',
      change,
      id: orderId,
      mold_id: moldId,
      status,
      finished,
      remaining,
      reject,
    } as const;
    return this.#sendToReadersOf(moldId, message);
  }

  /**
   * Maintenance links changed: each logged-in user gets, in one message, those of the moulds that
   * user may read (one permission query per user and event, not per link); nothing when none.
   */
  async #pushMaintenance({ change, items }: BusEvents['maintenanceChanged']): Promise<void> {
    const moldIds = [...new Set(items.map((item) => item.mold_id))];
    for (const clients of [...this.#clients.values()]) {
      const [first] = clients;
      if (!first?.principal) continue;
      const readable = await this.deps.readableMolds(first.principal, moldIds);
      const data = items.filter((item) => readable.has(item.mold_id));
      if (data.length > 0) sendToAll(clients, { type: 'maintenance', change, data });
    }
  }

  /** New positions go to every logged-in socket, each user's only for the moulds that user may read (the map). */
  async #pushPositions(positions: BusEvents['moldPositions']['positions']): Promise<void> {
    const moldIds = positions.map(([moldId]) => moldId);
    for (const clients of [...this.#clients.values()]) {
      const [first] = clients;
      if (!first?.principal) continue;
      const readable = await this.deps.readableMolds(first.principal, moldIds);
      const data = positions.filter(([moldId]) => readable.has(moldId));
      if (data.length > 0) sendToAll(clients, { type: 'positions', data });
    }
  }

  /**
   * Settings saved: every user who may see some of the moulds hears of those. Moulds deleted: their
   * holders (named by the event, as the grants are gone) and the sockets showing them.
   */
  async #pushMoldsChanged({ moldIds, change, userIds = [] }: BusEvents['moldsChanged']): Promise<void> {
    if (change === 'removed') {
      this.#readableChecks.clear();
      const recipients = new Set<LiveClient<P>>();
      for (const userId of userIds) for (const client of this.#clients.get(userId) ?? []) recipients.add(client);
      for (const moldId of moldIds) {
        for (const client of this.#followers.get(moldId) ?? []) recipients.add(client);
        for (const client of this.#watchers.get(moldId) ?? []) recipients.add(client);
      }
      this.#tellMoulds(recipients, change, moldIds);
      return;
    }
    for (const clients of [...this.#clients.values()]) {
      const [first] = clients;
      if (!first?.principal) continue;
      const readable = await this.deps.readableMolds(first.principal, moldIds);
      if (readable.size > 0) this.#tellMoulds(clients, change, [...readable]);
    }
  }

  /** Tells the sockets their moulds changed; moulds taken away are no longer followed or watched. */
  #tellMoulds(clients: Iterable<LiveClient<P>> | undefined, change: MouldSetChange, moldIds: readonly number[]): void {
    const lost = change === 'revoked' || change === 'removed' ? new Set(moldIds) : undefined;
    const recipients = [...(clients ?? [])];
    for (const client of lost ? recipients : []) {
      if (client.moldId !== null && lost?.has(client.moldId)) this.#setFollowed(client, null);
      this.#setWatched(client, new Set([...client.watched].filter((moldId) => !lost?.has(moldId))));
    }
    sendToAll(recipients, { type: 'moulds', change, mold_ids: [...moldIds] });
  }

  async #pushNotice(userId: number, noticeId: number): Promise<void> {
    const clients = this.#clients.get(userId);
    if (!clients?.size) return;
    const notice = await this.deps.notice(userId, noticeId);
    if (!notice) return;
    sendToAll(clients, {
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

  /** The console logs out. */
  #endSession(client: LiveClient<P>, reason: string): void {
    client.send({ type: 'login', code: ResponseCode.unauthenticated, msg: serverMessage('en', 'loginRequired') });
    client.socket.close(CloseCode.unauthenticated, reason);
  }

  /** Work started by an event or a message: a failure (the database away …) is logged, and the hub goes on. */
  #inBackground(work: Promise<void>): void {
    work.catch((error: unknown) => this.deps.log.warn({ err: error }, 'live channel'));
  }

  #sendToUsers(userIds: readonly number[], message: LiveServerMessage): void {
    sendToAll(
      userIds.flatMap((userId) => [...(this.#clients.get(userId) ?? [])]),
      message,
    );
  }

  #closeUser(userId: number): void {
    for (const client of this.#clients.get(userId) ?? []) this.#endSession(client, 'session revoked');
    this.#clients.delete(userId);
    this.#readableChecks.delete(userId);
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

  #setWatched(client: LiveClient<P>, moldIds: ReadonlySet<number>): void {
    for (const moldId of client.watched) {
      if (moldIds.has(moldId)) continue;
      const watchers = this.#watchers.get(moldId);
      watchers?.delete(client);
      if (watchers?.size === 0) this.#watchers.delete(moldId);
      client.pendingFigures.delete(moldId);
    }
    for (const moldId of moldIds) {
      const watchers = this.#watchers.get(moldId) ?? new Set<LiveClient<P>>();
      watchers.add(client);
      this.#watchers.set(moldId, watchers);
    }
    client.watched = new Set(moldIds);
  }

  #forget(client: LiveClient<P>): void {
    this.#setFollowed(client, null);
    this.#setWatched(client, new Set());
    clearTimeout(client.figuresTimer);
    if (!client.principal) return;
    const clients = this.#clients.get(client.principal.userId);
    clients?.delete(client);
    if (clients?.size !== 0) return;
    this.#clients.delete(client.principal.userId);
    this.#readableChecks.delete(client.principal.userId);
  }
}
