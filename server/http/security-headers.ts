import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { issuerOf } from '../config';

const originOf = (url: string) => new URL(url).origin;

/** True when IST is served over https (PUBLIC_URL says so: there is no trust-proxy setting). */
export const servedOverHttps = (config: ServerConfig) => config.publicUrl.startsWith('https:');

/**
 * The SPA's Content-Security-Policy (issue 16): scripts and the engine worker only from our
 * origin, no inline script, no plugins, never framed. The browser talks to our origin and, when
 * configured, to an external issuer and a real Azure AI Search service: those origins only.
 * Styles: our stylesheet only (React sets style properties through the CSSOM, which CSP does
 * not govern).
 */
export function contentSecurityDirectives(config: ServerConfig): Record<string, string[]> {
  const connect = new Set(["'self'", originOf(config.publicUrl), originOf(issuerOf(config))]);
  if (config.searchUrl !== undefined) connect.add(originOf(config.searchUrl));
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'worker-src': ["'self'"],
    'connect-src': [...connect],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(servedOverHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, nosniff, no Referer sent
 * to the sites articles link to, frames refused, HSTS only when served over https (sent over
 * plain http it would be ignored, and on a laptop's localhost it would break other apps).
 * The embedded provider's sign-in pages send their own, stricter CSP (hashes of their one
 * inline style and script), which replaces this one on those pages.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  config: ServerConfig,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: servedOverHttps(config)
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // Spec 000 §4's silent sign-in frames our own pages: the provider's authorization endpoint
  // (prompt=none) and the SPA's callback it redirects to, and the session monitor frames the
  // provider's check page. Those may be framed by our own origin; nothing else by anyone.
  app.addHook('onRequest', async (request, reply) => {
    if (!framedBySignIn.test(request.url)) return;
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.raw.setHeader(
        'content-security-policy',
        csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
    }
    reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
  });
}

/** The paths the sign-in frames: the provider's, and the SPA's authentication callbacks. */
const framedBySignIn = /^\/(?:oidc|authentication)(?:\/|\?|$)/;
