import type { LiveServerMessage } from '@mouldwatch/shared';

type Listener = (message: LiveServerMessage) => void;

/** What of the console's live connection a screen may use. */
interface Follower {
  follow(moldId: number | null): void;
  watch(moldIds: readonly number[]): void;
}

const listeners = new Set<Listener>();
let connection: Follower | undefined;
let followed: number | null = null;
let watched: readonly number[] = [];

/**
 * The console's one live connection as screens see it: every message it receives, following one
 * mould's readings, and watching the figures of the moulds a list shows. The connection (app/useLiveChannel.ts) publishes here; a screen subscribes
 * for as long as it shows, so a browser tab holds one socket whatever screen is open.
 */
export const liveFeed = {
  /** Called by the console's connection for each message. */
  publish(message: LiveServerMessage): void {
    for (const listener of listeners) listener(message);
  },
  /** Answers the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The console's connection as it starts (undefined as it stops); it follows what was asked for. */
  attach(follower: Follower | undefined): void {
    connection = follower;
    connection?.follow(followed);
    connection?.watch(watched);
  },
  /** Follows a mould's readings (null: none), now or as soon as the connection starts. */
  follow(moldId: number | null): void {
    followed = moldId;
    connection?.follow(moldId);
  },
  /** Watches the figures of these moulds ([]: none), now or as soon as the connection starts. */
  watch(moldIds: readonly number[]): void {
    watched = moldIds;
    connection?.watch(moldIds);
  },
};
