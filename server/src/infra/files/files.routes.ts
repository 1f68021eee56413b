import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors.js';
import type { FileStore } from './file-store.js';
import { contentTypeOfKey } from './image-type.js';

const fileParams = z.object({ folder: z.string().max(32), name: z.string().max(64) });

/**
 * Uploaded images, for <img> tags: public (an <img> sends no Authorization header), which is safe
 * because a file's name is 128 random bits, known only to those who can read its mould. A stored
 * file never changes (a new upload gets a new name), so it may be cached for a year.
 */
export async function filesRoutes(app: FastifyInstance, { files }: { files: FileStore }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/files/:folder/:name',
    {
      config: { public: true },
      schema: {
        tags: ['files'],
        summary: 'An uploaded file (a mould image) by its unguessable name; public, cached, never changes',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      const contentType = contentTypeOfKey(key);
      const stream = contentType ? await files.get(key) : undefined;
      if (!stream || !contentType) throw notFound();
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
