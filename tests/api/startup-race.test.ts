import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '@server/db/migrate';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, freePort } from '../support/test-server';

/**
 * Two servers started at the same moment on an empty PostgreSQL database (issue 17): one
 * migrates, seeds and loads the world gazetteer under the startup advisory lock, the other
 * waits and finds it done; both become ready and the demo data and the gazetteer are there once.
 */
const articles = 30;
const activities = 3;

describe.skipIf(!process.env['DATABASE_URL'])('two servers starting on one empty database', () => {
  let dataDir = '';
  let database: { url: string; drop(): Promise<void> } | undefined;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-race-'));
    database = await createPostgresDatabase(process.env['DATABASE_URL'] ?? '');
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrate and seed once; both ready', { timeout: 300_000 }, async () => {
    const url = database?.url ?? '';
    const envs = await Promise.all(
      [0, 1].map(async () => ({
        ...serverProcessEnv({ port: await freePort(), databaseUrl: url, dataDir }),
        SEED_ARTICLES: String(articles),
        SEED_ACTIVITIES: String(activities),
        LOG_LEVEL: 'info',
      })),
    );
    servers = await Promise.all(envs.map((env) => startServerProcess(env, 240_000)));
    for (const s of servers) expect((await fetch(`${s.baseUrl}/readyz`)).status).toBe(200);

    const journal = JSON.parse(
      await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const count = async (query: string) =>
        Number(((await client.query(query)).rows[0] as { n: string }).n);
      expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(
        journal.entries.length,
      );
      expect(await count('select count(*) as n from articles')).toBe(articles);
      expect(await count('select count(*) as n from disease_activities')).toBe(activities);
      expect(await count('select count(*) - count(distinct display_name) as n from diseases')).toBe(
        0,
      );
      expect(await count('select count(*) as n from search_articles')).toBe(articles);
      // The world gazetteer (issue 29) loaded once: every ISO 3166-1 country, one record.
      expect(await count('select count(*) as n from locations where location_type = 6')).toBe(249);
      expect(await count('select count(*) as n from gazetteer_loads')).toBe(1);
    } finally {
      await client.end();
    }
    // One of them seeded; the other found the database seeded.
    const seeded = servers.filter((s) => s.output().includes('seed:'));
    expect(seeded.length).toBe(1);
    expect(servers.filter((s) => s.output().includes('gazetteer:')).length).toBe(1);
  });
});
