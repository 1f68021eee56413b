import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOT_RUNNER_TEMPERATURE_KEYS, MOLD_TEMPERATURE_KEYS, MenuId } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { ChannelChoiceService } from './channel-choice.service.js';

const moldParams = z.object({ moldId: z.coerce.number().int().positive() });
const channels = (count: number) =>
  z
    .array(z.number().int().min(1).max(count))
    .max(count)
    .refine((list) => new Set(list).size === list.length, { message: 'channels must not repeat' });
const choiceBody = z.object({
  mold: channels(MOLD_TEMPERATURE_KEYS.length),
  hrs: channels(HOT_RUNNER_TEMPERATURE_KEYS.length),
});
/** The temperature views belong to the mould detail item. */
const permission = { menu: MenuId.detail, action: 'view' as const };
const tags = ['channel choice'];
const path = '/api/yudata/mold/channelChoice/:moldId/';

export async function channelChoiceRoutes(
  app: FastifyInstance,
  { channelChoice }: { channelChoice: ChannelChoiceService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    path,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "The caller's shown temperature channels of the mould {mold, hrs} (numbers from 1; default: every enabled one) and the enabled ones",
        params: moldParams,
      },
    },
    async (request) => envelope(request, await channelChoice.get(principalOf(request), request.params.moldId)),
  );

  routes.put(
    path,
    {
      config: { permission },
      schema: {
        tags,
        summary: "Store the caller's shown temperature channels of the mould: mould 1–4, hot runner 1–6",
        params: moldParams,
        body: choiceBody,
      },
    },
    async (request) => {
      const answer = await channelChoice.save(principalOf(request), request.params.moldId, request.body);
      return envelope(request, answer, { messageKey: 'modified' });
    },
  );
}
