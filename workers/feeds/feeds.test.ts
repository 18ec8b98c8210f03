import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticleFixtures } from '../../tests/api/articles-fixtures';
import type { FeedServer } from '../../tests/support/feed-server';
import { rss2, startFeedServer } from '../../tests/support/feed-server';
import { createTestIdentity } from '../../tests/support/test-identity';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { createEngine } from '../engine';

/**
 * The engine's feed and suggestion calls against the REAL server (buildApp on PGlite over
 * HTTP, a signed bearer token) and a local RSS feed: a refused source write is an answer (no
 * alert), a poll ingests, the suggestion is listed, counted unread, opened (read) and rejected.
 */

let server: TestServer;
let feeds: FeedServer;
let token = '';
let canada = 0;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.document(
    '/who.rss',
    rss2('WHO', [
      {
        title: 'Cholera outbreak in Toronto: 12 new cases confirmed',
        url: 'https://who.example/cholera-toronto',
        text: 'Officials in Toronto, Ontario, Canada confirmed 12 new cases of cholera at a hospital.',
        published: new Date(Date.now() - 3_600_000),
      },
    ]),
  );
  const issuer = await createTestIdentity();
  server = await startTestServer({
    backend: 'pglite',
    identity: issuer.identity,
    prepare: async (db) => {
      canada = (await insertArticleFixtures(db)).place.canada;
    },
  });
  token = await issuer.token();
});
afterAll(async () => {
  await server.close();
  await feeds.close();
});

describe('feeds engine calls', () => {
  it('manages a source, polls it and works its suggestion', async () => {
    const engine = createEngine();
    const alerts: string[] = [];
    await engine.init(
      { apiUrl: `${server.baseUrl}/api` },
      { onUnauthorized: () => alerts.push('401'), onApiError: (text) => alerts.push(text) },
    );
    await engine.setAccessToken(token);

    const refused = await engine.createFeedSource({
      name: 'WHO',
      feedId: 99,
      url: `${feeds.baseUrl}/who.rss`,
      pollingIntervalSeconds: 900,
      enabled: true,
    });
    expect(refused).toEqual({ status: 'refused', errors: ['Unknown feed 99.'] });
    expect(alerts).toEqual([]);

    const saved = await engine.createFeedSource({
      name: 'WHO',
      feedId: 1,
      url: `${feeds.baseUrl}/who.rss`,
      pollingIntervalSeconds: 900,
      enabled: true,
    });
    if (saved.status !== 'saved') throw new Error('not saved');
    const poll = await engine.pollFeedSource(saved.value.id);
    expect(poll).toMatchObject({ status: 'ok', added: 1, source: { articlesToday: 1 } });
    expect((await engine.listFeedSources()).map((s) => s.name)).toEqual(['WHO']);

    expect(await engine.countUnreadSuggestedActions()).toBe(1);
    const [item] = await engine.listSuggestedActions();
    expect(item).toMatchObject({
      diseaseName: 'Cholera',
      countryName: 'Canada',
      isNewActivity: true,
    });
    expect(await engine.openSuggestedAction(2, canada)).toMatchObject({ isRead: true });
    expect(await engine.countUnreadSuggestedActions()).toBe(0);
    await engine.giveSuggestedActionFeedback(2, canada, 1);
    expect(await engine.listSuggestedActions()).toEqual([]);
    expect(await engine.openSuggestedAction(2, canada)).toBeNull();
    await engine.deleteFeedSource(saved.value.id);
    expect(await engine.listFeedSources()).toEqual([]);
    expect(alerts).toEqual([]);
  });
});
