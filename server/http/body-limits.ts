import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * How large a request body each route takes (issue 30), decided from the route a request was
 * matched to, never from its URL text: fastify refuses a longer `Content-Length` with 413 before
 * reading a byte (and cuts off a body sent without one as it outgrows the limit), after the
 * credential check of onRequest. What a body may hold is bounded again by json-bounds.ts.
 */

/** Every route not named below: forms, ids, a log line (a JS error with its stack). */
export const defaultBodyLimit = 64 * 1024;

/**
 * The routes that take long text: an entries submission (up to 1,000 case entries, 1,000
 * auto-surveillance cases, a rich-text situational update), a situational update edited alone,
 * a custom article's text. 1 MB is ~150 pages of text; 1,000 case entries with all four figures
 * and a source each send 490 KB.
 */
export const textBodyLimit = 1024 * 1024;

/** A list of report ids to link an article to. */
export const idListBodyLimit = 256 * 1024;

const routeLimits: readonly {
  readonly method: string;
  readonly url: RegExp;
  readonly limit: number;
}[] = [
  {
    method: 'POST',
    url: /^\/api\/diseaseactivities\/.*\/reports\/(?::propagate\/validate|propagate)$/,
    limit: textBodyLimit,
  },
  {
    method: 'PUT',
    url: /^\/api\/diseaseactivities\/.*\/reports\/:reportId.*\/propagate$/,
    limit: textBodyLimit,
  },
  { method: 'POST', url: /^\/api\/diseaseactivities\/.*\/autoSurveillance$/, limit: textBodyLimit },
  {
    method: 'PUT',
    url: /^\/api\/diseaseactivities\/.*\/reports\/description\/versions\//,
    limit: textBodyLimit,
  },
  { method: 'POST', url: /^\/api\/articles$/, limit: textBodyLimit },
  { method: 'PUT', url: /^\/api\/articles\/:articleId/, limit: textBodyLimit },
  { method: 'PUT', url: /^\/api\/articles\/link-existing-reports$/, limit: idListBodyLimit },
];

/** The body limit of a route: its own when it set one, else the table's, else the default. */
export function bodyLimitOfRoute(method: string, url: string): number {
  return routeLimits.find((r) => r.method === method && r.url.test(url))?.limit ?? defaultBodyLimit;
}

/**
 * Gives every route registered after this call the limit that fits it (routes that set their
 * own, as /search and /oidc do, keep it). Call before any route plugin.
 */
export function installRouteBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    route.bodyLimit = Math.max(...methods.map((m) => bodyLimitOfRoute(m, route.url)));
  });
}
