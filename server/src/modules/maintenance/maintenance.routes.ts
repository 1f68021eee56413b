import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAINTENANCE_STATUSES,
  MAINTENANCE_TASK_TYPES,
  MenuId,
  maintenanceRecordFormSchema,
  maintenanceTaskFormSchema,
  type MenuAction,
} from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import { contentDisposition } from '../mold-export/spreadsheet.js';
import { streamWorkbook } from '../mold-export/spreadsheet.js';
import { historySheet } from './maintenance.export.js';
import type { MaintenanceService } from './maintenance.service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An export holds at most this many records (the newest). */
export const HISTORY_EXPORT_MAX = 50_000;

const id = z.coerce.number().int().positive();
const taskParams = z.object({ id });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  lang: z.string().optional(),
});
const commonFilters = {
  mold_id: id.optional(),
  company_id: id.optional(),
  group_id: id.optional(),
  task_type: z.enum(MAINTENANCE_TASK_TYPES).optional(),
  keyword: z.string().trim().max(100).optional(),
};
const scheduleQuery = pageQuery.extend({ ...commonFilters, status: z.enum(MAINTENANCE_STATUSES).optional() });
const historyFilters = z.object({
  ...commonFilters,
  start: z.coerce.number().int().min(0).optional(),
  end: z.coerce.number().int().min(0).optional(),
  lang: z.string().optional(),
});
const historyQuery = pageQuery.extend(historyFilters.shape);
const linkBody = z.object({ task_id: id, mold_id: id });

const schedule = (action: Extract<MenuAction, 'view' | 'add' | 'edit' | 'delete'>) => ({
  menu: MenuId.maintenanceSchedulePreventive,
  action,
});
const history = (action: Extract<MenuAction, 'view' | 'export'>) => ({
  menu: MenuId.maintenanceHistoryPreventive,
  action,
});
const tags = ['maintenance'];

const filterOf = (query: z.infer<typeof historyFilters>) => ({
  moldId: query.mold_id,
  companyId: query.company_id,
  groupId: query.group_id,
  taskType: query.task_type,
  keyword: query.keyword,
  start: query.start === undefined ? undefined : new Date(query.start * 1000),
  end: query.end === undefined ? undefined : new Date(query.end * 1000),
});

export async function maintenanceRoutes(
  app: FastifyInstance,
  { maintenance }: { maintenance: MaintenanceService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/maintenance/schedule/',
    {
      config: { permission: schedule('view') },
      schema: {
        tags,
        summary:
          'The maintenance schedule: one row per task and mould the caller may read, most urgent first, with status (normal | warning = Preventive MAINT | exceeded = PM Target Exceeded) and remaining cycles or days',
        querystring: scheduleQuery,
      },
    },
    async (request) => {
      const { page, limit, status, ...query } = request.query;
      const { items, total, more } = await maintenance.schedule(
        principalOf(request),
        { ...filterOf(query), status },
        page,
        limit,
      );
      return envelope(request, items, { total, more });
    },
  );

  routes.get(
    '/api/yudata/maintenance/molds/',
    {
      config: { permission: schedule('view') },
      schema: {
        tags,
        summary:
          'Moulds the caller may give tasks (granted, not shared to them) whose name or number contains `search`; 50 at most',
        querystring: z.object({ search: z.string().trim().max(64).default(''), lang: z.string().optional() }),
      },
    },
    async (request) => envelope(request, await maintenance.moldOptions(principalOf(request), request.query.search)),
  );

  routes.post(
    '/api/yudata/maintenance/task/',
    {
      config: { permission: schedule('add') },
      schema: {
        tags,
        summary: 'Add a task for a mould, or for every mould of a company or group (spec §3 Maintenance task)',
        body: maintenanceTaskFormSchema,
      },
    },
    async (request) => {
      const task = await maintenance.createTask(principalOf(request), request.body, request.timeZone);
      return envelope(request, task, { messageKey: 'added' });
    },
  );

  routes.get(
    '/api/yudata/maintenance/task/:id/',
    {
      config: { permission: schedule('view') },
      schema: { tags, summary: 'One task as its form edits it', params: taskParams },
    },
    async (request) => envelope(request, await maintenance.getTask(principalOf(request), request.params.id)),
  );

  routes.put(
    '/api/yudata/maintenance/task/:id/',
    {
      config: { permission: schedule('edit') },
      schema: {
        tags,
        summary: 'Edit a task; moulds newly in its scope start counting now, the others keep their base',
        params: taskParams,
        body: maintenanceTaskFormSchema,
      },
    },
    async (request) => {
      const task = await maintenance.updateTask(principalOf(request), request.params.id, request.body);
      return envelope(request, task, { messageKey: 'modified' });
    },
  );

  routes.delete(
    '/api/yudata/maintenance/task/:id/',
    {
      config: { permission: schedule('delete') },
      schema: { tags, summary: 'Delete a task (its records stay in the history)', params: taskParams },
    },
    async (request) => {
      await maintenance.deleteTask(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );

  routes.post(
    '/api/yudata/maintenance/schedule/start/',
    {
      config: { permission: schedule('edit') },
      schema: {
        tags,
        summary: 'Start a task manually on a mould: it is due (PM Target Exceeded) now, until maintenance is recorded',
        body: linkBody,
      },
    },
    async (request) => {
      const item = await maintenance.startNow(principalOf(request), request.body.task_id, request.body.mold_id);
      return envelope(request, item, { messageKey: 'modified' });
    },
  );

  routes.post(
    '/api/yudata/maintenance/record/',
    {
      config: { permission: schedule('edit') },
      schema: {
        tags,
        summary:
          'Submit a maintenance task: the caller confirms it now with the checked items and remarks; the task counts again from the current counter and date',
        body: maintenanceRecordFormSchema,
      },
    },
    async (request) => {
      const record = await maintenance.record(principalOf(request), {
        task_id: request.body.task_id,
        mold_id: request.body.mold_id,
        checked: request.body.checked,
        remarks: request.body.remarks,
      });
      return envelope(request, record, { messageKey: 'added' });
    },
  );

  routes.get(
    '/api/yudata/maintenance/history/',
    {
      config: { permission: history('view') },
      schema: {
        tags,
        summary:
          'Maintenance records of the moulds the caller may read, newest first; start/end (epoch s) on the confirmed time',
        querystring: historyQuery,
      },
    },
    async (request) => {
      const { page, limit, ...query } = request.query;
      const { items, total, more } = await maintenance.history(principalOf(request), filterOf(query), page, limit);
      return envelope(request, items, { total, more });
    },
  );

  routes.get(
    '/api/yudata/maintenance/history/export/',
    {
      config: { permission: history('export') },
      schema: {
        tags,
        summary: `The history with the same filters as an .xlsx spreadsheet (newest ${HISTORY_EXPORT_MAX} at most), in the caller's language and Time-Zone`,
        querystring: historyFilters,
      },
    },
    async (request, reply) => {
      const { items } = await maintenance.history(principalOf(request), filterOf(request.query), 1, HISTORY_EXPORT_MAX);
      const sheet = historySheet(items, request.language, request.timeZone);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(`${sheet.name}.xlsx`))
        .header('cache-control', 'no-store')
        .send(streamWorkbook(sheet));
    },
  );
}
