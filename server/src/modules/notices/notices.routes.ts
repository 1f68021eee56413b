import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTICE_PAGE_SIZE } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { NoticesService } from './notices.service.js';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(NOTICE_PAGE_SIZE),
  lang: z.string().optional(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The signed-in user's own notices: no menu permission, and nobody else's. */
export async function noticesRoutes(app: FastifyInstance, { notices }: { notices: NoticesService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/user_message/',
    { schema: { tags: ['notices'], summary: "A page of the user's notices, newest first", querystring: pageQuery } },
    async (request) => {
      const { items, total } = await notices.page(principalOf(request).userId, request.query.page, request.query.limit);
      return envelope(request, items, { total });
    },
  );

  routes.delete(
    '/api/yudata/user_message/:id/',
    {
      schema: {
        tags: ['notices'],
        summary: 'Delete one of the user’s notices (opened from the bell)',
        params: idParams,
      },
    },
    async (request) => {
      await notices.delete(principalOf(request).userId, request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );

  routes.get(
    '/api/yudata/sell_all/',
    { schema: { tags: ['notices'], summary: "Mark all of the user's notices read" } },
    async (request) => {
      const marked = await notices.markAllRead(principalOf(request).userId);
      return envelope(request, { marked });
    },
  );
}
