import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MenuId, type MenuAction } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { UserAdminService } from './user-admin.service.js';
import { userCreateBody, userListQuery, userParams, userSearchQuery, userUpdateBody } from './user-admin.schemas.js';

const permission = (action: MenuAction) => ({ menu: MenuId.user, action });
const tags = ['users'];

/** Spec §7 "Roles and users": the organisation's users, administered on menu item 31. */
export async function userAdminRoutes(app: FastifyInstance, { users }: { users: UserAdminService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/user/',
    {
      config: { permission: permission('view') },
      schema: { tags, summary: "A page of the organisation's users, with their roles", querystring: userListQuery },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await users.list(principalOf(request), undefined, page, limit);
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/yudata/user/obscure_search/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary: 'Users whose user name or name contains `name` (any case), paged',
        querystring: userSearchQuery,
      },
    },
    async (request) => {
      const { name, page, limit } = request.query;
      const { items, total } = await users.list(principalOf(request), name?.trim(), page, limit);
      return envelope(request, items, { total });
    },
  );

  routes.post(
    '/api/yudata/user/',
    {
      config: { permission: permission('add') },
      schema: {
        tags,
        summary: 'Add a staff user (is_staff 1, subscribe 1 unless given) with a role and, optionally, moulds',
        body: userCreateBody,
      },
    },
    async (request) =>
      envelope(request, await users.create(principalOf(request), request.body), { messageKey: 'added' }),
  );

  routes.get(
    '/api/yudata/user/:id/',
    {
      config: { permission: permission('view') },
      schema: { tags, summary: 'A user of the organisation, with the moulds granted to them', params: userParams },
    },
    async (request) => envelope(request, await users.get(principalOf(request), request.params.id)),
  );

  routes.put(
    '/api/yudata/user/:id/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary:
          'Edit a user: any form field, a new password (empty: unchanged), is_active to enable or disable. ' +
          'A new password, a new role or disabling ends their sessions',
        params: userParams,
        body: userUpdateBody,
      },
    },
    async (request) => {
      const user = await users.update(principalOf(request), request.params.id, request.body);
      return envelope(request, user, { messageKey: 'modified' });
    },
  );

  routes.delete(
    '/api/yudata/user/:id/',
    {
      config: { permission: permission('delete') },
      schema: { tags, summary: 'Delete a user (not oneself) with their grants and sessions', params: userParams },
    },
    async (request) => {
      await users.remove(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );
}
