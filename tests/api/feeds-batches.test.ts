import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '@server/config';
import type { OpenDatabase } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { FeedIngestion, storeBatchSize } from '@server/feeds/ingestion';
import { rowsOf } from '@server/db/rows';
import type { FeedItemSpec, FeedServer } from '../support/feed-server';
import { rss2, startFeedServer } from '../support/feed-server';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

/**
 * Feed items stored in batches (issue 29: server/feeds/ingestion.ts stores 100 at a time, each
 * batch one statement): duplicates inside a feed and across batches are stored once, a story
 * retold in a later batch joins the earlier one's cluster, an item the database refuses loses
 * only itself, a poll that fails midway keeps its committed batches and fetches the rest next
 * time, and two servers polling feeds that carry the same items store each once.
 */

/** A made-up capitalised word per number: salient to the clustering, no disease or place. */
const word = (n: number) =>
  `Qz${n
    .toString(26)
    .split('')
    .map((d) => String.fromCharCode(97 + parseInt(d, 26)))
    .join('')}`;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** Item n: its own words and figures, so no two items look like one story. */
const item = (n: number, prefix = 'batch'): FeedItemSpec => ({
  title: `Bulletin ${word(n * 7 + 1)} ${word(n * 7 + 2)} number ${n}`,
  url: `https://news.example/${prefix}/${n}`,
  text: `${word(n * 7 + 3)} ${word(n * 7 + 4)} and ${word(n * 7 + 5)} met ${word(n * 7 + 6)} on ${1000 + n} days, ${2000 + n} people.`,
  published: hoursAgo(2),
});

describe.each(backends)('feed items stored in batches, on %s', (backend) => {
  let server: TestServer;
  let feeds: FeedServer;
  const logged: string[] = [];
  let ingestion: FeedIngestion;

  beforeAll(async () => {
    feeds = await startFeedServer();
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: (db) => insertLookupFixtures(db),
    });
    ingestion = new FeedIngestion(server.db, { log: (m) => logged.push(m) });
  });
  afterAll(async () => {
    await ingestion.stop();
    await server.close();
    await feeds.close();
  });

  const addSource = async (path: string) => {
    const [row] = rowsOf(
      await server.db.execute(sql`
        insert into feed_sources (name, feed_id, url) values (${path}, 10, ${feeds.baseUrl + path})
        returning id`),
    );
    return Number(row?.['id']);
  };
  const storedUrls = async (like: string) =>
    rowsOf(
      await server.db.execute(
        sql`select canonical_url from feed_items where canonical_url like ${like} order by 1`,
      ),
    ).map((r) => String(r['canonical_url']));
  const documentOf = async (canonical: string) => {
    const [row] = rowsOf(
      await server.db.execute(sql`
        select s."articleId", s."clusterId", s."isChild", s."childrenCount"
        from feed_items f join search_articles s on s."articleId" = f.article_id::text
        where f.canonical_url = ${canonical}`),
    );
    return row;
  };

  it('stores 250 items in batches: duplicates once, a story retold later clustered, each indexed', async () => {
    expect(storeBatchSize).toBe(100);
    const items = Array.from({ length: 250 }, (_, n) => item(n));
    // Item 3's story told again by item 180 (another batch), with its own URL.
    items[180] = { ...items[3], url: 'https://other.example/retold/3' } as FeedItemSpec;
    // Item 10 again, in the same batch and in the last one, under other forms of its URL.
    items[60] = { ...item(10), url: 'http://www.news.example/batch/10/?utm_source=rss' };
    items[220] = { ...item(10), url: 'https://news.example/batch/10#top' };
    feeds.document('/batches.rss', rss2('Batches', items));
    const id = await addSource('/batches.rss');

    const outcome = await ingestion.pollSource(id);
    expect(outcome).toEqual({ sourceId: id, status: 'ok', added: 248 });
    const urls = await storedUrls('news.example/batch/%');
    expect(urls).toHaveLength(247);
    expect(new Set(urls).size).toBe(247);
    expect(urls).not.toContain('news.example/batch/60');
    expect(urls).not.toContain('news.example/batch/220');

    const first = await documentOf('news.example/batch/3');
    const retold = await documentOf('other.example/retold/3');
    expect(retold).toMatchObject({ isChild: true, clusterId: first?.['articleId'] });
    // The parent was stored by an earlier batch: its count grew, and its document with it.
    expect(first).toMatchObject({ isChild: false, childrenCount: 1 });
    const [counts] = rowsOf(
      await server.db.execute(sql`
        select
          (select count(*) from feed_items f where f.feed_source_id = ${id})::int as items,
          (select count(*) from feed_items f join search_articles s
            on s."articleId" = f.article_id::text where f.feed_source_id = ${id})::int as documents,
          (select count(*) from search_articles_owed)::int as owed`),
    );
    expect(counts).toEqual({ items: 248, documents: 248, owed: 0 });

    // The same document again, with a new ETag: everything is already stored.
    feeds.document('/batches.rss', rss2('Batches again', items));
    expect(await ingestion.pollSource(id)).toEqual({ sourceId: id, status: 'ok', added: 0 });
  });

  it('an item the database refuses is logged and left out; the rest of its batch is stored', async () => {
    // An incompressible canonical URL longer than a btree index entry may be (2,704 bytes).
    const long = `https://news.example/refused/${randomBytes(4000).toString('base64url')}`;
    const items = Array.from({ length: 150 }, (_, n) => item(n, 'refused'));
    items[42] = { ...item(42, 'refused'), url: long };
    feeds.document('/refused.rss', rss2('Refused', items));
    const id = await addSource('/refused.rss');

    expect(await ingestion.pollSource(id)).toEqual({ sourceId: id, status: 'ok', added: 149 });
    const urls = await storedUrls('news.example/refused/%');
    expect(urls).toHaveLength(149);
    expect(urls).not.toContain('news.example/refused/42');
    expect(urls).toContain('news.example/refused/41');
    expect(urls).toContain('news.example/refused/43');
    expect(logged.some((m) => m.includes('not stored') && m.includes('/refused/'))).toBe(true);
  });

  it('a poll that fails midway keeps its committed batches and fetches the rest next time', async () => {
    const items = Array.from({ length: 250 }, (_, n) => item(n, 'midway'));
    feeds.document('/midway.rss', rss2('Midway', items));
    const id = await addSource('/midway.rss');
    // The database fails the second batch (a fault, not refused data): the poll fails there.
    await server.db.execute(sql`
      create function feeds_test_fault() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from changed where canonical_url = 'news.example/midway/150') then
          raise exception 'injected fault' using errcode = 'XX000';
        end if;
        return null;
      end $$`);
    await server.db.execute(sql`
      create trigger feeds_test_fault after insert on feed_items
      referencing new table as changed for each statement execute function feeds_test_fault()`);
    try {
      const failed = await ingestion.pollSource(id);
      expect(failed).toMatchObject({ sourceId: id, status: 'failed' });
      expect((failed as { error: string }).error).toContain('injected fault');
    } finally {
      await server.db.execute(sql`drop trigger feeds_test_fault on feed_items`);
      await server.db.execute(sql`drop function feeds_test_fault()`);
    }
    expect(await storedUrls('news.example/midway/%')).toHaveLength(100);
    // Nothing acknowledged: the validators were not kept, so the feed is fetched whole again.
    const [source] = rowsOf(
      await server.db.execute(sql`select etag from feed_sources where id = ${id}`),
    );
    expect(source?.['etag']).toBeNull();
    expect(await ingestion.pollSource(id)).toEqual({ sourceId: id, status: 'ok', added: 150 });
    const urls = await storedUrls('news.example/midway/%');
    expect(urls).toHaveLength(250);
    expect(new Set(urls).size).toBe(250);
    expect(feeds.hits.get('/midway.rss')).toEqual({ requests: 2, notModified: 0 });
  });

  it('two servers polling feeds that carry the same items at once store each once', async () => {
    const items = Array.from({ length: 300 }, (_, n) => item(n, 'shared'));
    feeds.document('/shared-a.rss', rss2('Shared A', items));
    feeds.document('/shared-b.rss', rss2('Shared B', [...items].reverse()));
    const a = await addSource('/shared-a.rss');
    const b = await addSource('/shared-b.rss');
    // On PostgreSQL the second server has its own connections; PGlite is one process's.
    const second: OpenDatabase | undefined =
      backend === 'postgres'
        ? await openDatabase(loadServerConfig({ DATABASE_URL: server.config.databaseUrl ?? '' }))
        : undefined;
    const other = new FeedIngestion(second?.db ?? server.db, { owner: 'second server' });
    try {
      const outcomes = await Promise.all([ingestion.pollSource(a), other.pollSource(b)]);
      expect(outcomes.map((o) => o.status)).toEqual(['ok', 'ok']);
      const added = outcomes.reduce((n, o) => n + (o.status === 'ok' ? o.added : 0), 0);
      expect(added).toBe(300);
    } finally {
      await other.stop();
      await second?.close();
    }
    const urls = await storedUrls('news.example/shared/%');
    expect(urls).toHaveLength(300);
    expect(new Set(urls).size).toBe(300);
  });
});
