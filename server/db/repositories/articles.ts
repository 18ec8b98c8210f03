import { and, asc, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { ArticleDetail } from '@domain/articles';
import { contextTagLinkId } from '@domain/articles';
import { ReportStatus } from '@domain/enums';
import type { Db } from '../client';
import {
  articleContextTags,
  articleDiseases,
  articleLocations,
  articles,
  contextTags,
  dataSourceCategories,
  dataSourceGroups,
  dataSourcePriorities,
  diseases,
  feeds,
  locations,
  reportArticles,
  reports,
  users,
} from '../schema';

/** Reads of articles in the Articles API's answer shape ({@link ArticleDetail}). */

/** A report that still counts: not deleted (status 0); a new report has no status. */
export const reportIsLive = or(
  isNull(reports.reportStatus),
  ne(reports.reportStatus, ReportStatus.Deleted),
);

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Same rule as the search indexer's createdBy: the name, else e-mail, else the subject. */
function creatorName(u: {
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  subject: string | null;
}): string | null {
  if (u.subject === null) return null;
  const name = [u.givenName, u.familyName]
    .filter((s) => s !== null && s !== '')
    .join(' ')
    .trim();
  return name !== '' ? name : (u.email ?? u.subject);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** The articles with these ids in the answer shape, in the order of `ids`; missing ids skipped. */
export async function articleDetails(db: Db, ids: readonly number[]): Promise<ArticleDetail[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [rows, diseaseRows, locationRows, tagRows, linkedRows] = await Promise.all([
    db
      .select({
        a: articles,
        feedName: feeds.name,
        categoryName: dataSourceCategories.displayName,
        groupName: dataSourceGroups.displayName,
        priorityName: dataSourcePriorities.displayName,
        givenName: users.givenName,
        familyName: users.familyName,
        email: users.email,
        subject: users.subject,
      })
      .from(articles)
      .leftJoin(feeds, eq(feeds.id, articles.feedId))
      .leftJoin(dataSourceCategories, eq(dataSourceCategories.id, articles.sourceCategoryId))
      .leftJoin(dataSourceGroups, eq(dataSourceGroups.id, articles.sourceGroupId))
      .leftJoin(dataSourcePriorities, eq(dataSourcePriorities.id, articles.sourcePriorityId))
      .leftJoin(users, eq(users.id, articles.createdByUserId))
      .where(inArray(articles.articleId, unique)),
    db
      .select({
        articleId: articleDiseases.articleId,
        diseaseId: diseases.diseaseId,
        displayName: diseases.displayName,
      })
      .from(articleDiseases)
      .innerJoin(diseases, eq(diseases.diseaseId, articleDiseases.diseaseId))
      .where(inArray(articleDiseases.articleId, unique))
      .orderBy(asc(diseases.diseaseId)),
    db
      .select({
        articleId: articleLocations.articleId,
        locationId: locations.id,
        displayName: locations.displayName,
      })
      .from(articleLocations)
      .innerJoin(locations, eq(locations.id, articleLocations.locationId))
      .where(inArray(articleLocations.articleId, unique))
      .orderBy(asc(locations.id)),
    db
      .select({
        articleId: articleContextTags.articleId,
        contextTagId: contextTags.id,
        displayName: contextTags.displayName,
        suggested: articleContextTags.suggested,
      })
      .from(articleContextTags)
      .innerJoin(contextTags, eq(contextTags.id, articleContextTags.contextTagId))
      .where(inArray(articleContextTags.articleId, unique))
      .orderBy(asc(contextTags.displayName), asc(contextTags.id)),
    db
      .selectDistinct({ articleId: reportArticles.articleId })
      .from(reportArticles)
      .innerJoin(reports, eq(reports.id, reportArticles.reportId))
      .where(and(inArray(reportArticles.articleId, unique), reportIsLive)),
  ]);
  const diseasesOf = groupBy(diseaseRows, (r) => r.articleId);
  const locationsOf = groupBy(locationRows, (r) => r.articleId);
  const tagsOf = groupBy(tagRows, (r) => r.articleId);
  const linked = new Set(linkedRows.map((r) => r.articleId));
  const byId = new Map(
    rows.map(({ a, ...r }): [number, ArticleDetail] => {
      const articleDiseaseList = (diseasesOf.get(a.articleId) ?? []).map((d) => ({
        diseaseId: d.diseaseId,
        displayName: d.displayName,
      }));
      return [
        a.articleId,
        {
          articleId: a.articleId,
          title: a.title,
          originalSourceURL: a.originalSourceUrl,
          feedId: a.feedId,
          feedName: r.feedName,
          hamTypeId: a.hamTypeId,
          publishedDate: iso(a.publishedDate),
          insertedDate: a.insertedDate.toISOString(),
          sourceCategory: a.sourceCategoryId,
          sourceCategoryName: r.categoryName,
          sourceGroup: a.sourceGroupId,
          sourceGroupName: r.groupName,
          sourcePriority: a.sourcePriorityId,
          sourcePriorityName: r.priorityName,
          clusterId: a.clusterId,
          isRead: a.isRead,
          isCompleted: a.isCompleted,
          isImportant: a.isImportant,
          isChild: a.isChild,
          childrenCount: a.childrenCount,
          originalLanguage: a.originalLanguage,
          summary: a.summary,
          body: a.body,
          isCosmosDbArticle: a.isCosmosDbArticle,
          createdBy: creatorName(r),
          isLinkedToActivity: linked.has(a.articleId),
          diseaseId: articleDiseaseList[0]?.diseaseId ?? null,
          diseases: articleDiseaseList,
          locations: (locationsOf.get(a.articleId) ?? []).map((l) => ({
            locationId: l.locationId,
            displayName: l.displayName,
          })),
          contextTags: (tagsOf.get(a.articleId) ?? []).map((t) => ({
            id: contextTagLinkId(a.articleId, t.contextTagId),
            articleId: a.articleId,
            contextTagId: t.contextTagId,
            displayName: t.displayName,
            suggested: t.suggested,
          })),
        },
      ];
    }),
  );
  return unique.flatMap((id) => {
    const detail = byId.get(id);
    return detail === undefined ? [] : [detail];
  });
}

/** One article in the answer shape, or undefined. */
export async function findArticle(db: Db, articleId: number): Promise<ArticleDetail | undefined> {
  const [detail] = await articleDetails(db, [articleId]);
  return detail;
}

/** The articles of a cluster, newest inserted first. */
export async function clusterArticles(db: Db, clusterId: number): Promise<ArticleDetail[]> {
  const rows = await db
    .select({ articleId: articles.articleId })
    .from(articles)
    .where(eq(articles.clusterId, clusterId))
    .orderBy(desc(articles.insertedDate), desc(articles.articleId));
  return articleDetails(
    db,
    rows.map((r) => r.articleId),
  );
}
