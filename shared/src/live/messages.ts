/** Live channel constants (spec §9, DESIGN §6). */
export const LIVE_PATH = '/ws';
export const LIVE_PING_INTERVAL_MS = 20_000;
export const LIVE_REPLY_TIMEOUT_MS = 10_000;
/** More failed reconnects than this in a row and the console tells the user to refresh. */
export const LIVE_MAX_RECONNECTS = 10;
export const LIVE_AUTH_TIMEOUT_MS = 10_000;
export const LIVE_MAX_FRAME_BYTES = 64 * 1024;
/** At most this many moulds of a list a socket watches at once (the ones on screen). */
export const LIVE_MAX_WATCHED_MOLDS = 500;

/** What a browser may send: its schema has an entry point of its own (client-messages.ts). */
export type { LiveClientMessage } from './client-messages.js';

/** Why a user's moulds changed: see the `moulds` message. */
export const MOULD_SET_CHANGES = ['granted', 'revoked', 'updated', 'removed'] as const;
export type MouldSetChange = (typeof MOULD_SET_CHANGES)[number];

/** What the server sends. */
export type LiveServerMessage =
  | { type: 'login'; code: number; msg: string }
  | { type: 'ping'; message: 'pong'; messageCount: number }
  | {
      type: 'notify';
      notify_type: number;
      id: number;
      mold_name: string;
      mold_number: string;
      content: string;
      service_type: 'notice';
      unique_str: string;
      create_datetime: number;
    }
  | { type: 'info'; code: number; mold_id: number | null; msg?: string; data?: unknown }
  | { type: 'list'; data: unknown }
  /**
   * The user's set of moulds or a mould's settings changed (a grant given or taken away, a mould
   * edited or deleted): the console reloads what shows these moulds, and leaves a mould it may no
   * longer see.
   */
  | { type: 'moulds'; change: MouldSetChange; mold_ids: number[] }
  /** The user's role was edited: the console reloads its menu (and leaves a screen it lost). */
  | { type: 'menu' }
  | { type: 'error'; msg: string };
