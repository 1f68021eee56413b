import {
  LIVE_MAX_RECONNECTS,
  LIVE_PING_INTERVAL_MS,
  LIVE_REPLY_TIMEOUT_MS,
  ResponseCode,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@mouldwatch/shared';

/** The part of a browser WebSocket the connection uses (a fake stands in for it in tests). */
export type SocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'
>;

export interface LiveConnectionDeps {
  url(): string;
  token(): string | undefined;
  timeZone(): string;
  createSocket(url: string): SocketLike;
  onMessage(message: LiveServerMessage): void;
  /** More than 10 reconnects failed in a row: tell the user to refresh. */
  onGiveUp(): void;
  /** The server refused the session: log out. */
  onSessionEnded(): void;
}

export type LiveState = 'idle' | 'connecting' | 'loginSent' | 'connected' | 'stopped';

const OPEN = 1;
const SESSION_ENDED_CLOSE_CODE = 4401;

/** Backoff before reconnect attempt n (1-based): 1 s, 2 s, 4 s … at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * The console's side of the live channel (spec §4 "Live connection", DESIGN §6): connect, send
 * login, connected after the login reply, ping at once and then every 20 s; no reply within 10 s counts as a
 * failure, and failures reconnect with backoff until more than 10 in a row give up.
 */
export class LiveConnection {
  state: LiveState = 'idle';
  #socket: SocketLike | undefined;
  #failures = 0;
  #replyTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #followed: number | null = null;
  #watched: readonly number[] = [];

  constructor(private readonly deps: LiveConnectionDeps) {}

  start(): void {
    if (this.state !== 'idle' && this.state !== 'stopped') return;
    this.#failures = 0;
    this.#connect();
  }

  stop(): void {
    this.state = 'stopped';
    this.#clearTimers();
    this.#dropSocket(1000, 'bye');
  }

  /** Follows one mould's live readings (null: none); kept across reconnects. */
  follow(moldId: number | null): void {
    this.#followed = moldId;
    if (this.state === 'connected') this.#send({ type: 'info', mold_id: moldId });
  }

  /** Watches the figures of the moulds a list shows ([]: none); kept across reconnects. */
  watch(moldIds: readonly number[]): void {
    this.#watched = moldIds;
    if (this.state === 'connected') this.#send({ type: 'list', mold_ids: [...moldIds] });
  }

  #connect(): void {
    const token = this.deps.token();
    if (!token) {
      this.stop();
      return;
    }
    this.state = 'connecting';
    const socket = this.deps.createSocket(this.deps.url());
    this.#socket = socket;
    this.#expectReply();
    socket.onopen = () => {
      this.state = 'loginSent';
      this.#send({ type: 'login', token, time_zone: this.deps.timeZone() });
    };
    socket.onmessage = (event) => this.#receive(event.data);
    socket.onclose = (event) => this.#onClose(event.code);
    socket.onerror = () => undefined; // a close event follows
  }

  #receive(data: unknown): void {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(String(data)) as LiveServerMessage;
    } catch {
      return;
    }
    this.#clearReplyTimer();
    if (message.type === 'login') {
      if (message.code !== ResponseCode.ok) return this.#endSession();
      this.state = 'connected';
      this.#failures = 0;
      this.#startPinging();
      if (this.#followed !== null) this.#send({ type: 'info', mold_id: this.#followed });
      if (this.#watched.length > 0) this.#send({ type: 'list', mold_ids: [...this.#watched] });
    }
    this.deps.onMessage(message);
  }

  /** The first ping goes at once, so the unread count shows without waiting 20 s. */
  #startPinging(): void {
    clearInterval(this.#pingTimer);
    const ping = () => {
      this.#send({ type: 'ping' });
      this.#expectReply();
    };
    ping();
    this.#pingTimer = setInterval(ping, LIVE_PING_INTERVAL_MS);
  }

  #expectReply(): void {
    this.#clearReplyTimer();
    this.#replyTimer = setTimeout(() => this.#fail(), LIVE_REPLY_TIMEOUT_MS);
  }

  #onClose(code: number): void {
    if (this.state === 'stopped') return;
    if (code === SESSION_ENDED_CLOSE_CODE) return this.#endSession();
    this.#fail();
  }

  #fail(): void {
    if (this.state === 'stopped') return;
    this.#clearTimers();
    this.#dropSocket(4000, 'no reply');
    this.#failures += 1;
    if (this.#failures > LIVE_MAX_RECONNECTS) {
      this.state = 'stopped';
      this.deps.onGiveUp();
      return;
    }
    this.state = 'connecting';
    this.#reconnectTimer = setTimeout(() => this.#connect(), reconnectDelay(this.#failures));
  }

  #endSession(): void {
    this.stop();
    this.deps.onSessionEnded();
  }

  #send(message: LiveClientMessage): void {
    if (this.#socket?.readyState === OPEN) this.#socket.send(JSON.stringify(message));
  }

  /** Closes the socket without hearing its close event: the connection already knows why. */
  #dropSocket(code: number, reason: string): void {
    const socket = this.#socket;
    this.#socket = undefined;
    if (!socket) return;
    socket.onclose = null;
    socket.close(code, reason);
  }

  #clearReplyTimer(): void {
    clearTimeout(this.#replyTimer);
    this.#replyTimer = undefined;
  }

  #clearTimers(): void {
    this.#clearReplyTimer();
    clearInterval(this.#pingTimer);
    clearTimeout(this.#reconnectTimer);
  }
}
