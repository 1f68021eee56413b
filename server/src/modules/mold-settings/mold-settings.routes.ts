import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, THERMOCOUPLE_CODES } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldSettingsService } from './mold-settings.service.js';

const moldParams = z.object({ moldId: z.coerce.number().int().positive() });
const thermocoupleBody = z.object({
  thermocouple_type: z.union([z.literal(THERMOCOUPLE_CODES.J), z.literal(THERMOCOUPLE_CODES.K)]),
});
/** A mould's own settings are the mould list's to edit. */
const permission = { menu: MenuId.mold, action: 'edit' as const };

export async function moldSettingsRoutes(
  app: FastifyInstance,
  { moldSettings }: { moldSettings: MoldSettingsService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/yudata/mold/thermocouple/:moldId/',
    {
      config: { permission },
      schema: {
        tags: ['mould settings'],
        summary: "Set the mould's thermocouple (0 J, 1 K): later readings are read as it, stored ones keep their type",
        params: moldParams,
        body: thermocoupleBody,
      },
    },
    async (request) => {
      const { moldId } = request.params;
      const answer = await moldSettings.setThermocouple(principalOf(request), moldId, request.body.thermocouple_type);
      return envelope(request, answer, { messageKey: 'modified' });
    },
  );
}
