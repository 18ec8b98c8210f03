import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedSearchAdminKey } from '@server/config';
import { searchDocuments, type SearchService } from '../support/search-probe';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { createStartedPostgresDatabase, startedDataDir } from '../support/started-template';
import { freePort } from '../support/test-server';

/**
 * Issue 30: "the start-up repair deletes documents uploaded through docs/index whose keys are
 * numeric and not marked as feed articles (37 lost on each database)". Documents uploaded with
 * the admin key, numeric keys naming no article, stay across a restart (the repair runs at
 * every start: server/search/reconcile.ts), on PostgreSQL when DATABASE_URL is set, else PGlite.
 */

const startMs = 240_000;
const keys = Array.from({ length: 37 }, (_, i) => String(880_001 + i));

describe('the start-up repair keeps uploaded documents', () => {
  let dataDir = '';
  let drop: () => Promise<void> = () => Promise.resolve();
  let env: Record<string, string> = {};
  let server: ServerProcess | undefined;
  let service: SearchService;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-repair-uploads-'));
    const adminUrl = process.env['DATABASE_URL'];
    let databaseUrl = '';
    if (adminUrl !== undefined && adminUrl !== '') {
      // A started copy (decision 0069): the repair on a restart, not the first start, is under test.
      const created = await createStartedPostgresDatabase(adminUrl);
      databaseUrl = created.url;
      drop = created.drop;
    } else await startedDataDir(dataDir);
    env = serverProcessEnv({ port: await freePort(), databaseUrl, dataDir });
    service = { url: `${env['PUBLIC_URL'] ?? ''}/search`, apiKey: embeddedSearchAdminKey };
    server = await startServerProcess(env, startMs);
    // The first user of a new started template makes it: one more start.
  }, 2 * startMs);
  afterAll(async () => {
    await server?.stop(10_000);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const uploaded = async () =>
    (
      await searchDocuments(service, 'articles', {
        filter: `search.in(articleId, '${keys.join(',')}', ',')`,
      })
    ).count;

  it(
    '37 documents with numeric keys, uploaded, remain after a restart',
    { timeout: startMs + 60_000 },
    async () => {
      const response = await fetch(
        `${service.url}/indexes/articles/docs/index?api-version=2024-07-01`,
        {
          method: 'POST',
          headers: { 'api-key': embeddedSearchAdminKey, 'content-type': 'application/json' },
          body: JSON.stringify({
            value: keys.map((articleId) => ({
              '@search.action': 'upload',
              articleId,
              articleTitle: `Uploaded ${articleId}`,
              isCosmosDbArticle: false,
            })),
          }),
        },
      );
      expect(response.status).toBe(200);
      expect(await uploaded()).toBe(37);
      expect(await server?.stop(30_000)).toBe(0);
      server = await startServerProcess(env, startMs);
      // The repair runs in the background after start: its log line says it is done.
      const deadline = Date.now() + 60_000;
      while (!server.output().includes('search: reconciled') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(server.output()).toContain('search: reconciled');
      expect(server.output()).not.toMatch(/[1-9]\d* orphaned/);
      expect(await uploaded()).toBe(37);
    },
  );
});
