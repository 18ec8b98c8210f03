import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { seedIfEmpty } from '@server/seed';
import type { FeedServer } from '../support/feed-server';
import { outbreakStory, startFeedServer, until } from '../support/feed-server';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { createStartedPostgresDatabase } from '../support/started-template';
import { freePort } from '../support/test-server';

/**
 * Background work runs once (issue 17): two real servers with the feed job on one PostgreSQL
 * database poll a due source exactly once (the local feed server counts the requests), and a
 * source whose poll a SIGKILLed server left claimed is polled by the other once the claim lapses.
 */
const claimSeconds = 3;
/** Both servers' jobs look every 15 s: long enough for each to have looked again. */
const tick = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const story = outbreakStory;

describe.skipIf(!process.env['DATABASE_URL'])('feed polls with two servers', () => {
  let dataDir = '';
  let database: { url: string; drop(): Promise<void> } | undefined;
  let feeds: FeedServer;
  let client: pg.Client;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-feed-claims-'));
    // A started copy (decision 0069): the migration and seed below find them done.
    database = await createStartedPostgresDatabase(process.env['DATABASE_URL'] ?? '');
    feeds = await startFeedServer();
    feeds.document('/once.xml', story(1));
    // The lookups the feed sources need (feeds, diseases, places), seeded before the servers.
    const config = loadServerConfig({
      DATABASE_URL: database.url,
      SEED_ARTICLES: '0',
      SEED_ACTIVITIES: '0',
    });
    const opened = await openDatabase(config);
    try {
      await opened.migrate();
      await seedIfEmpty(opened.db, config);
    } finally {
      await opened.close();
    }
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `insert into feed_sources (name, feed_id, url, polling_interval_seconds) values ($1, 1, $2, 3600)`,
      ['Once', `${feeds.baseUrl}/once.xml`],
    );
  }, 600_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await client.end();
    await feeds.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'a due source is fetched once; a killed server’s claim is taken over',
    { timeout: 300_000 },
    async () => {
      const url = database?.url ?? '';
      servers = await Promise.all(
        [0, 1].map(async () =>
          startServerProcess(
            {
              ...serverProcessEnv({ port: await freePort(), databaseUrl: url, dataDir }),
              FEED_CLAIM_SECONDS: String(claimSeconds),
              FEED_TIMEOUT_MS: '120000',
            },
            240_000,
          ),
        ),
      );
      const requests = (path: string) => feeds.hits.get(path)?.requests ?? 0;

      // Both jobs looked at start; each looks again after a tick: still one request.
      await until(() => requests('/once.xml') >= 1, 60_000);
      await sleep(tick + 3_000);
      expect(requests('/once.xml')).toBe(1);
      const articles = await client.query('select count(*)::int as n from feed_items');
      expect((articles.rows[0] as { n: number }).n).toBe(1);

      // A source whose feed never answers: the server that claims it hangs on it, and is killed.
      feeds.hang('/slow.xml');
      await client.query(
        `insert into feed_sources (name, feed_id, url, polling_interval_seconds) values ($1, 1, $2, 3600)`,
        ['Slow', `${feeds.baseUrl}/slow.xml`],
      );
      await until(() => requests('/slow.xml') >= 1, tick * 2 + 10_000);
      const owner = (await client.query(`select claimed_by from feed_sources where name = 'Slow'`))
        .rows[0] as { claimed_by: string | null };
      const holder = servers.find((s) => owner.claimed_by?.includes(`:${s.child.pid}:`));
      expect(holder).toBeDefined();
      const other = servers.find((s) => s !== holder);
      await holder?.kill();
      feeds.document('/slow.xml', story(2));

      // The other server takes the lapsed claim at its next look, the poll succeeds and the
      // claim is let go (recordSuccess and the release are two statements: wait for both).
      await until(
        async () => {
          const row = (
            await client.query(
              `select last_success_at, claimed_by from feed_sources where name = 'Slow'`,
            )
          ).rows[0] as { last_success_at: Date | null; claimed_by: string | null };
          return row.last_success_at !== null && row.claimed_by === null;
        },
        tick * 2 + 10_000,
      );
      expect(requests('/slow.xml')).toBe(2);
      const claimed = (
        await client.query(`select claimed_by from feed_sources where name = 'Slow'`)
      ).rows[0] as { claimed_by: string | null };
      expect(claimed.claimed_by).toBeNull();
      expect(other?.child.exitCode).toBeNull();
    },
  );
});
