import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldStatusService } from './mold-status.service.js';

/** The mould list's limit (spec §9). */
const MAX_LIST_LIMIT = 99_999;
/** One status-history call covers at most 31 days. */
const MAX_HISTORY_SECONDS = 31 * 86_400;

const moldParams = z.object({ moldId: z.coerce.number().int().positive() });
const epochSeconds = z.coerce.number().int().min(0);
const historyQuery = z
  .object({ start: epochSeconds, end: epochSeconds, lang: z.string().optional() })
  .refine(({ start, end }) => end > start, { message: 'end must be after start', path: ['end'] })
  .refine(({ start, end }) => end - start <= MAX_HISTORY_SECONDS, { message: 'at most 31 days', path: ['end'] });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(20),
  lang: z.string().optional(),
});
/** Mould states are read on the home screen. */
const permission = { menu: MenuId.home, action: 'view' as const };
const tags = ['mould status'];

export async function moldStatusRoutes(
  app: FastifyInstance,
  { moldStatus }: { moldStatus: MoldStatusService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/mold/more/',
    {
      config: { permission },
      schema: { tags, summary: "The caller's moulds with their live status", querystring: pageQuery },
    },
    async (request) => {
      const { items, total } = await moldStatus.list(principalOf(request), request.query.page, request.query.limit);
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/yudata/mold/statusHistory/:moldId/',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Time-state records of the 5-minute slots starting in [start, end) (epoch seconds, at most 31 days)',
        params: moldParams,
        querystring: historyQuery,
      },
    },
    async (request) => {
      const { start, end } = request.query;
      const records = await moldStatus.statusHistory(principalOf(request), request.params.moldId, start, end);
      return envelope(request, records);
    },
  );
}
