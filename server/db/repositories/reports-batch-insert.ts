import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../client';
import { reportArticles, reports } from '../schema';

/**
 * Multi-row inserts for a commit's reports and article links (issue 6: one new entry at each of
 * 1,000 places wrote a statement per row). A statement carries at most 65,535 parameters, so
 * rows go in chunks sized by the table's column count (every column may carry one).
 */

const maxParameters = 65_535;

/** `rows` in slices of at most `size`. */
function chunked<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += size) out.push(rows.slice(at, at + size));
  return out;
}

type ReportInsert = typeof reports.$inferInsert;
const reportRowsPerInsert = Math.floor(
  maxParameters / Object.keys(getTableColumns(reports)).length,
);
const linkRowsPerInsert = Math.floor(
  maxParameters / Object.keys(getTableColumns(reportArticles)).length,
);

/** Inserts reports; answers their ids in the order given. */
export async function insertReports(tx: Db, values: readonly ReportInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunked(values, reportRowsPerInsert)) {
    const rows = await tx
      .insert(reports)
      .values(chunk)
      .returning({ id: reports.id, locationId: reports.locationId, type: reports.type });
    // PostgreSQL answers a VALUES insert's RETURNING in VALUES order; ids are matched by
    // position, so that is checked rather than trusted.
    rows.forEach((row, i) => {
      const sent = chunk[i];
      if (sent?.locationId !== row.locationId || sent.type !== row.type) {
        throw new Error('report insert answered rows out of order');
      }
      ids.push(row.id);
    });
    if (rows.length !== chunk.length) throw new Error('report insert answered too few rows');
  }
  return ids;
}

/** A report's link to an article, by whom. */
export interface ArticleLink {
  readonly reportId: number;
  readonly articleId: number;
  readonly linkedByUserId: number;
}

/** Adds article links (a link already there is kept as it is). */
export async function insertArticleLinks(tx: Db, links: readonly ArticleLink[]): Promise<void> {
  for (const chunk of chunked(links, linkRowsPerInsert)) {
    await tx.insert(reportArticles).values(chunk).onConflictDoNothing();
  }
}
