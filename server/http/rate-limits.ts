import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * The rate limit on what anyone can call without signing in (issue 16, issue 30):
 * `RATE_LIMIT_MAX` requests per client address per `RATE_LIMIT_WINDOW_MS`, then 429 with
 * `Retry-After`. Three buckets per address, so a client reloading pages cannot spend another's
 * sign-in: `/config.json`, the OpenID provider (`/oidc`), and the pages (the SPA's client
 * routes and its files outside /assets). /api and /search check a credential first; the hashed
 * assets are files; health checks are the load balancer's. The client address is the socket's,
 * or with TRUST_PROXY the one the trusted proxies forwarded (fastify's `trustProxy`).
 */

const unlimited = /^\/(?:api|search|assets|healthz|readyz)(?:\/|\?|$)/;

/** The bucket a request's path counts in. */
export function rateLimitBucketOf(url: string): 'config' | 'oidc' | 'pages' {
  const path = url.split('?', 1)[0] ?? url;
  if (path === '/config.json') return 'config';
  if (path === '/oidc' || path.startsWith('/oidc/')) return 'oidc';
  return 'pages';
}

/**
 * Registers the limit on every route added afterwards; returns the hook the not-found handler
 * runs (the SPA's client routes are answered there, outside any route).
 */
export async function installRateLimits(
  app: FastifyInstance,
  config: ServerConfig,
): Promise<preHandlerAsyncHookHandler> {
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    allowList: (request) => unlimited.test(request.url),
    keyGenerator: (request) => `${rateLimitBucketOf(request.url)} ${request.ip}`,
  });
  return app.rateLimit();
}
