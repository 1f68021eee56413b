import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATA_RANGES, LATEST_EPOCH_SECONDS, MenuId, type MoldDataKind } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldHistoryService, Paging } from './mold-history.service.js';
import { HISTORY_READS_PER_USER } from './read-budget.js';

/** Each read, the menu item whose screen shows it, and whether it has a paged twin. */
export const DATA_READS: ReadonlyArray<{ kind: MoldDataKind; menu: number; paged: boolean }> = [
  { kind: 'moldTemperature', menu: MenuId.moldTemp, paged: true },
  { kind: 'hotRunnerTemperature', menu: MenuId.hotRunner, paged: true },
  { kind: 'moldCycleCounter', menu: MenuId.cycleCounter, paged: true },
  { kind: 'moldCycleTimer', menu: MenuId.cycleTime, paged: true },
  { kind: 'energyList', menu: MenuId.energy, paged: false },
];

const MAX_PAGE_LIMIT = 1000;
const epochSeconds = z.coerce.number().int().min(0).max(LATEST_EPOCH_SECONDS);

/** What the served API docs say of every history read's bounds. */
const BOUNDS =
  "A missing end is now, a missing start the range's whole window; a longer window is a 400. A user " +
  `may have ${HISTORY_READS_PER_USER} history reads under way at once: one more is a 429 with Retry-After.`;

/** The window of a read; the service checks it against the range (`resolveWindow`). */
export const dataWindowQuery = z.object({
  range: z.enum(DATA_RANGES).default('hour'),
  start: epochSeconds.optional(),
  end: epochSeconds.optional(),
  lang: z.string().optional(),
});
/** Status history: without a range, the 5-minute slots of up to 31 days; with one, shares per bucket. */
const statusWindowQuery = dataWindowQuery.extend({ range: z.enum(DATA_RANGES).default('realtime') });

const pagedQuery = dataWindowQuery.and(
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(20),
  }),
);
const moldParams = z.object({ moldId: z.coerce.number().int().positive() });
const tags = ['mould history'];

export async function moldHistoryRoutes(
  app: FastifyInstance,
  { moldHistory }: { moldHistory: MoldHistoryService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const { kind, menu, paged } of DATA_READS) {
    const config = { permission: { menu, action: 'view' as const } };
    const read = (request: FastifyRequest, moldId: number, query: z.infer<typeof dataWindowQuery>, paging?: Paging) =>
      moldHistory.records(
        principalOf(request),
        kind,
        moldId,
        query.range,
        { start: query.start, end: query.end },
        request.timeZone,
        paging,
      );
    routes.get(
      `/api/yudata/mold/${kind}/:moldId/`,
      {
        config,
        schema: {
          tags,
          summary: `${kind}: records oldest first (raw readings in real time, else one per bucket in the Time-Zone)`,
          description: BOUNDS,
          params: moldParams,
          querystring: dataWindowQuery,
        },
      },
      async (request) => envelope(request, (await read(request, request.params.moldId, request.query)).records),
    );
    if (!paged) continue;
    routes.get(
      `/api/yudata/mold/${kind}Page/:moldId/`,
      {
        config,
        schema: {
          tags,
          summary: `${kind}Page: one page of the records, newest first, with the total`,
          description: BOUNDS,
          params: moldParams,
          querystring: pagedQuery,
        },
      },
      async (request) => {
        const { records, total } = await read(request, request.params.moldId, request.query, request.query);
        return envelope(request, records, { total });
      },
    );
  }

  routes.get(
    '/api/yudata/mold/statusHistory/:moldId/',
    {
      config: { permission: { menu: MenuId.moldStatus, action: 'view' as const } },
      schema: {
        tags,
        summary:
          'Time-state records: the 5-minute slots starting in [start, end) (at most 31 days) without a range or in real time, else the shares per bucket',
        params: moldParams,
        querystring: statusWindowQuery,
      },
    },
    async (request) => {
      const { range, start, end } = request.query;
      const records = await moldHistory.stateRecords(
        principalOf(request),
        request.params.moldId,
        range,
        { start, end },
        request.timeZone,
      );
      return envelope(request, records);
    },
  );
}
