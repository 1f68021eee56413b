import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict CSP: scripts only from this origin. Styles allow inline because the UI library injects
 * its component styles at run time; no user text is ever rendered as HTML, so this opens no path
 * for script injection.
 */
/**
 * The CSP source of a map tile URL template: its scheme and host, a host label holding `{s}` (the
 * provider's subdomains) as the wildcard `*`.
 */
export function tileImageSource(template: string): string | undefined {
  const match = /^(https?:\/\/)([^/?#]+)/.exec(template);
  if (!match) return undefined;
  const [, scheme, host = ''] = match;
  const labels = host.split('.');
  const [first, ...rest] = labels;
  return `${scheme}${first?.includes('{s}') ? ['*', ...rest].join('.') : host}`;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
  /** Where images may come from besides this origin (the map's tile servers). */
  imageSources: readonly string[] = [],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageSources],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: production ? { maxAge: 15552000 } : false,
  });
}
