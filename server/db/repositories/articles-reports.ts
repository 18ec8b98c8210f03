import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  LinkExistingReports,
  LinkKey,
  LinkedReports,
  RelatedReportRow,
  ReportArticle,
} from '@domain/articles';
import { linkReportType } from '@domain/articles';
import { EntryType, ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import {
  articles,
  dataSources,
  diseaseActivities,
  diseases,
  locations,
  reportArticles,
  reportCollections,
  reports,
  users,
} from '../schema';
import { articleDetails, reportIsLive } from './articles';
import { ArticleRefusal } from './articles-write';
import { recordAudit } from './audit';

/** Articles and reports: related report rows, articles of a report date, linking, sources. */

const reportUser = alias(users, 'report_user');
const collectionUser = alias(users, 'collection_user');
const country = alias(locations, 'country');

/** Initials shown for an entry nobody signed in saved: the auto-commit pseudo-user. */
export const autoCommitInitials = 'A';

/** True when the article exists. */
export async function articleExists(db: Db, articleId: number): Promise<boolean> {
  const rows = await db
    .select({ id: articles.articleId })
    .from(articles)
    .where(eq(articles.articleId, articleId));
  return rows.length > 0;
}

/** The live (not deleted) reports an article is linked to, last committed first. */
export async function relatedReports(db: Db, articleId: number): Promise<RelatedReportRow[]> {
  const rows = await db
    .select({
      reportId: reports.id,
      activityId: reports.diseaseActivityId,
      countryId: diseaseActivities.countryId,
      diseaseName: diseases.displayName,
      countryName: country.name,
      entryType: reports.type,
      locationName: locations.displayName,
      reportedOn: reports.reportedOn,
      commitDate: reportCollections.commitDate,
      reportInitials: reportUser.initials,
      collectionInitials: collectionUser.initials,
    })
    .from(reportArticles)
    .innerJoin(reports, eq(reports.id, reportArticles.reportId))
    .innerJoin(reportCollections, eq(reportCollections.id, reports.reportCollectionId))
    .innerJoin(
      diseaseActivities,
      eq(diseaseActivities.diseaseActivityId, reports.diseaseActivityId),
    )
    .innerJoin(diseases, eq(diseases.diseaseId, diseaseActivities.diseaseId))
    .innerJoin(country, eq(country.id, diseaseActivities.countryId))
    .innerJoin(locations, eq(locations.id, reports.locationId))
    .leftJoin(reportUser, eq(reportUser.id, reports.updatedByUserId))
    .leftJoin(collectionUser, eq(collectionUser.id, reportCollections.lastUpdatedByUserId))
    .where(and(eq(reportArticles.articleId, articleId), reportIsLive))
    .orderBy(
      sql`${reportCollections.commitDate} desc nulls last`,
      desc(reports.reportedOn),
      desc(reports.id),
    );
  return rows.map(({ reportInitials, collectionInitials, commitDate, ...row }) => ({
    ...row,
    commitDate: commitDate === null ? null : commitDate.toISOString(),
    updatedBy: reportInitials ?? collectionInitials ?? autoCommitInitials,
  }));
}

/**
 * Articles linked to the live reports of an activity at a location on a date. `diseaseId`
 * (else the activity's disease) decides isDiseaseMatch. Undefined when the activity is unknown.
 */
export async function reportArticlesAt(
  db: Db,
  at: {
    readonly diseaseActivityId: number;
    readonly locationId: number;
    readonly reportedOn: string;
    readonly diseaseId: number | undefined;
  },
): Promise<ReportArticle[] | undefined> {
  const [activity] = await db
    .select({ diseaseId: diseaseActivities.diseaseId })
    .from(diseaseActivities)
    .where(eq(diseaseActivities.diseaseActivityId, at.diseaseActivityId));
  if (!activity) return undefined;
  const links = await db
    .select({ articleId: reportArticles.articleId, reportId: reportArticles.reportId })
    .from(reportArticles)
    .innerJoin(reports, eq(reports.id, reportArticles.reportId))
    .where(
      and(
        eq(reports.diseaseActivityId, at.diseaseActivityId),
        eq(reports.locationId, at.locationId),
        eq(reports.reportedOn, at.reportedOn),
        reportIsLive,
      ),
    )
    .orderBy(asc(reportArticles.articleId), asc(reportArticles.reportId));
  const reportIdsOf = new Map<number, number[]>();
  for (const link of links) {
    const list = reportIdsOf.get(link.articleId);
    if (list) list.push(link.reportId);
    else reportIdsOf.set(link.articleId, [link.reportId]);
  }
  const diseaseId = at.diseaseId ?? activity.diseaseId;
  const details = await articleDetails(db, [...reportIdsOf.keys()]);
  return details.map((detail) => ({
    ...detail,
    reportIds: reportIdsOf.get(detail.articleId) ?? [],
    isDiseaseMatch: detail.diseases.some((d) => d.diseaseId === diseaseId),
  }));
}

const linkKeys: readonly LinkKey[] = ['cases', 'travellers', 'descriptions', 'inactivities'];

/** The result of a link: each report's articles after it, and every article it touched. */
export interface LinkResult {
  readonly answer: LinkedReports;
  readonly articleIds: readonly number[];
}

/**
 * Links articles to committed reports of the key's type, adding to what each report already
 * has, in one transaction: any refused entry (unknown, wrong type, not committed,
 * auto-surveillance, unknown article) refuses the whole request with every reason.
 */
export async function linkExistingReports(
  db: Db,
  body: LinkExistingReports,
  userId: number,
): Promise<LinkResult> {
  const entries = linkKeys.flatMap((key) => (body[key] ?? []).map((e) => ({ key, ...e })));
  if (entries.length === 0) throw new ArticleRefusal(400, [messages.linkNothing]);
  const reportIds = [...new Set(entries.map((e) => e.reportId))];
  const articleIds = [...new Set(entries.flatMap((e) => e.articleIds))];
  return db.transaction(async (tx) => {
    const found = new Map(
      (
        await tx
          .select({ id: reports.id, type: reports.type, status: reports.reportStatus })
          .from(reports)
          .where(inArray(reports.id, reportIds))
          .for('update')
      ).map((r) => [r.id, r]),
    );
    const known = new Set(
      (
        await tx
          .select({ id: articles.articleId })
          .from(articles)
          .where(inArray(articles.articleId, articleIds))
      ).map((r) => r.id),
    );
    const problems: string[] = [];
    for (const entry of entries) {
      const report = found.get(entry.reportId);
      if (!report) problems.push(messages.reportNotFound(entry.reportId));
      else if (report.type === EntryType.AUTO_SURVEILLANCE) {
        problems.push(messages.autoSurveillanceReadOnly(entry.reportId));
      } else if (report.type !== linkReportType[entry.key]) {
        problems.push(messages.reportWrongType(entry.reportId, entry.key));
      } else if (report.status !== ReportStatus.Committed) {
        problems.push(messages.reportNotCommitted(entry.reportId));
      }
    }
    for (const id of articleIds) if (!known.has(id)) problems.push(messages.articleNotFound(id));
    if (problems.length > 0) throw new ArticleRefusal(400, [...new Set(problems)]);

    for (const entry of entries) {
      const added = await tx
        .insert(reportArticles)
        .values(
          [...new Set(entry.articleIds)].map((articleId) => ({
            reportId: entry.reportId,
            articleId,
            linkedByUserId: userId,
          })),
        )
        .onConflictDoNothing()
        .returning({ articleId: reportArticles.articleId });
      await recordAudit(tx, {
        userId,
        action: 'link',
        entity: 'report',
        entityId: entry.reportId,
        detail: {
          key: entry.key,
          articleIds: entry.articleIds,
          added: added.map((a) => a.articleId),
        },
      });
    }
    const after = await tx
      .select({ reportId: reportArticles.reportId, articleId: reportArticles.articleId })
      .from(reportArticles)
      .where(inArray(reportArticles.reportId, reportIds))
      .orderBy(asc(reportArticles.reportId), asc(reportArticles.articleId));
    return {
      answer: {
        reports: reportIds.map((reportId) => ({
          reportId,
          articleIds: after.filter((r) => r.reportId === reportId).map((r) => r.articleId),
        })),
      },
      articleIds,
    };
  });
}

/** The registered source with the longest domain among `candidates` (a host and its parents). */
export async function findDataSource(db: Db, candidates: readonly string[]) {
  if (candidates.length === 0) return undefined;
  const rows = await db
    .select({
      domain: dataSources.domain,
      sourceCategory: dataSources.categoryId,
      sourceGroup: dataSources.groupId,
      sourcePriority: dataSources.priorityId,
    })
    .from(dataSources)
    .where(inArray(dataSources.domain, [...candidates]));
  return rows.sort((a, b) => b.domain.length - a.domain.length)[0];
}
