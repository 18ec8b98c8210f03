import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import * as t from '@server/db/schema';
import { EntryType, Importance, ReportStatus } from '@domain/enums';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { signIn } from '../support/sign-in';
import type { Backend } from '../support/test-server';
import { backends, createPostgresDatabase, freePort } from '../support/test-server';
import type { EntriesFixtures } from './entries-fixtures';
import { insertEntriesFixtures } from './entries-fixtures';

/**
 * kill -9 during commits (issue 6 "What it must show"): the real server (server/main.ts, its
 * embedded identity provider, PGlite in a folder or PostgreSQL) takes back-to-back commits of
 * 20 case entries and a Critical update each; it is SIGKILLed while a commit is in flight,
 * started again on the same data, and then every commit it acknowledged must be whole, and no
 * collection may be half there (its 20 entries, 20 Daily Totals and 1 mail, or nothing).
 */

const daysPerCommit = 20;
const firstDay = Date.UTC(2024, 1, 1);
const dayOf = (n: number) => new Date(firstDay + n * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('kill -9 during commits on %s', (backend: Backend) => {
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  let env: Record<string, string> = {};
  let fx: EntriesFixtures;
  let fixtureCollections = new Set<number>();

  beforeAll(async () => {
    const port = await freePort();
    dataDir = await mkdtemp(join(tmpdir(), 'ist-crash-'));
    let databaseUrl = '';
    if (backend === 'postgres') {
      const created = await createPostgresDatabase(process.env['DATABASE_URL'] ?? '');
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    env = serverProcessEnv({ port, databaseUrl, dataDir });
    // The fixtures go in first, so the server finds a database that needs no seeding.
    const database = await openDatabase(loadServerConfig(env));
    await database.migrate();
    fx = await insertEntriesFixtures(database.db);
    fixtureCollections = new Set(
      (await database.db.select({ id: t.reportCollections.id }).from(t.reportCollections)).map(
        (c) => c.id,
      ),
    );
    await database.close();
  });
  afterAll(async () => {
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing committed and leaves no half-commit', { timeout: 240_000 }, async () => {
    let server = await startServerProcess(env);
    const base = `${env['PUBLIC_URL']}/api/diseaseactivities/${fx.activityId}/countries/${fx.place.canada}`;
    const { accessToken } = await signIn(env['PUBLIC_URL'] ?? '', 'analyst-amara');
    const auth = { authorization: `Bearer ${accessToken}` };
    const etagOf = async () =>
      (await fetch(`${base}/numDays/5`, { headers: auth })).headers.get('etag') ?? '';

    const body = (n: number) => ({
      commitChanges: true,
      warningsAccepted: true,
      cases: Array.from({ length: daysPerCommit }, (_, d) => ({
        locationId: fx.place.toronto,
        reportedOn: dayOf(n * daysPerCommit + d),
        reportedCases: { newCases: 1, userEntered: 'newCases' },
      })),
      descriptions: [
        {
          locationId: fx.place.canada,
          reportedOn: dayOf(n * daysPerCommit),
          title: `Commit ${n}`,
          description: `<p>Commit ${n}</p>`,
          importance: Importance.Critical,
        },
      ],
    });

    // Back-to-back commits; the kill lands 20-110 % of a commit's usual time into the commit
    // chosen for it, so it falls before, inside or just after the transaction.
    const acknowledged: number[] = [];
    const took: number[] = [];
    let inFlightAtKill = 0;
    const killAt = 4 + Math.floor(Math.random() * 4);
    let etag = await etagOf();
    for (let n = 0; n <= killAt; n++) {
      const started = performance.now();
      const sent = fetch(`${base}/reports/propagate`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'if-match': etag },
        body: JSON.stringify(body(n)),
      });
      if (n === killAt) {
        inFlightAtKill++;
        const usual = [...took].sort((a, b) => a - b)[Math.floor(took.length / 2)] ?? 100;
        await new Promise((r) => setTimeout(r, usual * (0.2 + Math.random() * 0.9)));
        server.child.kill('SIGKILL');
        await sent.then(
          () => undefined,
          () => undefined,
        );
        break;
      }
      const res = await sent;
      took.push(performance.now() - started);
      expect(res.status).toBe(201);
      const answer = (await res.json()) as { reportCollectionId: number };
      acknowledged.push(answer.reportCollectionId);
      etag = res.headers.get('etag') ?? '';
    }
    expect(await server.exited).toBeNull();
    expect(inFlightAtKill).toBe(1);

    // Started again on the same data: it answers, and takes a commit.
    server = await startServerProcess(env);
    const after = await fetch(`${base}/reports/propagate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'if-match': await etagOf() },
      body: JSON.stringify(body(killAt + 1)),
    });
    expect(after.status).toBe(201);
    acknowledged.push(((await after.json()) as { reportCollectionId: number }).reportCollectionId);
    await server.stop();

    const database = await openDatabase(loadServerConfig(env));
    try {
      const db = database.db;
      const collections = (
        await db
          .select({ id: t.reportCollections.id, commitDate: t.reportCollections.commitDate })
          .from(t.reportCollections)
          .where(eq(t.reportCollections.diseaseActivityId, fx.activityId))
      ).filter((c) => !fixtureCollections.has(c.id));
      const rows = await db
        .select({
          collection: t.reports.reportCollectionId,
          type: t.reports.type,
          status: t.reports.reportStatus,
          n: sql<number>`count(*)::int`,
        })
        .from(t.reports)
        .where(eq(t.reports.diseaseActivityId, fx.activityId))
        .groupBy(t.reports.reportCollectionId, t.reports.type, t.reports.reportStatus);
      const mails = await db
        .select({ reportId: t.outbox.reportId, subject: t.outbox.subject })
        .from(t.outbox);
      const descriptionIds = await db
        .select({ id: t.reports.id, collection: t.reports.reportCollectionId })
        .from(t.reports)
        .where(eq(t.reports.type, EntryType.DESCRIPTION));

      if (process.env['CRASH_TEST_VERBOSE'])
        console.log(
          `acknowledged ${acknowledged.length - 1} before the kill; in-flight commit ${collections.length > acknowledged.length ? 'landed whole' : 'rolled back'}`,
        );
      // Every acknowledged commit is there, whole.
      const ids = new Set(collections.map((c) => c.id));
      for (const id of acknowledged) expect(ids.has(id)).toBe(true);
      // Every collection the test made (acknowledged, or the one in flight if it got in) is whole.
      expect(collections.length - acknowledged.length).toBeGreaterThanOrEqual(0);
      expect(collections.length - acknowledged.length).toBeLessThanOrEqual(1);
      for (const c of collections) {
        const of = (type: number) =>
          rows.find(
            (r) => r.collection === c.id && r.type === type && r.status === ReportStatus.Committed,
          )?.n ?? 0;
        expect(c.commitDate).not.toBeNull();
        expect([
          of(EntryType.CASE_DATA),
          of(EntryType.PROCESSED),
          of(EntryType.DESCRIPTION),
        ]).toEqual([daysPerCommit, daysPerCommit, 1]);
        const description = descriptionIds.find((d) => d.collection === c.id);
        expect(mails.filter((m) => m.reportId === description?.id)).toHaveLength(1);
      }
      // Nothing else: no rows of a collection that is not there, no mail without its commit.
      const known = new Set(collections.map((c) => c.id));
      expect(
        rows.filter((r) => !known.has(r.collection) && !fixtureCollections.has(r.collection)),
      ).toEqual([]);
      expect(mails).toHaveLength(collections.length);
      // The activity's version counts every commit once.
      const [activity] = await db
        .select({ version: t.diseaseActivities.version })
        .from(t.diseaseActivities)
        .where(eq(t.diseaseActivities.diseaseActivityId, fx.activityId));
      expect(activity?.version).toBe(1 + collections.length);
    } finally {
      await database.close();
    }
  });
});
