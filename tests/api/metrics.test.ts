import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedServer } from '../support/feed-server';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import { rss2, startFeedServer } from '../support/feed-server';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

/**
 * GET /metrics (issue 17): Prometheus text a scraper can parse, counting the requests made here
 * by route template, the search engine that answered, the outbox depth; request ids returned.
 */

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The exposition format's sample lines (`name{a="x",b="y"} value`); comments skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ''] = pair[2] ?? '';
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(backends)('metrics on %s', (backend) => {
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    token = await issuer.token();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      env: { SEARCH_ENGINE: 'memory' },
      // The feed (feedId 10) the feed sources below belong to.
      prepare: insertLookupFixtures,
    });
  });
  afterAll(() => server.close());

  it('counts requests per route, searches per engine, and parses', async () => {
    for (let i = 0; i < 3; i++) await fetch(`${server.baseUrl}/config.json`);
    const lookups = await fetch(`${server.baseUrl}/api/lookups`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(lookups.status).toBe(200);
    const search = await fetch(`${server.baseUrl}/search/indexes/articles/docs?search=*&$top=1`, {
      headers: { 'api-key': server.config.searchQueryKey },
    });
    expect(search.status).toBe(200);
    // A document written: the change log moves, and this server's copy applies it.
    const upload = await fetch(`${server.baseUrl}/search/indexes/articles/docs/index`, {
      method: 'POST',
      headers: { 'api-key': server.config.searchApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        value: [{ '@search.action': 'upload', articleId: 'metrics-1', articleTitle: 'Metrics' }],
      }),
    });
    expect(upload.status).toBe(200);
    const unknown = await fetch(`${server.baseUrl}/api/no/such/path/${Date.now()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.status).toBe(404);

    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(await res.text());

    expect(
      valueOf(samples, 'ist_http_requests_total', {
        method: 'GET',
        route: '/config.json',
        status: '200',
      }),
    ).toBe(3);
    expect(
      valueOf(samples, 'ist_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/config.json',
      }),
    ).toBe(3);
    expect(
      valueOf(samples, 'ist_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/config.json',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(
      valueOf(samples, 'ist_http_requests_total', { route: '/api/lookups', status: '200' }),
    ).toBe(1);
    // Unknown paths are one series, not one per URL.
    expect(valueOf(samples, 'ist_http_requests_total', { route: 'unmatched', status: '404' })).toBe(
      1,
    );
    expect(samples.some((s) => s.labels['route']?.includes('/no/such'))).toBe(false);
    expect(valueOf(samples, 'ist_search_query_duration_seconds_count', { engine: 'memory' })).toBe(
      1,
    );
    expect(valueOf(samples, 'ist_outbox_depth')).toBe(0);
    // The upload's read-your-writes: applied before it answered, so no lag on this server.
    const logVersion = valueOf(samples, 'ist_search_change_log_version') ?? 0;
    expect(logVersion).toBeGreaterThan(0);
    expect(valueOf(samples, 'ist_search_change_log_applied')).toBe(logVersion);
    expect(valueOf(samples, 'ist_search_change_log_lag')).toBe(0);
    if (backend === 'postgres') {
      expect(valueOf(samples, 'ist_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
    expect(valueOf(samples, 'ist_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts feed polls by outcome', async () => {
    const feeds: FeedServer = await startFeedServer();
    try {
      feeds.document(
        '/ok.rss',
        rss2('Metrics feed', [
          {
            title: 'Cholera in Lusaka',
            url: 'https://news.test/metrics-1',
            text: 'Cases rise.',
            published: new Date(),
          },
        ]),
      );
      feeds.status('/down.rss', 503);
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const poll = async (name: string, path: string) => {
        const created = await fetch(`${server.baseUrl}/api/feedSources`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            name,
            feedId: 10,
            url: `${feeds.baseUrl}${path}`,
            pollingIntervalSeconds: 3600,
          }),
        });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: number };
        const res = await fetch(`${server.baseUrl}/api/feedSources/${id}/poll`, {
          method: 'POST',
          headers: { authorization: auth.authorization },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { status: string }).status;
      };
      const scrape = async () =>
        parseExposition(await (await fetch(`${server.baseUrl}/metrics`)).text());
      const before = await scrape();
      const count = (samples: Sample[], outcome: string) =>
        valueOf(samples, 'ist_feed_polls_total', { outcome }) ?? 0;

      expect(await poll('Metrics ok', '/ok.rss')).toBe('ok');
      expect(await poll('Metrics down', '/down.rss')).toBe('failed');
      const after = await scrape();
      expect(count(after, 'ok') - count(before, 'ok')).toBe(1);
      expect(count(after, 'failed') - count(before, 'failed')).toBe(1);
      expect(feeds.hits.get('/ok.rss')?.requests).toBe(1);
    } finally {
      await feeds.close();
    }
  });

  it('returns a request id, keeping the one a load balancer sent', async () => {
    const own = await fetch(`${server.baseUrl}/healthz`);
    expect(own.headers.get('x-request-id')).toMatch(uuid);
    const given = await fetch(`${server.baseUrl}/healthz`, {
      headers: { 'x-request-id': 'lb-4f2a' },
    });
    expect(given.headers.get('x-request-id')).toBe('lb-4f2a');
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      backend: 'pglite',
      identity: (await createTestIdentity()).identity,
      env: { METRICS_TOKEN: 'scrape-secret' },
    });
  });
  afterAll(() => server.close());

  it('answers 401 without the token and 200 with it', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    const ok = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(ok.status).toBe(200);
  });
});
