import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, moldDistributionSchema, parseMoldIds } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldDistributionService } from './mold-distribution.service.js';

const tags = ['users'];

/** The mould permission tree and distribution (spec §7 "Moulds"), part of user administration (menu 31). */
export async function moldPermissionRoutes(
  app: FastifyInstance,
  { distribution }: { distribution: MoldDistributionService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/mold_permission/',
    {
      config: { permission: { menu: MenuId.user, action: 'view' } },
      schema: {
        tags,
        summary:
          "The caller's moulds as a company → group → mould tree (cateId c{id}, g{id}, m{id}; g0 holds moulds " +
          'without a group); with user_id, `checked` marks what that user holds',
        querystring: z.object({ user_id: z.coerce.number().int().positive().optional(), lang: z.string().optional() }),
      },
    },
    async (request) => envelope(request, await distribution.tree(principalOf(request), request.query.user_id)),
  );

  routes.put(
    '/api/yudata/mold_distribution/:id/',
    {
      config: { permission: { menu: MenuId.user, action: 'edit' } },
      schema: {
        tags,
        summary:
          "Set the user's own grants, among the moulds the caller may distribute, to exactly moldIds; " +
          'moulds shared to the user stay. Answers the granted and revoked ids',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: moldDistributionSchema,
      },
    },
    async (request) => {
      const { moldIds } = request.body;
      const ids = typeof moldIds === 'string' ? (parseMoldIds(moldIds) ?? []) : [...new Set(moldIds)];
      const outcome = await distribution.distribute(principalOf(request), request.params.id, ids);
      return envelope(request, outcome, { messageKey: 'modified' });
    },
  );
}
