import type { FastifyPluginAsync } from 'fastify';
import type { SearchSettings } from '@domain/search-settings';
import type { ServerConfig } from '../../config';

/**
 * GET /api/searchSettings (behind the /api guard): the embedded service takes the analyst's
 * bearer token, so no key is handed out; a real Azure service gets the query key, to signed-in
 * analysts only.
 */
export const searchSettingsRoutes: FastifyPluginAsync<{ config: ServerConfig }> = async (
  app,
  { config },
) => {
  app.get('/searchSettings', async (_request, reply) => {
    const settings: SearchSettings = {
      searchApiKey: config.searchUrl === undefined ? null : config.searchQueryKey,
    };
    return reply.header('cache-control', 'private, no-store').send(settings);
  });
};
