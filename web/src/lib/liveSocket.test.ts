import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveServerMessage } from '@mouldwatch/shared';
import { LiveConnection, reconnectDelay, type SocketLike } from './liveSocket';

/** Stands in for the browser's WebSocket: the test opens it, answers for the server and drops it. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
    this.sent.push(JSON.parse(String(data)) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }
  reply(message: LiveServerMessage) {
    this.onmessage?.call(this as unknown as WebSocket, new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.call(this as unknown as WebSocket, new CloseEvent('close', { code }));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const received: LiveServerMessage[] = [];
  const connection = new LiveConnection({
    url: () => 'ws://console/ws',
    token: () => 'token-1',
    timeZone: () => 'Asia/Kolkata',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onMessage: (message) => received.push(message),
    onGiveUp: () => events.push('giveUp'),
    onSessionEnded: () => events.push('sessionEnded'),
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { connection, sockets, events, received, last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live connection', () => {
  it('sends login on open, is connected after the reply, and pings every 20 s', () => {
    const { connection, last, received } = setup();
    connection.start();
    expect(connection.state).toBe('connecting');
    last().open();
    expect(connection.state).toBe('loginSent');
    expect(last().sent).toEqual([{ type: 'login', token: 'token-1', time_zone: 'Asia/Kolkata' }]);
    last().reply({ type: 'login', code: 200, msg: 'ok' });
    expect(connection.state).toBe('connected');
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    last().reply({ type: 'ping', message: 'pong', messageCount: 2, countedThrough: 0 });
    vi.advanceTimersByTime(20_000);
    expect(last().sent.filter((message) => message.type === 'ping')).toHaveLength(2);
    last().reply({ type: 'ping', message: 'pong', messageCount: 3, countedThrough: 0 });
    expect(received.at(-1)).toEqual({ type: 'ping', message: 'pong', messageCount: 3, countedThrough: 0 });
    vi.advanceTimersByTime(15_000);
    expect(connection.state).toBe('connected');
  });

  it('treats 10 s without a reply as a failure and reconnects with backoff', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().open();
    last().reply({ type: 'login', code: 200, msg: 'ok' });
    last().reply({ type: 'ping', message: 'pong', messageCount: 0, countedThrough: 0 });
    vi.advanceTimersByTime(20_000 + 10_000);
    expect(connection.state).toBe('connecting');
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(reconnectDelay(1));
    expect(sockets).toHaveLength(2);
  });

  it('gives up after more than 10 failed reconnects in a row', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      (sockets.at(-1) as FakeSocket).drop();
      vi.advanceTimersByTime(reconnectDelay(attempt));
    }
    expect(events).toEqual(['giveUp']);
    expect(connection.state).toBe('stopped');
    expect(sockets).toHaveLength(11);
  });

  it('counts failures afresh after a successful login', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      (sockets.at(-1) as FakeSocket).drop();
      vi.advanceTimersByTime(reconnectDelay(attempt));
    }
    const socket = sockets.at(-1) as FakeSocket;
    socket.open();
    socket.reply({ type: 'login', code: 200, msg: 'ok' });
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      (sockets.at(-1) as FakeSocket).drop();
      vi.advanceTimersByTime(reconnectDelay(attempt));
    }
    expect(events).toEqual([]);
  });

  it('ends the session on a refused login or a 4401 close', () => {
    const first = setup();
    first.connection.start();
    first.last().open();
    first.last().reply({ type: 'login', code: 5000, msg: 'Please login first' });
    expect(first.events).toEqual(['sessionEnded']);

    const second = setup();
    second.connection.start();
    second.last().open();
    second.last().reply({ type: 'login', code: 200, msg: 'ok' });
    second.last().drop(4401);
    expect(second.events).toEqual(['sessionEnded']);
    expect(second.connection.state).toBe('stopped');
  });

  it('follows a mould after login and again after a reconnect', () => {
    const { connection, last } = setup();
    connection.follow(42);
    connection.start();
    last().open();
    last().reply({ type: 'login', code: 200, msg: 'ok' });
    expect(last().sent).toContainEqual({ type: 'info', mold_id: 42 });
    last().drop();
    vi.advanceTimersByTime(reconnectDelay(1));
    last().open();
    last().reply({ type: 'login', code: 200, msg: 'ok' });
    expect(last().sent).toContainEqual({ type: 'info', mold_id: 42 });
  });

  it('watches the moulds of a list after login, again after a reconnect, and stops on []', () => {
    const { connection, last } = setup();
    connection.watch([3, 5]);
    connection.start();
    last().open();
    expect(last().sent).not.toContainEqual(expect.objectContaining({ type: 'list' }));
    last().reply({ type: 'login', code: 200, msg: 'ok' });
    expect(last().sent).toContainEqual({ type: 'list', mold_ids: [3, 5] });
    connection.watch([8]);
    expect(last().sent).toContainEqual({ type: 'list', mold_ids: [8] });
    last().drop();
    vi.advanceTimersByTime(reconnectDelay(1));
    last().open();
    last().reply({ type: 'login', code: 200, msg: 'ok' });
    expect(last().sent).toContainEqual({ type: 'list', mold_ids: [8] });
    connection.watch([]);
    expect(last().sent.at(-1)).toEqual({ type: 'list', mold_ids: [] });
  });
});
