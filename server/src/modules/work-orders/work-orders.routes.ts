import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, WORK_ORDER_STATUSES, workOrderFormSchema, workOrderRejectSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import { XLSX_TYPE, contentDisposition, streamWorkbook } from '../mold-export/spreadsheet.js';
import { workOrderFileName } from './work-orders.export.js';
import type { WorkOrderListFilter } from './work-orders.repository.js';
import type { WorkOrdersService } from './work-orders.service.js';

const orderParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
const EPOCH_MAX = 4_102_444_800;
const filterQuery = z.object({
  /** The spec's search state: order ID, project, machine, workshop or mould no containing the text. */
  search: z.string().trim().max(64).optional(),
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  mold_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .optional(),
  /** Start dates from / until, epoch seconds. */
  start: z.coerce.number().int().min(0).max(EPOCH_MAX).optional(),
  end: z.coerce.number().int().min(0).max(EPOCH_MAX).optional(),
  lang: z.string().optional(),
});
const listQuery = filterQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const permission = (action: 'view' | 'add' | 'edit' | 'delete' | 'export') => ({ menu: MenuId.workOrder, action });
const tags = ['work orders'];

const filterOf = (query: z.infer<typeof filterQuery>): WorkOrderListFilter => ({
  search: query.search || undefined,
  status: query.status,
  moldId: query.mold_id,
  from: query.start === undefined ? undefined : new Date(query.start * 1000),
  to: query.end === undefined ? undefined : new Date(query.end * 1000),
});

export async function workOrdersRoutes(
  app: FastifyInstance,
  { workOrders }: { workOrders: WorkOrdersService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/work_order/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary:
          'Work orders on the moulds the caller is granted, newest first: search, status, mould and start-date filters, paged',
        querystring: listQuery,
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total, more } = await workOrders.list(principalOf(request), filterOf(request.query), page, limit);
      return envelope(request, items, { total, more });
    },
  );

  routes.get(
    '/api/yudata/work_order/export/',
    {
      config: { permission: permission('export') },
      schema: {
        tags,
        summary: `The list's orders (same filters, at most 10,000, newest first) as .xlsx in the caller's language and Time-Zone`,
        querystring: filterQuery,
      },
    },
    async (request, reply) => {
      const sheet = await workOrders.sheet(principalOf(request), filterOf(request.query), {
        language: request.language,
        zone: request.timeZone,
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(workOrderFileName(request.language)))
        .header('cache-control', 'no-store')
        .send(streamWorkbook(sheet));
    },
  );

  routes.get(
    '/api/yudata/work_order/molds/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary:
          'The moulds the caller may plan orders on (granted, not shared to them): name or mould no containing `search`',
        querystring: z.object({
          search: z.string().trim().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
          lang: z.string().optional(),
        }),
      },
    },
    async (request) =>
      envelope(
        request,
        await workOrders.moldChoices(principalOf(request), request.query.search || undefined, request.query.limit),
      ),
  );

  routes.get(
    '/api/yudata/work_order/:id/',
    {
      config: { permission: permission('view') },
      schema: { tags, summary: 'One order with its progress and its rejects (newest first)', params: orderParams },
    },
    async (request) => envelope(request, await workOrders.get(principalOf(request), request.params.id)),
  );

  routes.post(
    '/api/yudata/work_order/',
    {
      config: { permission: permission('add') },
      schema: {
        tags,
        summary: 'Plan an order (status created); the order ID is unique in the organisation (409)',
        body: workOrderFormSchema,
      },
    },
    async (request) =>
      envelope(request, await workOrders.create(principalOf(request), request.body), { messageKey: 'added' }),
  );

  routes.put(
    '/api/yudata/work_order/:id/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: 'Edit a created or stopped order; a working or finished one is refused (422, the spec messages)',
        params: orderParams,
        body: workOrderFormSchema,
      },
    },
    async (request) =>
      envelope(request, await workOrders.update(principalOf(request), request.params.id, request.body), {
        messageKey: 'modified',
      }),
  );

  routes.delete(
    '/api/yudata/work_order/:id/',
    {
      config: { permission: permission('delete') },
      schema: { tags, summary: 'Delete an order that is not working, with its rejects', params: orderParams },
    },
    async (request) => {
      await workOrders.remove(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );

  routes.post(
    '/api/yudata/work_order/:id/start/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: 'Start a created order now (the console confirms first); a mould has one working order (409)',
        params: orderParams,
      },
    },
    async (request) =>
      envelope(request, await workOrders.start(principalOf(request), request.params.id), { messageKey: 'modified' }),
  );

  routes.post(
    '/api/yudata/work_order/:id/stop/',
    {
      config: { permission: permission('edit') },
      schema: { tags, summary: 'Stop a working order', params: orderParams },
    },
    async (request) =>
      envelope(request, await workOrders.stop(principalOf(request), request.params.id), { messageKey: 'modified' }),
  );

  routes.post(
    '/api/yudata/work_order/:id/reject/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary:
          'Record rejected parts with a remark (working, finished or stopped orders); the order reject sum follows',
        params: orderParams,
        body: workOrderRejectSchema,
      },
    },
    async (request) =>
      envelope(request, await workOrders.addReject(principalOf(request), request.params.id, request.body), {
        messageKey: 'added',
      }),
  );
}
