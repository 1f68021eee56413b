import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, TEMPERATURE_UNITS } from '@mouldwatch/shared';
import { principalOf } from '../auth/auth.hook.js';
import { DATA_READS, dataWindowQuery } from '../mold-history/mold-history.routes.js';
import { EXPORT_KINDS, type ExportKind, type MoldExportService } from './mold-export.service.js';
import { XLSX_TYPE, contentDisposition, streamWorkbook } from './spreadsheet.js';

/** Each export is allowed by the `export` action of the screen it comes from. */
const MENU_OF: Readonly<Record<ExportKind, number>> = {
  moldStatus: MenuId.moldStatus,
  ...(Object.fromEntries(DATA_READS.map(({ kind, menu }) => [kind, menu])) as Record<
    Exclude<ExportKind, 'moldStatus'>,
    number
  >),
};

const exportQuery = dataWindowQuery.and(z.object({ unit: z.enum(TEMPERATURE_UNITS).default('C') }));
const exportParams = z.object({ moldId: z.coerce.number().int().positive() });

export async function moldExportRoutes(
  app: FastifyInstance,
  { moldExport }: { moldExport: MoldExportService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of EXPORT_KINDS) {
    routes.get(
      `/api/yudata/mold/export/${kind}/:moldId/`,
      {
        config: { permission: { menu: MENU_OF[kind], action: 'export' as const } },
        schema: {
          tags: ['mould history'],
          summary: `${kind} as an .xlsx spreadsheet, in the caller's language (lang), Time-Zone and unit`,
          params: exportParams,
          querystring: exportQuery,
        },
      },
      async (request, reply) => {
        const { range, start, end, unit } = request.query;
        const { sheet, title } = await moldExport.sheet(
          principalOf(request),
          { kind, moldId: request.params.moldId, range, window: { start, end } },
          { language: request.language, zone: request.timeZone, unit },
        );
        const fileName = `${title.replace(/[/\\:*?"<>|]/g, '_')}-${kind}-${range}.xlsx`;
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', contentDisposition(fileName))
          .header('cache-control', 'no-store')
          .send(streamWorkbook(sheet));
      },
    );
  }
}
