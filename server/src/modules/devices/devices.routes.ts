import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, deviceBindSchema, deviceCreateSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { DevicesService } from './devices.service.js';

const deviceParams = z.object({ id: z.coerce.number().int().positive() });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  lang: z.string().optional(),
});
/** Devices are administered on the mould list's menu item. */
const permission = (action: 'view' | 'add' | 'edit' | 'delete') => ({ menu: MenuId.mold, action });
const tags = ['devices'];

export async function devicesRoutes(app: FastifyInstance, { devices }: { devices: DevicesService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/yudata/device/',
    {
      config: { permission: permission('add') },
      schema: {
        tags,
        summary: 'Register a device; the answer carries its token, shown only this once',
        body: deviceCreateSchema,
      },
    },
    async (request) => {
      const credentials = await devices.register(principalOf(request), request.body.device_no);
      return envelope(request, credentials, { messageKey: 'added' });
    },
  );

  routes.get(
    '/api/yudata/device/',
    {
      config: { permission: permission('view') },
      schema: { tags, summary: "The organisation's devices, with their moulds", querystring: pageQuery },
    },
    async (request) => {
      const { items, total } = await devices.list(principalOf(request), request.query.page, request.query.limit);
      return envelope(request, items, { total });
    },
  );

  routes.put(
    '/api/yudata/device/:id/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: "Bind the device to a mould (the mould's earlier device is unbound), or unbind it with null",
        params: deviceParams,
        body: deviceBindSchema,
      },
    },
    async (request) => {
      const device = await devices.bind(principalOf(request), request.params.id, request.body.mold_id);
      return envelope(request, device, { messageKey: 'modified' });
    },
  );

  routes.put(
    '/api/yudata/device/:id/rotate_token/',
    {
      config: { permission: permission('edit') },
      schema: { tags, summary: 'Give the device a new token; the old one stops working', params: deviceParams },
    },
    async (request) => {
      const credentials = await devices.rotateToken(principalOf(request), request.params.id);
      return envelope(request, credentials, { messageKey: 'modified' });
    },
  );

  routes.delete(
    '/api/yudata/device/:id/',
    {
      config: { permission: permission('delete') },
      schema: { tags, summary: 'Delete the device; its readings stay with their mould', params: deviceParams },
    },
    async (request) => {
      await devices.remove(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );
}
