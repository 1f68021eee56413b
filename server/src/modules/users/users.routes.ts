import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userInfoUpdateSchema } from '@mouldwatch/shared';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from '../auth/auth.hook.js';
import type { UsersService } from './users.service.js';

export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/yudata/user/user_info/',
    { schema: { tags: ['session'], summary: "The signed-in user's info" } },
    async (request) => envelope(request, await users.userInfo(principalOf(request).userId)),
  );

  routes.put(
    '/api/yudata/user/user_info/',
    {
      schema: {
        tags: ['session'],
        summary:
          "Save the signed-in user's profile and preferences (username, roleId, role, avatar and gender are ignored)",
        body: userInfoUpdateSchema,
      },
    },
    async (request) => {
      const info = await users.updateUserInfo(principalOf(request).userId, request.body);
      return envelope(request, info, { messageKey: '20282' });
    },
  );
}
