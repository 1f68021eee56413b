import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResponseCode, serverMessage } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import type { AlertsService } from './alerts.service.js';

// Any token, even a long or malformed one, is answered in the page's shape (errorCode −1), not a bare 400.
const unsubscribeQuery = z.object({ token: z.string().optional() });

/**
 * Which alert channels can send (for the personal info dialog), and the public unsubscribe call
 * of the links in alert messages: GET (the spec's page calls it) and POST (RFC 8058 one-click).
 */
export async function alertsRoutes(app: FastifyInstance, { alerts }: { alerts: AlertsService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // A mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form; its content does not matter.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  }

  routes.get(
    '/api/yudata/alert/channels/',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Which alert channels the server can send on: e-mail (SMTP_URL set), SMS (SMS_URL set)',
      },
    },
    async (request) => envelope(request, alerts.configured()),
  );

  const unsubscribe = async (
    request: FastifyRequest<{ Querystring: z.infer<typeof unsubscribeQuery> }>,
    reply: FastifyReply,
  ) => {
    if (await alerts.unsubscribe(request.query.token ?? '')) {
      return envelope(request, { errorCode: 0 }, { messageKey: 'unsubscribed' });
    }
    // The shape the unsubscribe page reads (spec §7): errorCode −1 and the message to show.
    return reply.code(400).send({
      code: ResponseCode.invalid,
      msg: serverMessage(request.language, 'unsubscribeLinkInvalid'),
      data: { errorCode: -1 },
      errorCode: -1,
    });
  };
  const schema = {
    tags: ['alerts'],
    querystring: unsubscribeQuery,
  };
  routes.get(
    '/api/yudata/unsubscribe/',
    {
      config: { public: true },
      schema: {
        ...schema,
        summary:
          "Switch alert messages off for the user the signed token names (the unsubscribe page's button); a bad token: 400 with errorCode -1",
      },
    },
    unsubscribe,
  );
  routes.post(
    '/api/yudata/unsubscribe/',
    {
      config: { public: true },
      schema: { ...schema, summary: 'The same as GET, for mail clients (List-Unsubscribe-Post, RFC 8058 one-click)' },
    },
    unsubscribe,
  );
}
