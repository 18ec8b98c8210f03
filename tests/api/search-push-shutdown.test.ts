import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { reindexAll } from '@server/search/indexer';
import type { AzureStandIn } from '../support/azure-stand-in';
import { startAzureStandIn } from '../support/azure-stand-in';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import { waitUntil } from '../support/search-probe';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { freePort } from '../support/test-server';
import { runNode } from '../support/run-node';

/**
 * Issue 30: the pusher's way out and `npm run search:reindex`'s exit code, against an Azure
 * stand-in (tests/support/azure-stand-in.ts).
 * - SIGTERM during a push: the service holds every batch 2 s; the server (server/main.ts, as
 *   `npm start` runs it) is stopped after the first batch arrived, and ends the pass at a batch
 *   boundary and exits 0, well within SHUTDOWN_TIMEOUT_MS (before: exit 1 after 30 s).
 * - search:reindex pushes every index it can and exits 1 naming the one the service refused
 *   (0 once the service takes it).
 * PGlite in a folder (the process and the command share it in turn).
 */

const adminKey = 'stand-in-admin-key';
const startMs = 240_000;

describe('the pusher and search:reindex against a slow or refusing service', () => {
  let dataDir = '';
  let standIn: AzureStandIn;
  let env: Record<string, string> = {};
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-push-shutdown-'));
    standIn = await startAzureStandIn(adminKey);
    env = {
      ...serverProcessEnv({ port: await freePort(), dataDir: join(dataDir, 'ist') }),
      SEARCH_URL: standIn.url,
      SEARCH_API_KEY: adminKey,
      SEARCH_QUERY_KEY: 'stand-in-query-key',
      LOG_LEVEL: 'info',
    };
    // The search tables hold the fixtures' documents: the first push sends them all.
    const database = await openDatabase(loadServerConfig(env));
    await database.migrate();
    await insertLookupFixtures(database.db);
    await reindexAll(database.db);
    // Enough places for a push of many batches (2 s each below).
    await database.db.execute(sql`
      insert into search_locations (key, id, "displayName")
      select g::text, g, 'Place ' || g from generate_series(1000001, 1006000) g`);
    await database.close();
  }, startMs);
  afterAll(async () => {
    await server?.kill();
    await standIn?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'SIGTERM during a push ends it at a batch boundary and exits 0',
    { timeout: startMs + 60_000 },
    async () => {
      standIn.batchDelayMs = 2_000;
      server = await startServerProcess(env, startMs);
      await waitUntil(async () => standIn.batches >= 1, 30_000, 'the first batch answered');
      const stoppedAt = performance.now();
      const code = await server.stop(40_000);
      const seconds = (performance.now() - stoppedAt) / 1000;
      const output = server.output();
      expect(code, output.slice(-3000)).toBe(0);
      expect(output).toContain('search push: stopped at a batch boundary');
      expect(output).not.toContain('shutdown took longer');
      // A batch in flight is waited for (2 s here), never the rest of the push.
      expect(seconds).toBeLessThan(15);
      // It was a push in progress: the service has part of the places.
      expect(standIn.documents.get('locations')?.size ?? 0).toBeLessThan(6000);
      standIn.batchDelayMs = 0;
    },
  );

  it(
    'search:reindex exits 1 naming the index the service refused, having pushed the others; 0 once it is taken',
    { timeout: 120_000 },
    async () => {
      standIn.refuseIndex.set('locations', {
        status: 400,
        message: "The request is invalid. Details: the property 'latitude' does not exist.",
      });
      const refused = await runNode(['server/search/remote/reindex-cli.ts', '--keep-local'], {
        ...process.env,
        ...env,
      });
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stdout).toMatch(/search:reindex: could not push everything/);
      expect(refused.stdout).toMatch(/locations: not pushed: .*400.*latitude/);
      expect(refused.stdout).not.toMatch(/articles: not pushed|feeds: not pushed/);
      // The index after the refused one was still pushed.
      expect(refused.stdout).toMatch(/search:reindex: feeds: \d+ documents/);
      expect(standIn.definitions.has('feeds')).toBe(true);

      standIn.refuseIndex.delete('locations');
      const taken = await runNode(['server/search/remote/reindex-cli.ts', '--keep-local'], {
        ...process.env,
        ...env,
      });
      expect(taken.code, taken.stdout).toBe(0);
      expect(taken.stdout).not.toMatch(/could not push/);
    },
  );
});
