import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessPointFormSchema,
  LOCATION_HISTORY_LIMIT,
  manualPositionSchema,
  MenuId,
  type MenuAction,
} from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import { contentDisposition, XLSX_TYPE } from '../mold-export/spreadsheet.js';
import { streamWorkbook } from '../mold-export/spreadsheet.js';
import type { LocationService } from './location.service.js';

const permission = (action: MenuAction) => ({ menu: MenuId.map, action });
const tags = ['map'];
const id = z.coerce.number().int().positive();
/** Epoch seconds. */
const epoch = z.coerce.number().int().min(0).max(4_102_444_800);
const historyQuery = z
  .object({
    mold_id: id,
    limit: z.coerce.number().int().min(1).max(LOCATION_HISTORY_LIMIT).default(LOCATION_HISTORY_LIMIT),
    start: epoch.optional(),
    end: epoch.optional(),
    lang: z.string().optional(),
  })
  .refine((query) => query.start === undefined || query.end === undefined || query.start < query.end, {
    path: ['end'],
    message: 'end must be after start',
  });
const mapQuery = z.object({ company_id: id.optional(), group_id: id.optional(), lang: z.string().optional() });
const moldParams = z.object({ mold_id: id });
const accessPointParams = z.object({ id });
const accessPointQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(64).optional(),
  lang: z.string().optional(),
});

const windowOf = ({ start, end }: { start?: number; end?: number }) => ({
  start: start === undefined ? undefined : new Date(start * 1000),
  end: end === undefined ? undefined : new Date(end * 1000),
});

export async function locationRoutes(app: FastifyInstance, { location }: { location: LocationService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/map/config/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary: 'Tile sources of the two map providers (2 global, 1 China in GCJ-02); an empty url: none',
      },
    },
    async (request) => envelope(request, location.mapConfig()),
  );

  routes.get(
    '/api/yudata/map/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary:
          "The caller's moulds with a position, as compact rows: data.fields names the columns of each of data.rows " +
          '(source 0 GPS, 1 WiFi, 2 manual; positions WGS-84)',
        querystring: mapQuery,
      },
    },
    async (request, reply) => {
      const { company_id: companyId, group_id: groupId } = request.query;
      const { json, total } = await location.map(principalOf(request), { companyId, groupId });
      const { data: _none, ...head } = envelope(request, null, { total });
      return reply.type('application/json').send(`${JSON.stringify(head).slice(0, -1)},"data":${json}}`);
    },
  );

  routes.put(
    '/api/yudata/map/position/:mold_id/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: "Set the mould's manual position (WGS-84); shown while no GPS or WiFi fix is newer",
        params: moldParams,
        body: manualPositionSchema,
      },
    },
    async (request) => {
      await location.setManual(principalOf(request), request.params.mold_id, request.body);
      return envelope(request, null, { messageKey: 'modified' });
    },
  );

  routes.delete(
    '/api/yudata/map/position/:mold_id/',
    {
      config: { permission: permission('edit') },
      schema: { tags, summary: "Clear the mould's manual position: its last fix is shown again", params: moldParams },
    },
    async (request) => {
      await location.clearManual(principalOf(request), request.params.mold_id);
      return envelope(request, null, { messageKey: 'modified' });
    },
  );

  routes.get(
    '/api/yudata/location_history/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary: "A mould's location history, newest first (limit up to 9999; start / end in epoch seconds)",
        querystring: historyQuery,
      },
    },
    async (request) => {
      const { mold_id: moldId, limit } = request.query;
      const { items, total } = await location.history(principalOf(request), moldId, windowOf(request.query), limit);
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/yudata/location_history/export/',
    {
      config: { permission: permission('export') },
      schema: {
        tags,
        summary: "The location history as .xlsx, in the caller's language (lang) and Time-Zone",
        querystring: historyQuery,
      },
    },
    async (request, reply) => {
      const { sheet, title } = await location.historySheet(
        principalOf(request),
        request.query.mold_id,
        windowOf(request.query),
        { language: request.language, zone: request.timeZone },
      );
      const fileName = `${title.replace(/[/\\:*?"<>|]/g, '_')}-location.xlsx`;
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(streamWorkbook(sheet));
    },
  );

  routes.get(
    '/api/yudata/map/access_points/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: "The organisation's known WiFi access points (entered or learned), by BSSID",
        querystring: accessPointQuery,
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { items, total } = await location.accessPoints(principalOf(request), search, page, limit);
      return envelope(request, items, { total });
    },
  );

  routes.post(
    '/api/yudata/map/access_points/',
    {
      config: { permission: permission('add') },
      schema: {
        tags,
        summary: 'Add a known access point (an entered one is never moved by learning)',
        body: accessPointFormSchema,
      },
    },
    async (request) =>
      envelope(request, await location.addAccessPoint(principalOf(request), request.body), { messageKey: 'added' }),
  );

  routes.put(
    '/api/yudata/map/access_points/:id/',
    {
      config: { permission: permission('edit') },
      schema: { tags, summary: 'Edit a known access point', params: accessPointParams, body: accessPointFormSchema },
    },
    async (request) =>
      envelope(request, await location.updateAccessPoint(principalOf(request), request.params.id, request.body), {
        messageKey: 'modified',
      }),
  );

  routes.delete(
    '/api/yudata/map/access_points/:id/',
    {
      config: { permission: permission('delete') },
      schema: { tags, summary: 'Delete a known access point', params: accessPointParams },
    },
    async (request) => {
      await location.deleteAccessPoint(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );
}
