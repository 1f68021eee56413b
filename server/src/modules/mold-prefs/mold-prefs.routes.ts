import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldPrefsService } from './mold-prefs.service.js';

/** The mould list's limit (spec §9): an order names at most this many moulds. */
const MAX_SORTED = 99_999;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const favouriteQuery = z.object({ state: z.enum(['0', '1']), lang: z.string().optional() });
const sortBody = z.object({
  sort: z
    .array(z.number().int().positive())
    .min(1)
    .max(MAX_SORTED)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'each mould at most once' }),
});
/** Marks on the home screen's list: whoever may view home may mark their own moulds. */
const permission = { menu: MenuId.home, action: 'view' as const };
const tags = ['mould preferences'];

export async function moldPrefsRoutes(app: FastifyInstance, { moldPrefs }: { moldPrefs: MoldPrefsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/mold/updateUserMold/:id/',
    {
      config: { permission },
      schema: {
        tags,
        summary: "Mark (state=1) or unmark (state=0) the mould as the caller's favourite",
        params: idParams,
        querystring: favouriteQuery,
      },
    },
    async (request) => {
      const favourite = request.query.state === '1';
      await moldPrefs.setFavourite(principalOf(request), request.params.id, favourite);
      return envelope(request, { id: request.params.id, favourite });
    },
  );

  // The spec's `{token}` segment is accepted and ignored: the header authenticates.
  for (const url of ['/api/yudata/updateMoldSort/', '/api/yudata/updateMoldSort/:token']) {
    routes.post(
      url,
      {
        config: { permission },
        schema: {
          tags,
          summary:
            "Order the caller's moulds: the ids given take, in this order, the places they hold in the caller's order",
          body: sortBody,
        },
      },
      async (request) => {
        await moldPrefs.reorder(principalOf(request), request.body.sort);
        return envelope(request, null);
      },
    );
  }
}
