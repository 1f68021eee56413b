import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HISTORY_RANGES, LATEST_EPOCH_SECONDS, MenuId, REPORT_MAX_MOULDS } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import { contentDisposition } from '../mold-export/spreadsheet.js';
import { streamWorkbook } from '../mold-export/spreadsheet.js';
import { groupedSummaryOf, reportSheet, rowOf } from './reports.export.js';
import type { ReportsService, ReportWindow } from './reports.service.js';
import { ROW_SORTS, type MouldSelection } from './reports.repository.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const epochSeconds = z.coerce.number().int().min(0).max(LATEST_EPOCH_SECONDS);
const id = z.coerce.number().int().positive();

/** The period of every report call (and the product list's): [start, end) cut into buckets of the caller's zone. */
export const windowQuery = z.object({
  start: epochSeconds.describe('epoch seconds, inclusive'),
  end: epochSeconds.describe('epoch seconds, exclusive'),
  range: z.enum(HISTORY_RANGES).default('day').describe("bucket size in the caller's Time-Zone"),
  lang: z.string().optional(),
});
const selectionQuery = windowQuery.extend({
  mold_ids: z
    .string()
    .regex(/^\d{1,12}(,\d{1,12}){0,999}$/, 'a comma-separated list of mould ids')
    .optional()
    .describe(`comma-separated mould ids (at most ${REPORT_MAX_MOULDS})`),
  company_id: id.optional(),
  group_id: id.optional(),
});
const rowsQuery = selectionQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort: z.enum(ROW_SORTS).default('create_datetime'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
const cycleQuery = selectionQuery.extend({
  bins: z.coerce.number().int().min(2).max(100).default(20),
  buckets: z
    .enum(['0', '1'])
    .default('1')
    .transform((value) => value === '1')
    .describe("0: each mould's whole period and the distribution only, without the per-bucket statistics"),
});
const exportQuery = selectionQuery.extend({ unit: z.enum(['C', 'F']).default('C') });

const tags = ['reports'];
const permission = (action: 'view' | 'export') => ({ permission: { menu: MenuId.report, action } });
const SELECTION =
  "The moulds: mold_ids, or a company_id or group_id, else every mould the caller may read; moulds the caller may not read are left out. Buckets are hours, days, weeks (from Monday) or months of the caller's Time-Zone, clipped to [start, end); a day of 23 or 25 hours has its true length.";

export const windowOf = (request: FastifyRequest, query: z.infer<typeof windowQuery>): ReportWindow => ({
  start: query.start,
  end: query.end,
  range: query.range,
  zone: request.timeZone,
});
const selectionOf = (query: z.infer<typeof selectionQuery>): MouldSelection => ({
  moldIds: query.mold_ids ? [...new Set(query.mold_ids.split(',').map(Number))] : undefined,
  companyId: query.company_id,
  groupId: query.group_id,
});

export async function reportsRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/report/oee/',
    {
      config: permission('view'),
      schema: {
        tags,
        summary: "One mould's OEE per bucket and in total, from the roll-ups",
        description:
          "data: {total, buckets: [{create_datetime, planned_s, run_s, idle_s, alarm_s, stop_s, off_s, shots, parts, reject, good, ideal_cycle_s, availability, performance, quality, oee, …}], target_oee, rejects_recorded, waterfall}. Factors are fractions 0..1, null where their denominator is 0; the total adds the buckets' seconds and counts. A mould the caller may not read is a 404.",
        querystring: windowQuery.extend({ mold_id: id }),
      },
    },
    async (request) => {
      const report = await reports.groupedSummary(
        principalOf(request),
        { moldIds: [request.query.mold_id] },
        windowOf(request, request.query),
      );
      const { total, buckets, waterfall, rejects_recorded } = groupedSummaryOf(report);
      return envelope(request, {
        mold_id: request.query.mold_id,
        target_oee: report.moulds[0]?.target_oee ?? null,
        rejects_recorded,
        total,
        waterfall,
        buckets,
      });
    },
  );

  routes.get(
    '/api/yudata/report/moulds/',
    {
      config: permission('view'),
      schema: {
        tags,
        summary:
          "The moulds the caller may report on (by name), narrowed by company or group: the screen's mould picker",
        querystring: z.object({ company_id: id.optional(), group_id: id.optional(), lang: z.string().optional() }),
      },
    },
    async (request) => {
      const moulds = await reports.moulds(principalOf(request), {
        companyId: request.query.company_id,
        groupId: request.query.group_id,
      });
      return envelope(
        request,
        moulds.map(({ mold_id, mold_name, mold_number, target_oee, target_cycle_s }) => ({
          id: mold_id,
          name: mold_name,
          mold_number,
          target_oee,
          target_cycle_s,
        })),
        { total: moulds.length },
      );
    },
  );

  routes.get(
    '/api/yudata/report/summary/',
    {
      config: permission('view'),
      schema: {
        tags,
        summary:
          'OEE, energy and average cycle time of several moulds: per bucket (over the moulds), per mould, in total',
        description: SELECTION,
        querystring: selectionQuery,
      },
    },
    async (request) => {
      const report = await reports.groupedSummary(
        principalOf(request),
        selectionOf(request.query),
        windowOf(request, request.query),
      );
      return envelope(request, groupedSummaryOf(report));
    },
  );

  routes.get(
    '/api/yudata/report/rows/',
    {
      config: permission('view'),
      schema: {
        tags,
        summary: 'The figures per mould and bucket, sorted and paged (the detail list)',
        description: SELECTION,
        querystring: rowsQuery,
      },
    },
    async (request) => {
      const { page, limit, sort, order } = request.query;
      const { bounds, cells, total } = await reports.rows(
        principalOf(request),
        selectionOf(request.query),
        windowOf(request, request.query),
        { sort, order, limit, offset: (page - 1) * limit },
      );
      return envelope(
        request,
        cells.map((cell) => rowOf(bounds, cell)),
        { total },
      );
    },
  );

  routes.get(
    '/api/yudata/report/cycle/',
    {
      config: permission('view'),
      schema: {
        tags,
        summary:
          'Cycle-time statistics per mould and bucket, per mould, and the distribution: exact from the raw cycles (kept 35 days) for up to 31 days, else from the kept days (no hour buckets; a median over several days within ±0.5 %); stats_from: from when the moulds have statistics',
        description: SELECTION,
        querystring: cycleQuery,
      },
    },
    async (request) => {
      const result = await reports.cycles(
        principalOf(request),
        selectionOf(request.query),
        windowOf(request, request.query),
        request.query.bins,
        request.query.buckets,
      );
      return envelope(request, {
        moulds: result.moulds.map(({ mould, stats, buckets }) => ({
          mold_id: mould.mold_id,
          mold_name: mould.mold_name,
          mold_number: mould.mold_number,
          target_cycle_s: mould.target_cycle_s,
          ...stats,
          ...(buckets && {
            buckets: buckets.map(({ start, stats: bucket }) => ({ create_datetime: start, ...bucket })),
          }),
        })),
        histogram: result.histogram,
        stats_from: result.statsFrom,
      });
    },
  );

  routes.get(
    '/api/yudata/report/export/',
    {
      config: permission('export'),
      schema: {
        tags,
        summary: "The detail list as an .xlsx spreadsheet in the caller's language (lang) and Time-Zone",
        description: SELECTION,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const [principal, selection, window] = [
        principalOf(request),
        selectionOf(request.query),
        windowOf(request, request.query),
      ];
      // The total first: a refused report (too large, no such mould) is an answer, not a broken download.
      const { total } = groupedSummaryOf(await reports.groupedSummary(principal, selection, window));
      const pages = reports.allRows(principal, selection, window);
      const sheet = reportSheet(pages, total, { language: request.language, zone: request.timeZone });
      const workbook = streamWorkbook(sheet);
      // A download given up (the socket closed before the file ended) reads no further page.
      reply.raw.once('close', () => {
        if (!workbook.readableEnded) workbook.destroy();
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(`${sheet.name}-${request.query.range}.xlsx`))
        .header('cache-control', 'no-store')
        .send(workbook);
    },
  );
}
