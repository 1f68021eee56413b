import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldFilters } from './mold-filters.js';
import type { JsonText } from '../../infra/db/json-text.js';
import { STATE_CLASSES } from './mold-status.presenter.js';
import type { MoldStatusService } from './mold-status.service.js';

/** The mould list's limit (spec §9). */
const MAX_LIST_LIMIT = 99_999;

const id = z.coerce.number().int().positive();
const flag = z.enum(['0', '1']).transform((value) => value === '1');
const moldParams = z.object({ moldId: id });
const filterQuery = z.object({
  search: z.string().trim().max(64).optional(),
  company: id.optional(),
  group: id.optional(),
  customer: z.string().max(128).optional(),
  country: z.string().max(128).optional(),
  favourite: flag.optional(),
  lang: z.string().optional(),
});
const listQuery = filterQuery.extend({
  state: z.enum(STATE_CLASSES).optional(),
  online: flag.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(20),
});
/** Mould states are read on the home screen. */
const permission = { menu: MenuId.home, action: 'view' as const };
const tags = ['mould status'];

const filtersOf = (query: z.infer<typeof filterQuery>): MoldFilters => ({
  search: query.search || undefined,
  companyId: query.company,
  groupId: query.group,
  customer: query.customer,
  country: query.country,
  favourite: query.favourite,
});

/**
 * The envelope, its `data` spliced in as the JSON text the database built: the moulds of a list of
 * 10,000 are neither parsed nor serialised again.
 */
function envelopeWithJson(request: FastifyRequest, data: JsonText<unknown>, total: number): string {
  const { data: _placeholder, ...head } = envelope(request, null, { total });
  return `${JSON.stringify(head).slice(0, -1)},"data":${data}}`;
}

export async function moldStatusRoutes(
  app: FastifyInstance,
  { moldStatus }: { moldStatus: MoldStatusService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/mold/more/',
    {
      config: { permission },
      schema: {
        tags,
        summary: "The caller's moulds passing the filters, in the caller's order, with their live status",
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const { state, online, page, limit } = request.query;
      const filters = { ...filtersOf(request.query), state, online };
      const { items, total } = await moldStatus.list(principalOf(request), filters, page, limit);
      return reply.type('application/json; charset=utf-8').send(envelopeWithJson(request, items, total));
    },
  );

  routes.get(
    '/api/yudata/mold/stateCount/',
    {
      config: { permission },
      schema: {
        tags,
        summary: "How many of the caller's moulds passing the filters are in each state class and connection",
        querystring: filterQuery,
      },
    },
    async (request) => envelope(request, await moldStatus.stateCounts(principalOf(request), filtersOf(request.query))),
  );

  // The spec's `{token}` segment is accepted and ignored: the header authenticates.
  for (const url of ['/api/yudata/more/filter/', '/api/yudata/more/filter/:token']) {
    routes.get(
      url,
      { config: { permission }, schema: { tags, summary: "The filter choices of the caller's moulds" } },
      async (request) => envelope(request, await moldStatus.filterOptions(principalOf(request))),
    );
  }

  routes.get(
    '/api/yudata/mold/:moldId/',
    {
      config: { permission },
      schema: { tags, summary: "The mould's displayed facts; today is the day in the Time-Zone", params: moldParams },
    },
    async (request) =>
      envelope(request, await moldStatus.facts(principalOf(request), request.params.moldId, request.timeZone)),
  );
}
