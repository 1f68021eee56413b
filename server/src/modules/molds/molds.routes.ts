import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, ResponseCode, moldFormSchema, moldTargetSchema } from '@mouldwatch/shared';
import { ApiError } from '../../infra/http/errors.js';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldsService } from './molds.service.js';

const moldParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(64).optional(),
  company_id: z.coerce.number().int().positive().optional(),
  group_id: z.coerce.number().int().positive().optional(),
  lang: z.string().optional(),
});
const permission = (action: 'view' | 'add' | 'edit' | 'delete') => ({ menu: MenuId.mold, action });
const tags = ['moulds'];
/** An uploaded mould image: at most 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export async function moldsRoutes(app: FastifyInstance, { molds }: { molds: MoldsService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  routes.get(
    '/api/yudata/mold_setting/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary:
          'The moulds the caller holds a grant for, newest first: search by name or mould no, filter by company or group',
        querystring: listQuery,
      },
    },
    async (request) => {
      const { page, limit, search, company_id: companyId, group_id: groupId } = request.query;
      const { items, total } = await molds.list(principalOf(request), { search, companyId, groupId }, page, limit);
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/yudata/mold_setting/:id/',
    {
      config: { permission: permission('view') },
      schema: { tags, summary: "A mould's record with its info, company, device and read_only", params: moldParams },
    },
    async (request) => envelope(request, await molds.get(principalOf(request), request.params.id)),
  );

  routes.post(
    '/api/yudata/mold_setting/',
    {
      config: { permission: permission('add') },
      schema: {
        tags,
        summary:
          'Add a mould with its device (bound, or registered: its token is answered this once) in one transaction',
        body: moldFormSchema,
      },
    },
    async (request) =>
      envelope(request, await molds.create(principalOf(request), request.body), { messageKey: 'added' }),
  );

  routes.put(
    '/api/yudata/mold_setting/:id/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: 'Save the mould form and its device binding in one transaction; the settings take effect at once',
        params: moldParams,
        body: moldFormSchema,
      },
    },
    async (request) =>
      envelope(request, await molds.update(principalOf(request), request.params.id, request.body), {
        messageKey: 'modified',
      }),
  );

  routes.delete(
    '/api/yudata/mold_setting/:id/',
    {
      config: { permission: permission('delete') },
      schema: {
        tags,
        summary: 'Delete the mould with its grants, roll-ups, slots and readings; its device stays, unbound',
        params: moldParams,
      },
    },
    async (request) => {
      await molds.remove(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );

  routes.post(
    '/api/yudata/mold_setting/:id/image/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: 'Upload the mould image (multipart field `file`; JPEG, PNG or WebP by content; at most 2 MB)',
        params: moldParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const bytes = await uploadedFile(request);
      return envelope(request, await molds.setImage(principalOf(request), request.params.id, bytes), {
        messageKey: 'modified',
      });
    },
  );

  // The spec's `{token}` segment is accepted and ignored: the header authenticates.
  for (const url of ['/api/yudata/update_target/:id/', '/api/yudata/update_target/:id/:token']) {
    routes.post(
      url,
      {
        config: { permission: permission('edit') },
        schema: {
          tags,
          summary: 'Set target OEE (percent, one decimal), target counter and voltage; each only when given',
          params: moldParams.extend({ token: z.string().optional() }),
          body: moldTargetSchema,
        },
      },
      async (request) =>
        envelope(request, await molds.updateTargets(principalOf(request), request.params.id, request.body), {
          messageKey: 'modified',
        }),
    );
  }
}

const imageError = (status: number, key: 'imageMissing' | 'imageTooLarge') =>
  new ApiError(status, ResponseCode.invalid, key);

/** The bytes of the request's one file part; 400 without one, 413 over 2 MB. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw imageError(400, 'imageMissing');
  let part;
  try {
    part = await request.file();
  } catch {
    throw imageError(400, 'imageMissing');
  }
  if (!part || part.fieldname !== 'file') throw imageError(400, 'imageMissing');
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw imageError(400, 'imageMissing');
    return bytes;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw imageError(413, 'imageTooLarge');
    }
    throw error;
  }
}
