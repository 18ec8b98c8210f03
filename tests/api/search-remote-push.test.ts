import { AzureKeyCredential, SearchClient } from '@azure/search-documents';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedSearchAdminKey,
  embeddedSearchQueryKey,
  loadServerConfig,
} from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { countDocuments } from '../../server/search/execute';
import { articlesIndex } from '../../server/search/index-definition';
import { reindexAll } from '../../server/search/indexer';
import { rss2, startFeedServer, type FeedServer } from '../support/feed-server';
import { waitUntil } from '../support/search-probe';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { signIn } from '../support/sign-in';
import { createPostgresDatabase, freePort } from '../support/test-server';
import { apiClient } from './articles-fixtures';
import { insertEntriesFixtures } from './entries-fixtures';

/**
 * Issue 17: IST with SEARCH_URL set feeds that service (server/search/remote/). Another IST's
 * embedded search service stands in for Azure AI Search (it speaks the same REST protocol) and
 * is read with the official SDK. The first IST runs on PostgreSQL when DATABASE_URL is set,
 * else on PGlite; the stand-in always on PGlite, with SEARCH_RECONCILE=off (its documents'
 * articles live in the first IST's database).
 *
 * The outage is 5 s here, not the issue's minute: what matters is that the change log keeps
 * the changes while the service is away (the pusher's row heartbeats, so the log is not trimmed
 * past it) and that the pusher retries every second; a minute only makes CI slower.
 */

interface ArticleDocument {
  articleId: string;
  articleTitle?: string | null;
  isRead?: boolean | null;
  sourceUrl?: string | null;
  isCosmosDbArticle?: boolean | null;
}

/** The service's outage: 5 s in CI; the minute is `PUSH_OUTAGE_MS=60000` (docs/operations.md). */
const outageMs = Number(process.env['PUSH_OUTAGE_MS'] ?? 5_000);
/** A server's start on a loaded CI machine (PGlite migrating and seeding its lookups). */
const startMs = 240_000;

describe('a remote search service fed from the change log', () => {
  let dataDir = '';
  let drop: () => Promise<void> = () => Promise.resolve();
  let feeds: FeedServer;
  let envIst: Record<string, string> = {};
  let envService: Record<string, string> = {};
  let ist: ServerProcess | undefined;
  let service: ServerProcess | undefined;
  let client: SearchClient<ArticleDocument>;
  let api: ReturnType<typeof apiClient>;

  beforeAll(
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'ist-remote-push-'));
      feeds = await startFeedServer();
      const adminUrl = process.env['DATABASE_URL'];
      let databaseUrl = '';
      if (adminUrl !== undefined && adminUrl !== '') {
        const created = await createPostgresDatabase(adminUrl);
        databaseUrl = created.url;
        drop = created.drop;
      }
      const servicePort = await freePort();
      envService = {
        ...serverProcessEnv({ port: servicePort, dataDir: join(dataDir, 'service') }),
        SEARCH_RECONCILE: 'off',
      };
      envIst = {
        ...serverProcessEnv({ port: await freePort(), databaseUrl, dataDir: join(dataDir, 'ist') }),
        SEARCH_URL: `http://127.0.0.1:${servicePort}/search`,
        SEARCH_API_KEY: embeddedSearchAdminKey,
        SEARCH_QUERY_KEY: embeddedSearchQueryKey,
        LOG_LEVEL: 'info',
      };
      // The first IST's articles (and lookups) before it starts; its search tables built.
      const database = await openDatabase(loadServerConfig(envIst));
      await database.migrate();
      await insertEntriesFixtures(database.db);
      await reindexAll(database.db);
      await database.close();
      service = await startServerProcess(envService, startMs);
      ist = await startServerProcess(envIst, startMs);
      client = new SearchClient<ArticleDocument>(
        `${envService['PUBLIC_URL'] ?? ''}/search`,
        'articles',
        new AzureKeyCredential(embeddedSearchQueryKey),
        { serviceVersion: '2024-07-01', allowInsecureConnection: true },
      );
      const base = envIst['PUBLIC_URL'] ?? '';
      const token = (await signIn(base, 'analyst-amara')).accessToken;
      api = apiClient(base, () => token);
    },
    2 * startMs + 60_000,
  );
  afterAll(async () => {
    await Promise.all([ist?.stop(10_000), service?.stop(10_000)]);
    await feeds?.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The service's documents matching a filter, read with the SDK. */
  const documents = async (filter: string): Promise<ArticleDocument[]> => {
    const found: ArticleDocument[] = [];
    const response = await client.search('*', { filter, top: 100 });
    for await (const result of response.results) found.push(result.document);
    return found;
  };
  const byKey = async (key: string | number) =>
    (await documents(`articleId eq '${String(key)}'`))[0];

  /** ist_search_push_lag of the service, scraped from the first IST's /metrics. */
  const pushLag = async (): Promise<number | undefined> => {
    const text = await (await fetch(`${envIst['PUBLIC_URL'] ?? ''}/metrics`)).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`ist_search_push_lag{service="${envIst['SEARCH_URL'] ?? ''}"}`));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };

  const addArticle = async (title: string, slug: string): Promise<number> => {
    const added = await api('POST', '/api/articles', {
      json: {
        title,
        originalSourceURL: `https://news.example/${slug}`,
        sourceCategory: 1,
        sourceGroup: 1,
        sourcePriority: 2,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return (added.body as { articleId: number }).articleId;
  };

  it('pushes the documents the IST had before it started', async () => {
    // The fixtures' articles: the pusher's first pass sends the whole local index.
    await waitUntil(
      async () => (await documents('isCosmosDbArticle ne true')).length > 0,
      10_000,
      'the service has the fixtures',
    );
  });

  it(
    'an article added, one marked read and a feed item ingested are found with their new values within 2 s',
    { timeout: 60_000 },
    async () => {
      const added = await addArticle('Bilbypox reported in Toronto', 'bilbypox');
      await waitUntil(
        async () => (await byKey(added))?.articleTitle === 'Bilbypox reported in Toronto',
        2_000,
        'the added article on the service',
      );

      const read = await api('PUT', `/api/articles/${added}`, { json: { isRead: true } });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      await waitUntil(
        async () => (await byKey(added))?.isRead === true,
        2_000,
        'the article marked read on the service',
      );

      feeds.document(
        '/bilby.rss',
        rss2('Bilby news', [
          {
            title: 'Bilbypox spreads in Ontario',
            url: 'https://bilby.example/news/bilbypox-ontario',
            text: 'Twelve new cases of bilbypox.',
            published: new Date(),
          },
        ]),
      );
      const source = await api('POST', '/api/feedSources', {
        json: { name: 'Bilby', feedId: 1, url: `${feeds.baseUrl}/bilby.rss` },
      });
      expect(source.status, JSON.stringify(source.body)).toBe(201);
      // The ingestion job polls a new source at once; this poll finds it done (304) or does it.
      const polled = await api(
        'POST',
        `/api/feedSources/${(source.body as { id: number }).id}/poll`,
      );
      expect(['ok', 'not-modified']).toContain((polled.body as { status: string }).status);
      await waitUntil(
        async () =>
          (
            await documents(
              `search.ismatch('bilbypox', 'articleTitle') and isCosmosDbArticle eq true`,
            )
          ).length === 1,
        2_000,
        'the ingested feed item on the service',
      );
    },
  );

  it(
    'loses nothing while the service is stopped: the changes arrive after it returns',
    { timeout: startMs + outageMs + 60_000 },
    async () => {
      const before = await addArticle('Dunnartpox before the outage', 'dunnart-before');
      await waitUntil(async () => (await byKey(before)) !== undefined, 2_000, 'before');
      await service?.stop(10_000);

      const during = await addArticle('Dunnartpox during the outage', 'dunnart-during');
      expect((await api('PUT', `/api/articles/${before}`, { json: { isRead: true } })).status).toBe(
        200,
      );
      await new Promise((resolve) => setTimeout(resolve, outageMs));
      expect(ist?.output()).toContain('search push:');
      // /metrics says how far behind the service is.
      expect(await pushLag()).toBeGreaterThan(0);

      service = await startServerProcess(envService, startMs);
      await waitUntil(
        async () =>
          (await byKey(during))?.articleTitle === 'Dunnartpox during the outage' &&
          (await byKey(before))?.isRead === true,
        15_000,
        'the changes made during the outage on the service',
      );
      await waitUntil(async () => (await pushLag()) === 0, 5_000, 'no push lag left');
      // And it follows again at the usual pace.
      const after = await addArticle('Dunnartpox after the outage', 'dunnart-after');
      await waitUntil(async () => (await byKey(after)) !== undefined, 2_000, 'after');
    },
  );

  it(
    'npm run search:reindex rebuilds the remote index from the tables, with progress',
    {
      timeout: 120_000,
    },
    async () => {
      // A document only the service has: a rebuild from the tables leaves it out.
      const stray = await fetch(
        `${envService['PUBLIC_URL'] ?? ''}/search/indexes/articles/docs/index`,
        {
          method: 'POST',
          headers: { 'api-key': embeddedSearchAdminKey, 'content-type': 'application/json' },
          body: JSON.stringify({
            value: [{ '@search.action': 'upload', articleId: 'stray-1', articleTitle: 'Stray' }],
          }),
        },
      );
      expect(stray.status).toBe(200);
      // PGlite belongs to one process: the server stops while the command runs on its folder.
      if (envIst['DATABASE_URL'] === '') await ist?.stop(10_000);
      const { stdout, code } = await runNode(
        ['server/search/remote/reindex-cli.ts', '--keep-local'],
        {
          ...process.env,
          ...envIst,
        },
      );
      expect(code, stdout).toBe(0);
      expect(stdout).toMatch(/search:reindex: articles: \d+ \/ \d+/);
      const database = await openDatabase(loadServerConfig(envIst));
      const local = await countDocuments(database.db, articlesIndex);
      await database.close();
      expect(await client.getDocumentsCount()).toBe(local);
      expect(await byKey('stray-1')).toBeUndefined();
    },
  );
});

/** Runs a script with node --import tsx; resolves with its output and exit code. */
function runNode(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stdout += c.toString()));
    child.once('exit', (code) => resolve({ stdout, code }));
  });
}
