import * as z from 'zod/mini';
import { LIVE_MAX_WATCHED_MOLDS } from './messages.js';

/**
 * What a browser may send on the live channel. Its own entry point (`@mouldwatch/shared/live-client`),
 * for the server that parses it: the browser needs only the type, so the barrel does not build it.
 */
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
