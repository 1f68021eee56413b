import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TAG_KINDS, tagFormSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldTagsService } from './mold-tags.service.js';
import { langQuery, moldPermission, positiveId, withOptionalToken } from './mold-organisation.schemas.js';

const tags = ['mould tags'];
const FIELD_OF_KIND = { country: 'country', factory: 'workshop' } as const;

/** `country_tag` and `factory_tag`: the values offered in the mould form's country and workshop fields. */
export async function moldTagsRoutes(app: FastifyInstance, { moldTags }: { moldTags: MoldTagsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of TAG_KINDS) {
    const base = `/api/yudata/${kind}_tag/`;
    const field = FIELD_OF_KIND[kind];

    routes.get(
      base,
      {
        config: { permission: moldPermission('view') },
        schema: { tags, summary: `The organisation's ${field} tags, by name`, querystring: langQuery },
      },
      async (request) => envelope(request, await moldTags.list(principalOf(request), kind)),
    );

    for (const url of withOptionalToken(base)) {
      routes.post(
        url,
        {
          config: { permission: moldPermission('add') },
          schema: {
            tags,
            summary: `Add a ${field} tag (trimmed, at most 32 characters); a name there already answers that tag`,
            body: tagFormSchema,
          },
        },
        async (request) => {
          const tag = await moldTags.add(principalOf(request), kind, request.body.name);
          return envelope(request, tag, { messageKey: 'added' });
        },
      );
    }

    for (const url of withOptionalToken(`${base}:id/`)) {
      routes.delete(
        url,
        {
          config: { permission: moldPermission('delete') },
          schema: {
            tags,
            summary: `Delete a ${field} tag; moulds keep the value they have`,
            params: z.object({ id: positiveId, token: z.string().optional() }),
          },
        },
        async (request) => {
          await moldTags.remove(principalOf(request), kind, request.params.id);
          return envelope(request, null, { messageKey: 'deleted' });
        },
      );
    }
  }
}
