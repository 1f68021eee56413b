import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../infra/http/envelope.js';
import { principalOf } from './auth.hook.js';
import { loginBody, loginParams, resetPasswordBody } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** The signed-in user's info, answered with the token. */
  userInfo: (userId: number) => Promise<unknown>;
}

export async function authRoutes(app: FastifyInstance, { auth, userInfo }: AuthRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/login/:lang',
    {
      config: { public: true },
      schema: {
        tags: ['session'],
        summary: 'Log in; answers the access token',
        description:
          'Throttled per account and address, per address and per account (docs/decisions.md, "Login throttling"): a 429 says how long to wait, also in Retry-After.',
        params: loginParams,
        body: loginBody,
      },
    },
    async (request) => {
      const { token, userId } = await auth.login(request.body.username, request.body.password, request.ip);
      return envelope(request, { access: token, user: await userInfo(userId) }, { messageKey: 'loggedIn' });
    },
  );

  routes.post(
    '/api/logout/',
    { schema: { tags: ['session'], summary: 'Log out: revokes every token of the user' } },
    async (request) => {
      await auth.logout(principalOf(request));
      return envelope(request, null, { messageKey: 'loggedOut' });
    },
  );

  routes.put(
    '/api/yudata/user/reset_password/',
    {
      schema: {
        tags: ['session'],
        summary: 'Change the password; every token of the user stops working',
        body: resetPasswordBody,
      },
    },
    async (request) => {
      await auth.changePassword(principalOf(request), request.body.oldPassword, request.body.newPassword);
      return envelope(request, null, { messageKey: 'passwordChanged' });
    },
  );
}
