import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MenuId, companyFormSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { CompaniesService } from './companies.service.js';
import {
  idParams,
  langQuery,
  listQuery,
  moldPermission,
  permissionOn,
  withOptionalToken,
} from './mold-organisation.schemas.js';

const permission = permissionOn(MenuId.company);
const tags = ['companies'];

export async function companiesRoutes(app: FastifyInstance, { companies }: { companies: CompaniesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const url of withOptionalToken('/api/yudata/mold/company/')) {
    routes.get(
      url,
      {
        config: { permission: moldPermission('view') },
        schema: { tags, summary: "All the organisation's companies, by name (pickers)", querystring: langQuery },
      },
      async (request) => envelope(request, await companies.all(principalOf(request))),
    );
  }

  routes.get(
    '/api/yudata/mold_company/',
    {
      config: { permission: permission('view') },
      schema: {
        tags,
        summary: 'A page of companies, with how many mould groups and moulds each holds',
        querystring: listQuery,
      },
    },
    async (request) => {
      const { items, total } = await companies.list(principalOf(request), request.query);
      return envelope(request, items, { total });
    },
  );

  routes.post(
    '/api/yudata/mold_company/',
    {
      config: { permission: permission('add') },
      schema: { tags, summary: 'Add a company; its name is unique in the organisation', body: companyFormSchema },
    },
    async (request) => {
      const company = await companies.create(principalOf(request), request.body.name);
      return envelope(request, company, { messageKey: 'added' });
    },
  );

  routes.put(
    '/api/yudata/mold_company/:id/',
    {
      config: { permission: permission('edit') },
      schema: { tags, summary: 'Rename a company', params: idParams, body: companyFormSchema },
    },
    async (request) => {
      const company = await companies.rename(principalOf(request), request.params.id, request.body.name);
      return envelope(request, company, { messageKey: 'modified' });
    },
  );

  routes.delete(
    '/api/yudata/mold_company/:id/',
    {
      config: { permission: permission('delete') },
      schema: { tags, summary: 'Delete a company that has no mould groups left', params: idParams },
    },
    async (request) => {
      await companies.remove(principalOf(request), request.params.id);
      return envelope(request, null, { messageKey: 'deleted' });
    },
  );
}
