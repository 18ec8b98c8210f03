import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../config';
import { runtimeConfigOf } from '../config';

/** GET /config.json: the runtime configuration the browser fetches before anything else. */
export const configJsonRoutes: FastifyPluginAsync<{ config: ServerConfig }> = async (
  app,
  { config },
) => {
  app.get('/config.json', async (_request, reply) => {
    // The browser cache-busts this file too; no-store keeps proxies from holding a stale one.
    return reply.header('cache-control', 'no-store').send(runtimeConfigOf(config));
  });
};
