import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuId, moldGroupFormSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { MoldGroupsService } from './mold-groups.service.js';
import {
  idParams,
  langQuery,
  listQuery,
  moldPermission,
  permissionOn,
  positiveId,
  withOptionalToken,
} from './mold-organisation.schemas.js';

const permission = permissionOn(MenuId.moldGroup);
const tags = ['mould groups'];
const groupListQuery = listQuery.extend({ company_id: positiveId.optional() });

export async function moldGroupsRoutes(app: FastifyInstance, { moldGroups }: { moldGroups: MoldGroupsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const url of withOptionalToken('/api/yudata/mold/group/:companyId/')) {
    routes.get(
      url,
      {
        config: { permission: moldPermission('view') },
        schema: {
          tags,
          summary: "The company's mould groups, by name (pickers)",
          params: z.object({ companyId: positiveId, token: z.string().optional() }),
          querystring: langQuery,
        },
      },
      async (request) => envelope(request, await moldGroups.ofCompany(principalOf(request), request.params.companyId)),
    );
  }

  routes.get(
    '/api/yudata/mold_group/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary: 'A page of mould groups (of one company with company_id), with how many moulds each holds',
        querystring: groupListQuery,
      },
    },
    async (request) => {
      const { company_id: companyId, ...query } = request.query;
      const { items, total } = await moldGroups.list(principalOf(request), { ...query, companyId });
      return envelope(request, items, { total });
    },
  );

  routes.post(
    '/api/yudata/mold_group/',
    {
      config: { permission: permission('add') },
      schema: {
        tags,
        summary: 'Add a mould group to a company; its name is unique in the company',
        body: moldGroupFormSchema,
      },
    },
    async (request) => {
      const group = await moldGroups.create(principalOf(request), request.body);
      return envelope(request, group, { messageKey: 'added' });
    },
  );

  routes.put(
    '/api/yudata/mold_group/:id/',
    {
      config: { permission: permission('edit') },
      schema: {
        tags,
        summary: 'Rename a mould group or move it (with its moulds) to another company',
        params: idParams,
        body: moldGroupFormSchema,
      },
    },
    async (request) => {
      const group = await moldGroups.update(principalOf(request), request.params.id, request.body);
      return envelope(request, group, { messageKey: 'modified' });
    },
  );

  routes.delete(
    '/api/yudata/mold_group/:id/',
    {
      config: { permission: permission('delete') },
      schema: {
        tags,
        summary:
          "Delete a mould group and its moulds (their data is lost); with moulds, it needs the mould list's delete and moulds the caller may change",
        params: idParams,
      },
    },
    async (request) => {
      const removal = await moldGroups.remove(principalOf(request), request.params.id);
      return envelope(request, removal, { messageKey: 'deleted' });
    },
  );
}
