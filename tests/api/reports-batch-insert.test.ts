import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntryType, ReportStatus } from '@domain/enums';
import type { Db } from '@server/db/client';
import * as t from '@server/db/schema';
import { recordAudits } from '@server/db/repositories/audit';
import { insertArticleLinks, insertReports } from '@server/db/repositories/reports-batch-insert';
import { backends, openTestDatabase } from '../support/test-server';
import type { EntriesFixtures } from './entries-fixtures';
import { insertEntriesFixtures } from './entries-fixtures';

/**
 * The commit's multi-row inserts past one statement's 65,535 parameters: 15,000 reports of ~48
 * columns (11 statements), as many links and audit rows, each id answered for its own row.
 */
describe.each(backends)('multi-row report inserts, on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let fx: EntriesFixtures;

  beforeAll(async () => {
    const opened = await openTestDatabase(backend);
    await opened.database.migrate();
    db = opened.database.db;
    close = opened.close;
    fx = await insertEntriesFixtures(db);
  });
  afterAll(() => close());

  it('writes 15,000 rows in chunks and answers each row its own id, in order', async () => {
    const n = 15_000;
    const ids = await db.transaction(async (tx) => {
      const [collection] = await tx
        .insert(t.reportCollections)
        .values({ diseaseActivityId: fx.activityId, countryId: fx.place.canada })
        .returning({ id: t.reportCollections.id });
      if (collection === undefined) throw new Error('no collection');
      const written = await insertReports(
        tx,
        Array.from({ length: n }, (_, i) => ({
          reportCollectionId: collection.id,
          diseaseActivityId: fx.activityId,
          locationId: i % 2 === 0 ? fx.place.toronto : fx.place.ontario,
          type: EntryType.CASE_DATA,
          reportedOn: '2024-02-01',
          reportStatus: ReportStatus.Saved,
          reportedCumulative: i,
        })),
      );
      await insertArticleLinks(
        tx,
        written.map((reportId) => ({ reportId, articleId: fx.article, linkedByUserId: 1 })),
      );
      await recordAudits(
        tx,
        written.map((id) => ({ userId: null, action: 'create', entity: 'bulk', entityId: id })),
      );
      return written;
    });
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    const rows = await db
      .select({ id: t.reports.id, cumulative: t.reports.reportedCumulative })
      .from(t.reports)
      .where(inArray(t.reports.id, ids));
    const cumulativeOf = new Map(rows.map((r) => [r.id, r.cumulative]));
    // The i-th id names the row sent i-th.
    expect(ids.map((id) => cumulativeOf.get(id))).toEqual(ids.map((_, i) => i));
    const [links] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.reportArticles)
      .where(eq(t.reportArticles.articleId, fx.article));
    expect(links?.n).toBeGreaterThanOrEqual(n);
    const [audits] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'bulk'), eq(t.auditLog.action, 'create')));
    expect(audits?.n).toBe(n);
  }, 120_000);
});
