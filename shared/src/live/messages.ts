import * as z from 'zod/mini';

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

/** What a browser may send. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('login'),
    token: z.string().check(z.minLength(1), z.maxLength(4096)),
    time_zone: z.optional(z.string().check(z.maxLength(64))),
  }),
  z.object({ type: z.literal('ping') }),
  /** Follow one mould's readings; null stops following. */
  z.object({ type: z.literal('info'), mold_id: z.nullable(z.int().check(z.positive())) }),
  /** Watch these moulds of the list (the ones on screen) for their live figures; [] stops. */
  z.object({
    type: z.literal('list'),
    mold_ids: z.array(z.int().check(z.positive())).check(z.maxLength(LIVE_MAX_WATCHED_MOLDS)),
  }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

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
  | { type: 'error'; msg: string };
