import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, roleFormSchema, type MenuAction } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { RolesService } from './roles.service.js';

const roleParams = z.object({ id: z.coerce.number().int().positive() });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  lang: z.string().optional(),
});
const searchQuery = pageQuery.extend({ name: z.string().max(100).default('') });
const menuQuery = z.object({ id: z.coerce.number().int().positive().optional(), lang: z.string().optional() });
const permission = (action: Extract<MenuAction, 'view' | 'add' | 'edit' | 'delete'>) => ({
  menu: MenuId.role,
  action,
});
const tags = ['roles'];

export async function rolesRoutes(app: FastifyInstance, { roles }: { roles: RolesService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/role/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary: "The organisation's roles with their permissions and how many users hold each",
        querystring: pageQuery,
      },
    },
    async (request) => {
      const { items, total } = await roles.list(principalOf(request), request.query.page, request.query.limit);
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/yudata/role/obscure_search/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary: 'Roles whose name contains `name`, in any case',
        querystring: searchQuery,
      },
    },
    async (request) => {
      const { page, limit, name } = request.query;
      const { items, total } = await roles.list(principalOf(request), page, limit, name.trim());
      return envelope(request, items, { total });
    },
  );

  routes.get(
    '/api/yudata/role/roleId_get_menu/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary:
          "The permission tree: every menu item with the actions it can grant; with `id`, each item's `granted` actions of that role",
        querystring: menuQuery,
      },
    },
    async (request) => {
      const tree = await roles.menuTree(principalOf(request), request.language, request.query.id);
      return envelope(request, tree);
    },
  );

  routes.post(
    '/api/yudata/role/',
    {
      config: { permission: permission('add') },
      schema: {
        tags,
        summary: "Add a role; a child item's action grants `view` on its parents",
        body: roleFormSchema,
      },
    },
    async (request) => {
      const role = await roles.create(principalOf(request), request.body, request.language);
      return envelope(request, role, { messageKey: 'added' });
    },
  );

  routes.get(
    '/api/yudata/role/:id/',
    {
      config: { permission: permission('view') },
      schema: { tags, summary: 'One role with its permissions', params: roleParams },
    },
    async (request) => envelope(request, await roles.get(principalOf(request), request.params.id)),
  );

  routes.put(
    '/api/yudata/role/:id/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary:
          "Edit a role; its users' next requests use the new permissions and their consoles reload the menu. Your own role keeps view and edit on roles",
        params: roleParams,
        body: roleFormSchema,
      },
    },
    async (request) => {
      const role = await roles.update(principalOf(request), request.params.id, request.body, request.language);
      return envelope(request, role, { messageKey: 'modified' });
    },
  );

  routes.delete(
    '/api/yudata/role/:id/',
    {
      config: { permission: permission('delete') },
      schema: {
        tags,
        summary: 'Delete a role no user holds (not your own)',
        params: roleParams,
      },
    },
    async (request) => {
      await roles.remove(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );
}
