import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './envelope.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html revalidated every time, and
 * every other non-API GET answered with index.html so client-side routes survive a reload. In
 * production the source maps stay on disk, unserved (docs/decisions.md, "What production shows").
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string | undefined,
  { production }: { production: boolean },
): Promise<void> {
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !production || !pathName.endsWith('.map'),
      setHeaders: (response, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('Cache-Control', isHashedAsset ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/ws');
    if (isApi || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD'))
      return sendApiNotFound(request, reply);
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return sendApiNotFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
