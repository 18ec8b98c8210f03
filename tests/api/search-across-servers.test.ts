import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { rowsOf } from '@server/db/rows';
import { reindexAll } from '@server/search/indexer';
import { embeddedSearchAdminKey } from '@server/config';
import { signIn } from '../support/sign-in';
import {
  articleKeysFilter,
  searchDocuments,
  waitUntil,
  type SearchService,
} from '../support/search-probe';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, freePort } from '../support/test-server';
import { apiClient } from './articles-fixtures';
import type { EntriesFixtures } from './entries-fixtures';
import { insertEntriesFixtures } from './entries-fixtures';

/**
 * Issue 17: two real server processes (server/main.ts) on one PostgreSQL database, each with its
 * in-process search copy (SEARCH_ENGINE=memory). A write through one is searchable on the other
 * within 1 s (the change log, LISTEN/NOTIFY); a server SIGKILLed while the other writes catches
 * up on everything when it is started again. PostgreSQL only: PGlite is one process's database.
 */

const adminUrl = process.env['DATABASE_URL'];

/** Starts a server and waits until its search copy is loaded (before that, SQL answers). */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  await waitUntil(
    () => Promise.resolve(server.output().includes('memory search: articles loaded')),
    60_000,
    'the search copy loads',
  );
  return server;
}

describe.skipIf(adminUrl === undefined)('search copies across two servers', () => {
  let dataDir = '';
  let drop: () => Promise<void> = () => Promise.resolve();
  let envA: Record<string, string> = {};
  let envB: Record<string, string> = {};
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let fx: EntriesFixtures;
  const service = (env: Record<string, string>): SearchService => ({
    url: `${env['PUBLIC_URL'] ?? ''}/search`,
    apiKey: embeddedSearchAdminKey,
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-two-servers-'));
    const created = await createPostgresDatabase(adminUrl ?? '');
    drop = created.drop;
    const common = { SEARCH_ENGINE: 'memory', LOG_LEVEL: 'info' };
    envA = {
      ...serverProcessEnv({ port: await freePort(), databaseUrl: created.url, dataDir }),
      ...common,
    };
    envB = {
      ...serverProcessEnv({ port: await freePort(), databaseUrl: created.url, dataDir }),
      ...common,
    };
    const database = await openDatabase(loadServerConfig(envA));
    await database.migrate();
    fx = await insertEntriesFixtures(database.db);
    await reindexAll(database.db);
    await database.close();
    [a, b] = await Promise.all([startServer(envA), startServer(envB)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(10_000), b?.stop(10_000)]);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const found = async (env: Record<string, string>, keys: readonly (string | number)[]) =>
    (await searchDocuments(service(env), 'articles', { filter: articleKeysFilter(keys) })).count;

  it('finds a document uploaded through one server on the other within 1 s', async () => {
    const key = `second-store-${Date.now()}`;
    const res = await fetch(`${envA['PUBLIC_URL'] ?? ''}/search/indexes/articles/docs/index`, {
      method: 'POST',
      headers: { 'api-key': embeddedSearchAdminKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        value: [
          {
            '@search.action': 'upload',
            articleId: key,
            articleTitle: 'Wombatpox in the outback',
            articleType: 3,
            isCosmosDbArticle: true,
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    // Read-your-writes on the server that wrote.
    expect(await found(envA, [key])).toBe(1);
    const ms = await waitUntil(async () => (await found(envB, [key])) === 1, 1_000, 'B finds it');
    expect(ms).toBeLessThan(1_000);
    const words = await searchDocuments(service(envB), 'articles', { search: 'wombatpox' });
    expect(words.value.map((d) => d['articleId'])).toEqual([key]);
  });

  it('makes an added article and an entries commit searchable and visible on the other', async () => {
    const base = envA['PUBLIC_URL'] ?? '';
    const tokenA = (await signIn(base, 'analyst-amara')).accessToken;
    const tokenB = (await signIn(envB['PUBLIC_URL'] ?? '', 'analyst-amara')).accessToken;
    const onA = apiClient(base, () => tokenA);
    const onB = apiClient(envB['PUBLIC_URL'] ?? '', () => tokenB);

    const added = await onA('POST', '/api/articles', {
      json: {
        title: 'Numbatpox reported in Toronto',
        originalSourceURL: 'https://news.example/numbatpox',
        sourceCategory: 1,
        sourceGroup: 1,
        sourcePriority: 2,
        diseaseId: 1,
        locationIds: [fx.place.toronto],
      },
    });
    expect(added.status).toBe(201);
    const { articleId } = added.body as { articleId: number };
    await waitUntil(
      async () =>
        (await searchDocuments(service(envB), 'articles', { search: 'numbatpox' })).count === 1,
      1_000,
      'B finds the added article',
    );
    expect((await onB('GET', `/api/articles/${articleId}`)).status).toBe(200);

    // A commit on A that links the article to an entry: B's index says it is linked.
    const reports = `/api/diseaseactivities/${fx.activityId}/countries/${fx.place.canada}`;
    const etag = (await onA('GET', `${reports}/numDays/5`)).headers.get('etag') ?? '';
    const committed = await onA('POST', `${reports}/reports/propagate`, {
      headers: { 'if-match': etag },
      json: {
        commitChanges: true,
        warningsAccepted: true,
        cases: [
          {
            locationId: fx.place.toronto,
            reportedOn: '2024-01-12',
            reportedCases: { newCases: 3, userEntered: 'newCases' },
            articles: [articleId],
          },
        ],
      },
    });
    expect(committed.status).toBe(201);
    await waitUntil(
      async () =>
        (
          await searchDocuments(service(envB), 'articles', {
            filter: `${articleKeysFilter([articleId])} and isLinkedToActivity eq true`,
          })
        ).count === 1,
      1_000,
      'B sees the article linked',
    );
    const detail = await onB('GET', `${reports}/numDays/30`);
    expect(JSON.stringify(detail.body)).toContain('2024-01-12');
  });

  it('catches up on everything written while it was SIGKILLed', { timeout: 180_000 }, async () => {
    const upload = (keys: readonly string[]) =>
      fetch(`${envA['PUBLIC_URL'] ?? ''}/search/indexes/articles/docs/index`, {
        method: 'POST',
        headers: { 'api-key': embeddedSearchAdminKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          value: keys.map((articleId) => ({
            '@search.action': 'mergeOrUpload',
            articleId,
            articleTitle: `Load ${articleId}`,
            articleType: 3,
          })),
        }),
      });
    const written: string[] = [];
    const batch = (n: number) => Array.from({ length: 5 }, (_, i) => `load-${n}-${i}`);
    let n = 0;
    for (; n < 10; n++) {
      expect((await upload(batch(n))).status).toBe(200);
      written.push(...batch(n));
    }
    await b?.kill();
    // Written while B is down, and a few deleted again.
    for (; n < 30; n++) {
      expect((await upload(batch(n))).status).toBe(200);
      written.push(...batch(n));
    }
    const deleted = batch(3);
    await fetch(`${envA['PUBLIC_URL'] ?? ''}/search/indexes/articles/docs/index`, {
      method: 'POST',
      headers: { 'api-key': embeddedSearchAdminKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        value: deleted.map((articleId) => ({ '@search.action': 'delete', articleId })),
      }),
    });
    b = await startServer(envB);
    const expected = written.filter((k) => !deleted.includes(k));
    expect(await found(envB, expected)).toBe(expected.length);
    expect(await found(envB, deleted)).toBe(0);
    // And it follows again.
    expect((await upload(['after-restart'])).status).toBe(200);
    await waitUntil(async () => (await found(envB, ['after-restart'])) === 1, 1_000, 'follows');
  });

  it(
    'indexes every article a writer SIGKILLed mid-load had committed, once it is back',
    { timeout: 180_000 },
    async () => {
      const base = envA['PUBLIC_URL'] ?? '';
      const token = (await signIn(base, 'analyst-amara')).accessToken;
      const onA = apiClient(base, () => token);
      const add = (n: number) =>
        onA('POST', '/api/articles', {
          json: {
            title: `Quollpox case ${n}`,
            originalSourceURL: `https://news.example/quollpox/${n}`,
            sourceCategory: 1,
            sourceGroup: 1,
            sourcePriority: 2,
          },
        }).catch(() => undefined);
      // Four writers in parallel; A is killed while they run.
      const sent: Promise<unknown>[] = [];
      for (let n = 0; n < 40; n++) {
        sent.push(add(n));
        if (n === 24) await a?.kill();
        else if (n % 4 === 3) await Promise.all(sent.slice(-4));
      }
      await Promise.all(sent);
      const database = await openDatabase(loadServerConfig(envA));
      const stored = await database.db.execute(
        sql`select article_id::text as id from articles where title like 'Quollpox case %'`,
      );
      await database.close();
      const ids = rowsOf(stored).map((r) => String(r['id']));
      expect(ids.length).toBeGreaterThan(0);
      a = await startServer(envA);
      await waitUntil(
        () => Promise.resolve(a?.output().includes('search: reconciled') ?? false),
        30_000,
        'A reconciles',
      );
      // On both servers, every committed article is searchable.
      for (const env of [envA, envB]) {
        await waitUntil(async () => (await found(env, ids)) === ids.length, 2_000, 'all found');
      }
    },
  );
});
