import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALARM_STATES,
  LATEST_EPOCH_SECONDS,
  MAX_ACK_COMMENT,
  MAX_ACK_IDS,
  MAX_ESCALATION_MINUTES,
  MenuId,
  TEMPERATURE_UNITS,
} from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import { XLSX_TYPE, contentDisposition } from '../mold-export/spreadsheet.js';
import { streamWorkbook } from '../mold-export/spreadsheet.js';
import type { AlarmQuery, AlarmsService } from './alarms.service.js';

const tags = ['alarms'];
const epochSeconds = z.coerce.number().int().min(0).max(LATEST_EPOCH_SECONDS);
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The filters every list and export takes. */
const filterQuery = z.object({
  alarm_type: z
    .string()
    .max(16)
    .describe('One alarm type (3) or several separated by commas (4,5: the network page); each needs its screen'),
  mold_id: id.optional(),
  company_id: id.optional(),
  group_id: id.optional(),
  start: epochSeconds.optional().describe('Opened at or after (epoch seconds)'),
  end: epochSeconds.optional().describe('Opened at or before (epoch seconds)'),
  state: z.enum(ALARM_STATES).optional(),
  acknowledged: z.enum(['0', '1']).optional(),
  keyword: z.string().trim().max(64).optional().describe("In the mould's name or number, any case"),
  lang: z.string().optional(),
});
const listQuery = filterQuery.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unique_str: z
    .string()
    .max(64)
    .optional()
    .describe('Answer the page holding this alarm (its number in `page`) instead of the page asked for'),
});
const exportQuery = filterQuery.extend({
  unit: z.enum(TEMPERATURE_UNITS).optional().describe("Temperatures' unit; the caller's profile unit when left out"),
});
const acknowledgeBody = z.object({
  ids: z.array(id).min(1).max(MAX_ACK_IDS),
  comment: z.string().max(MAX_ACK_COMMENT).optional(),
});
const settingsBody = z.object({ escalation_minutes: z.number().int().min(0).max(MAX_ESCALATION_MINUTES) });

function alarmQuery(query: z.infer<typeof filterQuery>): AlarmQuery {
  return {
    types: query.alarm_type,
    moldId: query.mold_id,
    companyId: query.company_id,
    groupId: query.group_id,
    start: query.start,
    end: query.end,
    state: query.state,
    acknowledged: query.acknowledged === undefined ? undefined : query.acknowledged === '1',
    keyword: query.keyword || undefined,
  };
}

const MENUS =
  'Types 3 (menu 17), 2 (18), 1 (19), 4 and 5 (35): the role needs the action on the screen of every type asked for (403); ' +
  'only alarms of moulds granted or shared to the caller are ever answered.';

/** The alarm pages' calls (docs/api.md "Alarms"). */
export async function alarmsRoutes(app: FastifyInstance, { alarms }: { alarms: AlarmsService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/alarm/',
    {
      schema: {
        tags,
        summary: 'Alarms of the caller’s moulds, newest first (view)',
        description:
          `${MENUS} Values, bounds and set values are as stored: temperatures in °C after the mould's thermocouple ` +
          'correction (the console converts them to the user’s unit), times in seconds, battery in %, maintenance in ' +
          'cycles or days remaining. Times are epoch seconds.',
        querystring: listQuery,
      },
    },
    async (request) => {
      const { page, limit, unique_str: uniqueStr } = request.query;
      const answer = await alarms.list(principalOf(request), alarmQuery(request.query), page, limit, uniqueStr);
      return { ...envelope(request, answer.items, { total: answer.total, more: answer.more }), page: answer.page };
    },
  );

  routes.post(
    '/api/yudata/alarm/acknowledge/',
    {
      schema: {
        tags,
        summary: 'Acknowledge alarms, once each, with an optional comment (edit)',
        description:
          `${MENUS} An id the caller may not read is 404 and nothing is acknowledged. Alarms acknowledged before keep ` +
          'who and when; `acknowledged` counts the ones this call acknowledged.',
        body: acknowledgeBody,
      },
    },
    async (request) =>
      envelope(request, await alarms.acknowledge(principalOf(request), request.body.ids, request.body.comment ?? '')),
  );

  routes.get(
    '/api/yudata/alarm/export/',
    {
      schema: {
        tags,
        summary: 'The list as an .xlsx spreadsheet in the caller’s language (lang), Time-Zone and unit (export)',
        description: `${MENUS} At most 50,000 alarms, newest first.`,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { sheet, page } = await alarms.sheet(principalOf(request), alarmQuery(request.query), {
        language: request.language,
        zone: request.timeZone,
        unit: request.query.unit,
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(`alarms-${page}.xlsx`))
        .header('cache-control', 'no-store')
        .send(streamWorkbook(sheet));
    },
  );

  routes.get(
    '/api/yudata/alarm/settings/',
    {
      config: { permission: { menu: MenuId.alarm, action: 'view' } },
      schema: {
        tags,
        summary:
          'The organisation’s escalation delay: an open, unacknowledged alarm is sent again after this many minutes (0: never)',
      },
    },
    async (request) => envelope(request, await alarms.settings(principalOf(request))),
  );

  routes.put(
    '/api/yudata/alarm/settings/',
    {
      config: { permission: { menu: MenuId.alarm, action: 'edit' } },
      schema: {
        tags,
        summary: 'Set the escalation delay, 0 to 1440 minutes (edit on the alarm menu, 5)',
        body: settingsBody,
      },
    },
    async (request) =>
      envelope(request, await alarms.saveSettings(principalOf(request), request.body), { messageKey: 'modified' }),
  );
}
