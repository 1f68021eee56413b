import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MenuAction } from '@mouldwatch/shared';
import { unauthenticated } from '../../infra/http/errors.js';
import type { AccessService, Principal } from '../access/access.service.js';
import type { AuthService } from './auth.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, device ingest, unsubscribe …). */
    public?: boolean;
    /** The menu item and action the caller's role must grant. */
    permission?: { menu: number; action: MenuAction };
  }
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

/** The signed-in user of a non-public route (the hook has checked it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/**
 * Every `/api` route is authenticated unless marked public, and checked against its declared
 * menu permission, before its body is even read.
 */
export function registerAuthHook(app: FastifyInstance, auth: AuthService, access: AccessService): void {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api/') || config.public || !request.routeOptions.url) return;
    request.principal = await auth.authenticate(request.headers.authorization);
    if (config.permission) {
      await access.requirePermission(request.principal, config.permission.menu, config.permission.action);
    }
  });
}
