import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import { windowOf, windowQuery } from '../reports/reports.routes.js';
import type { ProductsService } from './products.service.js';

const listQuery = windowQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe("In the part ID, a project name, or a mould's name or number, any case"),
});

export async function productsRoutes(app: FastifyInstance, { products }: { products: ProductsService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/products/',
    {
      config: { permission: { menu: MenuId.report, action: 'view' } },
      schema: {
        tags: ['reports'],
        summary:
          "The Product List: the caller's moulds grouped by part ID, with their live states and production in the period",
        description:
          "data: [{part_id ('' for the moulds without a part ID, listed last), project_names, mould_count, states: {run, idle, alarm, stop, off}, online, shots, parts, reject, good, rejects_recorded, moulds: [{id, name, mold_number, project_name, state, online, shots, parts, reject, good, rejects_recorded}]}], total: the products found. Sorted by part ID (natural order). The moulds are those the caller may read, as every report's; the figures are the report summary's per mould (start, end, range and the Time-Zone header as the report calls take them; rejects from the work orders, each bucket's capped at its parts), added up per product; states are the home list's state classes now.",
        querystring: listQuery,
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { items, total } = await products.list(
        principalOf(request),
        search ?? '',
        windowOf(request, request.query),
        page,
        limit,
      );
      return envelope(request, items, { total });
    },
  );
}
