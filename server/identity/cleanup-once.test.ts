import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../tests/support/test-server';
import { loadServerConfig } from '../config';
import type { OpenDatabase } from '../db/client';
import { advisoryLocks, openDatabase } from '../db/client';
import { oidcPayloads } from '../db/schema/oidc';
import { deleteExpiredPayloads } from './adapter';

/**
 * Issue 17: the embedded provider's cleanup runs on every server's timer, but only one deletes
 * at a time: while another server holds the job's advisory lock, a round is skipped.
 */
describe.skipIf(!process.env['DATABASE_URL'])('OpenID provider cleanup on several servers', () => {
  let created: { url: string; drop(): Promise<void> };
  let database: OpenDatabase;
  let other: pg.Client;

  beforeAll(async () => {
    created = await createPostgresDatabase(process.env['DATABASE_URL'] ?? '');
    database = await openDatabase(loadServerConfig({ DATABASE_URL: created.url }));
    await database.migrate();
    other = new pg.Client({ connectionString: created.url });
    await other.connect();
  }, 120_000);
  afterAll(async () => {
    await other.end();
    await database.close();
    await created.drop();
  });

  const expired = (id: string) =>
    database.db.insert(oidcPayloads).values({
      kind: 'Session',
      id,
      payload: {},
      expiresAt: new Date(Date.now() - 60_000),
    });
  const left = async () => (await database.db.select().from(oidcPayloads)).map((r) => r.id);

  it('skips a round while another server cleans up, and cleans up after', async () => {
    await expired('old-1');
    // Another server's cleanup in progress: its transaction holds the lock.
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1)', [advisoryLocks.identityCleanup]);
    expect(await deleteExpiredPayloads(database.db)).toBe(false);
    expect(await left()).toContain('old-1');
    await other.query('commit');
    expect(await deleteExpiredPayloads(database.db)).toBe(true);
    expect(await left()).not.toContain('old-1');
  });
});
