import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the SPA never answers: the API, the provider, the search service, the configuration. */
const serverPrefixes = ['/api', '/oidc', '/search', '/config.json'] as const;

const underPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/** True for paths the server owns (JSON 404s there, never the SPA). */
export function isServerPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return serverPrefixes.some((prefix) => underPrefix(path, prefix));
}

/**
 * A client route the SPA should answer: a GET or HEAD outside the server's paths that accepts
 * HTML. '*' + '/' counts only without a file extension, so a missing /assets/x.js stays a 404
 * rather than becoming index.html.
 */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isServerPath(request.url)) return false;
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  const path = request.url.split('?', 1)[0] ?? '';
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return (accept === '' || accept.includes('*/*')) && !lastSegment.includes('.');
}

/** The metrics route label of every file of the build (http/metrics.ts). */
export const staticFilesRoute = '/(static files)';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route label /metrics counts this route's requests under, when not its URL. */
    metricsRoute?: string;
  }
}

/** Text of the 503 when the SPA has not been built. */
export const notBuiltMessage = (staticDir: string) =>
  `IST's web app is not built: ${staticDir}/index.html is missing. Run \`npm run build\`, then restart the server.\n`;

/** Answers a client route with index.html, or a 503 if there is no build. */
export type SpaFallback = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built SPA from staticDir: hashed /assets/* cached for a year, everything else
 * revalidated; `.map` files only with `serveSourceMaps` (off in production: they publish the
 * source). Returns the index.html fallback the not-found handler uses for client routes.
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  serveSourceMaps = true,
): Promise<SpaFallback> {
  const root = resolve(staticDir);
  const indexHtml = await readFile(join(root, 'index.html')).catch(() => undefined);
  if (indexHtml === undefined) {
    app.log.warn(notBuiltMessage(staticDir).trim());
    return (reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send(notBuiltMessage(staticDir));
  }
  // One metrics label for all the build's files (their names change with every build).
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, metricsRoute: staticFilesRoute };
    });
    await scope.register(fastifyStatic, {
      root,
      // One route per built file, found at start-up: no catch-all route competing with /api.
      wildcard: false,
      index: false,
      // A refused path falls through to the not-found handler (a JSON 404).
      allowedPath: (path) => serveSourceMaps || !path.endsWith('.map'),
      cacheControl: false,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(root, 'assets')}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, no-cache',
        );
      },
    });
  });
  return (reply) =>
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
}
