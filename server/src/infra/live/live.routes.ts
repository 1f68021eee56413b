import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { LIVE_MAX_FRAME_BYTES, LIVE_PATH } from '@mouldwatch/shared';
import type { LiveHub } from './live-hub.js';

/** `/ws`: frames over 64 KiB close the socket; the hub does the rest. */
export async function liveRoutes(app: FastifyInstance, { hub }: { hub: LiveHub }): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: LIVE_MAX_FRAME_BYTES } });
  app.get(LIVE_PATH, { websocket: true, config: { public: true }, schema: { hide: true } }, (socket) =>
    hub.accept(socket),
  );
  app.addHook('onClose', async () => hub.close());
}
