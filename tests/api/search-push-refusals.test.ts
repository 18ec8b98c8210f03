import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { applyIndexBatch, parseIndexBatch } from '@server/search/batch';
import { rowsOf } from '@server/db/rows';
import type { IndexDefinition } from '@server/search/index-definition';
import { articlesIndex, locationsIndex } from '@server/search/index-definition';
import { reindexAll } from '@server/search/indexer';
import { ChangePusher } from '@server/search/remote/pusher';
import { RemoteSearchService } from '@server/search/remote/service';
import type { AzureStandIn } from '../support/azure-stand-in';
import { startAzureStandIn } from '../support/azure-stand-in';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import { waitUntil } from '../support/search-probe';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

/**
 * Issue 30, "one refused index jams all pushing": the service refuses every batch of the
 * `locations` index for good (a 400, as Azure answers a document its definition rejects) while
 * it takes the others. Each index is pushed on its own, so an article written meanwhile still
 * arrives within the 2 s the issue gives; the refused batch is retried with back-off, then set
 * aside, and /metrics, /readyz and the log say so. A 207 naming one refused key sets aside that
 * document alone. The app runs in process over real HTTP with SEARCH_URL at the stand-in; the
 * pusher is the one main.ts starts, on the same database.
 */

const adminKey = 'stand-in-admin-key';

describe.each(backends)('a pusher that cannot jam, on %s', (backend) => {
  let standIn: AzureStandIn;
  let server: TestServer;
  let pusher: ChangePusher;
  const logged: string[] = [];
  const db = (): Db => server.db;

  beforeAll(async () => {
    standIn = await startAzureStandIn(adminKey);
    standIn.refuseIndex.set('locations', {
      status: 400,
      message: "The request is invalid. Details: the property 'latitude' does not exist.",
    });
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      env: {
        SEARCH_URL: standIn.url,
        SEARCH_API_KEY: adminKey,
        SEARCH_QUERY_KEY: 'stand-in-query-key',
      },
      prepare: async (database) => {
        await insertLookupFixtures(database);
        await reindexAll(database);
      },
    });
    pusher = new ChangePusher(
      server.db,
      new RemoteSearchService(standIn.url, adminKey),
      (message) => logged.push(message),
      // Short back-offs: the test need not wait 15 s for the set-aside.
      { refusal: { attempts: 4, firstDelayMs: 400, maxDelayMs: 800 } },
    );
    await pusher.start();
  }, 120_000);
  afterAll(async () => {
    await pusher?.stop();
    await server?.close();
    await standIn?.close();
  });

  const write = (index: IndexDefinition, document: Record<string, unknown>) =>
    applyIndexBatch(
      db(),
      index,
      parseIndexBatch({ value: [{ '@search.action': 'mergeOrUpload', ...document }] }, index),
    );
  const onService = (index: string, key: string) => standIn.documents.get(index)?.get(key);
  const metric = async (name: string, labels: string): Promise<number | undefined> => {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };
  const service = () => `service="${standIn.url}"`;

  it('creates every index, locations included, and pushes the others while locations is refused', async () => {
    await waitUntil(
      async () => standIn.definitions.size === 3,
      10_000,
      'the three indexes defined',
    );
    await waitUntil(
      async () => (await metric('ist_search_push_refusals', 'index="locations"')) !== undefined,
      10_000,
      'the locations lane tracked',
    );
  });

  it('an article written while locations is refused arrives within 2 s; the refusal shows in /metrics, /readyz and the log', async () => {
    // The locations change goes first, so its lane is refusing when the article is written.
    await write(locationsIndex, { key: '990001', displayName: 'Refused place' });
    await waitUntil(
      async () => ((await metric('ist_search_push_refusals', 'index="locations"')) ?? 0) > 0,
      5_000,
      'the locations batch refused and being retried',
    );
    await write(articlesIndex, { articleId: 'jam-1', articleTitle: 'Written during the refusal' });
    const took = await waitUntil(
      async () => onService('articles', 'jam-1')?.['articleTitle'] === 'Written during the refusal',
      2_000,
      'the article on the service',
    );
    expect(took).toBeLessThan(2_000);
    // Still refusing (or just set aside): the other lane never waited for it.
    expect(onService('locations', '990001')).toBeUndefined();

    // After its attempts the batch is set aside: the lane moves on, the documents are listed.
    await waitUntil(
      async () =>
        ((await metric('ist_search_push_refused_documents', 'index="locations",status="400"')) ??
          0) >= 1,
      10_000,
      'the refused locations batch set aside',
    );
    expect(await metric('ist_search_push_refusals', `${service()},index="locations"`)).toBe(0);
    expect(await metric('ist_search_push_index_lag', `${service()},index="articles"`)).toBe(0);
    const ready = (await (await fetch(`${server.baseUrl}/readyz`)).json()) as {
      ready: boolean;
      checks: { searchPush?: { state: string; indexes: Record<string, { setAside: number }> } };
    };
    expect(ready.ready).toBe(true);
    expect(ready.checks.searchPush?.state).toBe('set-aside');
    expect(ready.checks.searchPush?.indexes['locations']?.setAside).toBeGreaterThanOrEqual(1);
    expect(ready.checks.searchPush?.indexes['articles']?.setAside).toBe(0);
    // /readyz names states, never the service's message.
    expect(JSON.stringify(ready)).not.toContain('latitude');
    const log = logged.join('\n');
    expect(log).toMatch(/locations: the service refused a batch of \d+ documents .*retrying/);
    expect(log).toMatch(/locations: the service refused a batch .*400.*set aside/);
    const refused = rowsOf(
      await db().execute(sql`
        select doc_key as key, status_code as status, error from search_push_refused
        where index_name = 'locations' and doc_key = '990001'`),
    )[0];
    expect(refused).toMatchObject({ key: '990001', status: 400 });
    expect(String(refused?.['error'])).toContain("the property 'latitude' does not exist");
  });

  it('a document the service refuses in a 207 is set aside alone; the rest of its batch arrives', async () => {
    standIn.refuseKeys.add('bad-doc');
    await write(articlesIndex, { articleId: 'bad-doc', articleTitle: 'Refused alone' });
    await write(articlesIndex, { articleId: 'good-doc', articleTitle: 'Taken' });
    await waitUntil(async () => onService('articles', 'good-doc') !== undefined, 2_000, 'good');
    await waitUntil(
      async () =>
        (await metric('ist_search_push_refused_documents', 'index="articles",status="400"')) === 1,
      5_000,
      'the one refused article listed',
    );
    expect(onService('articles', 'bad-doc')).toBeUndefined();
    expect(logged.join('\n')).toMatch(/articles: the service refused 1 of \d+ documents .*bad-doc/);

    // The service takes it later (fixed): its refusal is over.
    standIn.refuseKeys.delete('bad-doc');
    await write(articlesIndex, { articleId: 'bad-doc', articleTitle: 'Taken at last' });
    await waitUntil(
      async () => onService('articles', 'bad-doc')?.['articleTitle'] === 'Taken at last',
      2_000,
      'the fixed document',
    );
    await waitUntil(
      async () =>
        (await metric('ist_search_push_refused_documents', 'index="articles",status="400"')) ===
        undefined,
      5_000,
      'no refused article left',
    );
  });

  it("a former SEARCH_URL's push series leave /metrics (no server pushed there for ten minutes)", async () => {
    const former = 'http://former-search.example/search';
    await db().execute(sql`
      insert into search_followers (follower_id, applied, heartbeat_at)
      values (${`push:${former}`}, 0, now() - interval '1 hour')`);
    await db().execute(sql`
      insert into search_push_indexes (service, index_name, applied) values (${former}, 'articles', 0)`);
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).toContain(`ist_search_push_lag{service="${standIn.url}"}`);
    expect(text).not.toContain('former-search.example');
    // A recent one is listed (the same query, the heartbeat alone decides).
    await db().execute(sql`
      update search_followers set heartbeat_at = now() where follower_id = ${`push:${former}`}`);
    expect(await (await fetch(`${server.baseUrl}/metrics`)).text()).toContain(
      `ist_search_push_index_lag{service="${former}",index="articles"}`,
    );
    await db().execute(sql`delete from search_push_indexes where service = ${former}`);
    await db().execute(sql`delete from search_followers where follower_id = ${`push:${former}`}`);
  });

  it("the positions live in the database per index; the follower row keeps the least (the log's trim)", async () => {
    const rows = rowsOf(
      await db().execute(sql`
        select index_name as index, applied from search_push_indexes
        where service = ${standIn.url} order by index_name`),
    );
    expect(rows.map((r) => r['index'])).toEqual(['articles', 'feeds', 'locations']);
    const least = Math.min(...rows.map((r) => Number(r['applied'])));
    expect(least).toBeGreaterThan(0);
    await waitUntil(
      async () =>
        Number(
          rowsOf(
            await db().execute(
              sql`select applied from search_followers where follower_id = ${`push:${standIn.url}`}`,
            ),
          )[0]?.['applied'],
        ) >= least,
      3_000,
      'the follower row at the least lane position',
    );
  });
});
