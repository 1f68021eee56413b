import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MenuService } from './menu.service.js';

const menuQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  lang: z.string().optional(),
});

export async function menuRoutes(app: FastifyInstance, { menu }: { menu: MenuService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/yudata/menu/web_router/',
    {
      schema: {
        tags: ['session'],
        summary: "The signed-in user's menu with the actions granted on each item",
        querystring: menuQuery,
      },
    },
    async (request) => {
      const entries = await menu.menuOf(principalOf(request), request.language, request.query.limit);
      return envelope(request, entries, { total: entries.length });
    },
  );
}
