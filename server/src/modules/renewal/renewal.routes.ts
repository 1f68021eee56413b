import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, RENEWAL_STATUSES, ResponseCode, remittanceSchema, renewalOrderSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { ApiError } from '../../infra/http/errors.js';
import { principalOf } from '../auth/auth.hook.js';
import type { RenewalService } from './renewal.service.js';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: z.string().optional(),
};
const tags = ['renewal'];
type Action = 'view' | 'add' | 'edit' | 'delete';
const on = (menu: number, action: Action) => ({ permission: { menu, action } });

/**
 * The spec's renewal calls (§7) and the platform operator's confirmation. Which menu item guards
 * what: 37 the supporting look-ups, 38 / 39 the lists (the service checks: all orders need 38, the
 * unpaid ones 38 or 39), 39 filling in the remittance (edit) and cancelling (delete), 40 the
 * overview's moulds and prices and a new order (add).
 */
export async function renewalRoutes(app: FastifyInstance, { renewal }: { renewal: RenewalService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/renewal/renewal/',
    {
      schema: {
        tags,
        summary:
          "The organisation's renewal orders, newest first: status filter (none: all), search in order number, serial number, remitter and mould no, paged",
        querystring: z.object({
          status: z.enum(RENEWAL_STATUSES).optional(),
          search: z.string().trim().max(64).optional(),
          ...paging,
        }),
      },
    },
    async (request) => {
      const { status, search, page, limit } = request.query;
      const { items, total } = await renewal.list(
        principalOf(request),
        { status, search: search || undefined },
        page,
        limit,
      );
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/renewal/renewal/:id/',
    { schema: { tags, summary: 'One renewal order with its moulds', params: idParams } },
    async (request) => envelope(request, await renewal.get(principalOf(request), request.params.id)),
  );

  routes.post(
    '/api/renewal/renewal/',
    {
      config: on(MenuId.renewalAlarm, 'add'),
      schema: {
        tags,
        summary:
          "A new unpaid order for the caller's own moulds: fees = yearly price per device × moulds × years from the country's price; its bank to remit to",
        body: renewalOrderSchema,
      },
    },
    async (request) =>
      envelope(request, await renewal.create(principalOf(request), request.body), { messageKey: 'added' }),
  );

  routes.put(
    '/api/renewal/renewal/:id/',
    {
      config: on(MenuId.renewalUnpaid, 'edit'),
      schema: {
        tags,
        summary:
          "Fill in the remittance of an unpaid order (spec §5); the remitting bank must be in the receiving bank's country",
        params: idParams,
        body: remittanceSchema,
      },
    },
    async (request) =>
      envelope(request, await renewal.remit(principalOf(request), request.params.id, request.body), {
        messageKey: 'renewalRemitted',
      }),
  );

  routes.put(
    '/api/renewal/cancel/:id/',
    {
      config: on(MenuId.renewalUnpaid, 'delete'),
      schema: { tags, summary: 'Cancel an unpaid order (the console confirms first)', params: idParams },
    },
    async (request) =>
      envelope(request, await renewal.cancel(principalOf(request), request.params.id), {
        messageKey: 'renewalCancelled',
      }),
  );

  routes.get(
    '/api/renewal/price_list/',
    {
      config: on(MenuId.renewalAlarm, 'view'),
      schema: {
        tags,
        summary: 'Yearly price per device by country and currency (minor units) with the receiving bank',
        querystring: z.object({ lang: z.string().optional() }),
      },
    },
    async (request) => envelope(request, await renewal.prices()),
  );

  routes.get(
    '/api/renewal/renewal_mold/',
    {
      config: on(MenuId.renewalAlarm, 'view'),
      schema: {
        tags,
        summary:
          "The caller's own moulds with their subscription expiry and days left: `due=1` those expiring within a month or expired, soonest first; search in name, mould no and device no",
        querystring: z.object({
          due: z.enum(['0', '1']).default('1'),
          search: z.string().trim().max(64).optional(),
          ...paging,
        }),
      },
    },
    async (request) => {
      const { due, search, page, limit } = request.query;
      const { items, total } = await renewal.molds(principalOf(request), {
        due: due === '1',
        search: search || undefined,
        page,
        limit,
      });
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/renewal/bank_country/',
    {
      config: on(MenuId.renewal, 'view'),
      schema: {
        tags,
        summary: 'The countries with a receiving bank (country selection)',
        querystring: z.object({ lang: z.string().optional() }),
      },
    },
    async (request) => envelope(request, await renewal.bankCountries()),
  );

  routes.get(
    '/api/renewal/ip_api/',
    {
      config: on(MenuId.renewalAlarm, 'view'),
      schema: {
        tags,
        summary:
          "A guess of the caller's country, offline: from the Time-Zone header, else Accept-Language's region (docs/decisions.md)",
        querystring: z.object({ lang: z.string().optional() }),
      },
    },
    async (request) =>
      envelope(
        request,
        await renewal.guessCountry({
          ip: request.ip,
          timeZone: request.timeZone,
          acceptLanguage: request.headers['accept-language'],
        }),
      ),
  );

  routes.get(
    '/api/renewal/renewal_message/',
    {
      config: on(MenuId.renewal, 'view'),
      schema: {
        tags,
        summary:
          'The renewal flag (red dot): due moulds no unpaid order holds, something newly due since the last `cancel=1`',
        querystring: z.object({ cancel: z.enum(['0', '1']).default('0'), lang: z.string().optional() }),
      },
    },
    async (request) => envelope(request, await renewal.message(principalOf(request), request.query.cancel === '1')),
  );

  routes.post(
    '/api/renewal/operator/confirm/:order_no/',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Platform operator only (header X-Operator-Key = RENEWAL_OPERATOR_KEY): the payment of an order arrived — Finished, moulds extended',
        description:
          'No user session: the key in X-Operator-Key is the authority. 403 / 6000 without the right key (always when ' +
          'RENEWAL_OPERATOR_KEY is not set), 404 for an unknown order number, 422 for an order that is not unpaid.',
        security: [],
        params: z.object({ order_no: z.string().trim().min(1).max(40) }),
        querystring: z.object({ lang: z.string().optional() }),
        // Loose: the other headers stay as they came.
        headers: z.looseObject({ 'x-operator-key': z.string().optional() }),
      },
    },
    async (request) => {
      const key = request.headers['x-operator-key'];
      if (!renewal.operatorKeyValid(key)) {
        throw new ApiError(403, ResponseCode.forbidden, 'renewalOperatorKey');
      }
      return envelope(request, await renewal.confirm(request.params.order_no), { messageKey: 'renewalConfirmed' });
    },
  );
}
