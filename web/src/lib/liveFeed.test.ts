import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveFeed } from './liveFeed';

afterEach(() => {
  liveFeed.attach(undefined);
  liveFeed.follow(null);
  liveFeed.watch([]);
});

describe('liveFeed', () => {
  it('hands each message to the subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = liveFeed.subscribe(listener);
    liveFeed.publish({ type: 'ping', message: 'pong', messageCount: 3, countedThrough: 0 });
    unsubscribe();
    liveFeed.publish({ type: 'ping', message: 'pong', messageCount: 4, countedThrough: 0 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ type: 'ping', message: 'pong', messageCount: 3, countedThrough: 0 });
  });

  it('follows a mould on the connection, also one asked for before the connection started', () => {
    liveFeed.follow(7);
    const connection = { follow: vi.fn(), watch: vi.fn() };
    liveFeed.attach(connection);
    expect(connection.follow).toHaveBeenLastCalledWith(7);
    liveFeed.follow(null);
    expect(connection.follow).toHaveBeenLastCalledWith(null);
  });

  it('watches the moulds of a list on the connection, also those asked for before it started', () => {
    liveFeed.watch([4, 9]);
    const connection = { follow: vi.fn(), watch: vi.fn() };
    liveFeed.attach(connection);
    expect(connection.watch).toHaveBeenLastCalledWith([4, 9]);
    liveFeed.watch([]);
    expect(connection.watch).toHaveBeenLastCalledWith([]);
  });
});
