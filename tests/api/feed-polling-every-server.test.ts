import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedServer } from '../support/feed-server';
import {
  outbreakStory as story,
  startFeedServer,
  until as untilEvery,
} from '../support/feed-server';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { createStartedPostgresDatabase } from '../support/started-template';
import { freePort } from '../support/test-server';

/**
 * Feeds outlive a server (issue 30): every server runs the poll job, sources or not, so a
 * source added while they run (here straight into the table: no server took a POST) is polled,
 * and when the server that polls it is killed (kill -9) the other polls it within one polling
 * interval plus the claim's lapse (plus one look of its job).
 */
const claimSeconds = 3;
const intervalSeconds = 5;
const tickMs = 1_000;
/** Start-up, a poll's own work and a loaded machine: what the bound allows on top. */
const slackMs = 4_000;

/** Polls every 100 ms: the takeover times are read from when the condition first holds. */
const until = (condition: () => Promise<boolean> | boolean, ms: number) =>
  untilEvery(condition, ms, 100);

/** This server's feed polls so far, from its /metrics. */
async function pollsOf(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(/^ist_feed_polls_total\{[^}]*\} (\d+)/gm)) {
    total += Number(match[1]);
  }
  return total;
}

describe.skipIf(!process.env['DATABASE_URL'])('feed polling on every server', () => {
  let dataDir = '';
  let database: { url: string; drop(): Promise<void> } | undefined;
  let feeds: FeedServer;
  let client: pg.Client;
  let servers: ServerProcess[] = [];
  /** A server on the test's database with short claims and ticks. */
  const startOne = async () =>
    startServerProcess(
      {
        ...serverProcessEnv({ port: await freePort(), databaseUrl: database?.url ?? '', dataDir }),
        FEED_CLAIM_SECONDS: String(claimSeconds),
        FEED_TICK_MS: String(tickMs),
        FEED_TIMEOUT_MS: '120000',
      },
      240_000,
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-feed-every-'));
    // A started copy (decision 0069): the servers start without the first start's work.
    database = await createStartedPostgresDatabase(process.env['DATABASE_URL'] ?? '');
    feeds = await startFeedServer();
    // No source yet: the servers start (on an empty database, one seeds while the other waits).
    servers = await Promise.all([0, 1].map(startOne));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 600_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await client?.end();
    await feeds?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const requests = (path: string) => feeds.hits.get(path)?.requests ?? 0;
  const addSource = (name: string, path: string) =>
    client.query(
      `insert into feed_sources (name, feed_id, url, polling_interval_seconds)
       values ($1, (select min(id) from feeds), $2, $3)`,
      [name, `${feeds.baseUrl}${path}`, intervalSeconds],
    );

  it(
    'a source added while both run is polled; kill -9 of its poller, the other polls it in time',
    { timeout: 180_000 },
    async () => {
      feeds.document('/news.xml', story(1));
      await addSource('News', '/news.xml');
      // Neither server took a POST, and neither had a source at start: the jobs run anyway.
      await until(() => requests('/news.xml') >= 1, tickMs + slackMs);
      // Counted once the poll is done (the first loads the tagger's dictionary: seconds).
      await until(async () => (await Promise.all(servers.map(pollsOf))).some((n) => n > 0), 60_000);
      const counts = await Promise.all(servers.map(pollsOf));
      const poller = servers[counts.findIndex((n) => n > 0)];
      const other = servers.find((s) => s !== poller);
      if (poller === undefined || other === undefined) throw new Error('no poller');
      const before = await pollsOf(other);

      await poller.kill();
      const killedAt = Date.now();
      const seen = requests('/news.xml');
      await until(
        () => requests('/news.xml') > seen,
        (intervalSeconds + claimSeconds) * 1000 + tickMs + slackMs,
      );
      const afterMs = Date.now() - killedAt;
      await until(async () => (await pollsOf(other)) > before, 60_000);
      console.log(`after kill -9 between polls: polled by the other server in ${afterMs} ms`);
      expect(afterMs).toBeLessThanOrEqual(
        (intervalSeconds + claimSeconds) * 1000 + tickMs + slackMs,
      );
    },
  );

  it(
    'a poll the killed server left hanging is taken over once its claim lapses',
    { timeout: 180_000 },
    async () => {
      // A third server joins; the feed hangs, so whoever claims it holds the claim when killed.
      const third = await startOne();
      servers.push(third);
      feeds.hang('/slow.xml');
      await addSource('Slow', '/slow.xml');
      await until(() => requests('/slow.xml') >= 1, tickMs + slackMs);
      const { claimed_by: owner } = (
        await client.query(`select claimed_by from feed_sources where name = 'Slow'`)
      ).rows[0] as { claimed_by: string | null };
      const holder = servers.find(
        (s) =>
          s.child.exitCode === null &&
          s.child.signalCode === null &&
          owner?.includes(`:${s.child.pid}:`),
      );
      if (holder === undefined) throw new Error(`no live server holds the claim (${owner})`);
      await holder.kill();
      const killedAt = Date.now();
      feeds.document('/slow.xml', story(2));
      await until(() => requests('/slow.xml') >= 2, claimSeconds * 1000 + tickMs + slackMs);
      const afterMs = Date.now() - killedAt;
      console.log(`after kill -9 mid-poll: polled by another server in ${afterMs} ms`);
      // The poll completes (the first of a server loads the tagger's dictionary: seconds).
      await until(
        async () =>
          (
            (await client.query(`select last_success_at from feed_sources where name = 'Slow'`))
              .rows[0] as { last_success_at: Date | null }
          ).last_success_at !== null,
        60_000,
      );
      expect(requests('/slow.xml')).toBe(2);
      expect(afterMs).toBeLessThanOrEqual(claimSeconds * 1000 + tickMs + slackMs);
    },
  );
});
