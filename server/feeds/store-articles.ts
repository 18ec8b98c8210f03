import { inArray, sql } from 'drizzle-orm';
import type { StoryClusters } from '../../src/domain/feeds/clustering';
import { domainsOf } from '../../src/domain/feeds/source-domains';
import type { Db } from '../db/client';
import {
  articleContextTags,
  articleDiseases,
  articleLocations,
  articles,
  dataSources,
  feedItems,
} from '../db/schema';
import { rowsOf } from '../search/execute';
import type { PreparedArticle } from './prepare-articles';
import { clusterArticles } from './prepare-articles';

/** Rows a multi-row INSERT takes at once (well under PostgreSQL's 65,535 parameters). */
const chunkSize = 500;

const chunks = <T>(list: readonly T[], size = chunkSize): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** Where stored articles came from. */
export interface ArticleOrigin {
  readonly feedSourceId: number | null;
  /** The feed enumeration value (articleFeed). */
  readonly feedId: number;
}

/** What a store wrote: new article ids, and earlier parents whose childrenCount grew. */
export interface StoredArticles {
  readonly articleIds: readonly number[];
  readonly touchedParentIds: readonly number[];
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
};

/**
 * Writes new feed articles in one transaction as second-data-store articles (read-only, origin
 * 'OI System': isCosmosDbArticle, the text in summary) with their diseases, places, suggested
 * context tags, cluster and feed item row. Articles whose canonical URL is already stored are
 * skipped. The caller re-indexes {@link StoredArticles} for search.
 */
export async function storeFeedArticles(
  db: Db,
  origin: ArticleOrigin,
  prepared: readonly PreparedArticle[],
  clusters: StoryClusters,
): Promise<StoredArticles> {
  if (prepared.length === 0) return { articleIds: [], touchedParentIds: [] };
  return db.transaction(async (tx) => {
    const known = new Set<string>();
    for (const part of chunks(prepared.map((p) => p.canonicalUrl))) {
      const rows = await tx
        .select({ url: feedItems.canonicalUrl })
        .from(feedItems)
        .where(inArray(feedItems.canonicalUrl, part));
      for (const row of rows) known.add(row.url);
    }
    const fresh = prepared.filter((p) => !known.has(p.canonicalUrl));
    if (fresh.length === 0) return { articleIds: [], touchedParentIds: [] };

    const hosts = [...new Set(fresh.flatMap((p) => domainsOf(hostOf(p.entry.url))))];
    const sources = new Map(
      (await tx.select().from(dataSources).where(inArray(dataSources.domain, hosts))).map((s) => [
        s.domain,
        s,
      ]),
    );
    // The closest known domain: news.who.int is who.int's, so its articles get WHO's category.
    const sourceOf = (host: string) =>
      domainsOf(host)
        .map((domain) => sources.get(domain))
        .find((source) => source !== undefined);
    // Ids first, so the clusters (parent = first article's id) are known before the insert.
    const ids = rowsOf(
      await tx.execute(
        sql`select nextval(pg_get_serial_sequence('articles', 'article_id'))::int as id from generate_series(1, ${fresh.length})`,
      ),
    ).map((r) => Number(r['id']));
    const stored = fresh.map((article, i) => ({ articleId: ids[i] ?? 0, article }));
    const assigned = clusterArticles(clusters, stored);
    const newIds = new Set(ids);
    const childrenOf = new Map<number, number>();
    for (const a of assigned) {
      if (a.isChild) childrenOf.set(a.clusterId, (childrenOf.get(a.clusterId) ?? 0) + 1);
    }
    const now = new Date();
    for (const part of chunks(stored.map((s, i) => ({ ...s, cluster: assigned[i] })))) {
      await tx.insert(articles).values(
        part.map(({ articleId, article, cluster }) => {
          const source = sourceOf(hostOf(article.entry.url));
          return {
            articleId,
            title: article.entry.title,
            originalSourceUrl: article.entry.url,
            feedId: origin.feedId,
            hamTypeId: article.contentType.hamTypeId,
            publishedDate: article.entry.published ?? now,
            sourceCategoryId: source?.categoryId ?? null,
            sourceGroupId: source?.groupId ?? null,
            sourcePriorityId: source?.priorityId ?? null,
            clusterId: cluster?.clusterId ?? articleId,
            isChild: cluster?.isChild ?? false,
            childrenCount: childrenOf.get(articleId) ?? 0,
            summary: article.entry.text,
            body: null,
            isCosmosDbArticle: true,
          };
        }),
      );
    }
    const links = <T>(make: (s: (typeof stored)[number]) => T[]) => stored.flatMap(make);
    for (const part of chunks(
      links((s) =>
        s.article.tags.diseaseIds.map((diseaseId) => ({ articleId: s.articleId, diseaseId })),
      ),
    )) {
      await tx.insert(articleDiseases).values(part);
    }
    for (const part of chunks(
      links((s) =>
        s.article.tags.locationIds.map((locationId) => ({ articleId: s.articleId, locationId })),
      ),
    )) {
      await tx.insert(articleLocations).values(part);
    }
    for (const part of chunks(
      links((s) =>
        s.article.tags.contextTagIds.map((contextTagId) => ({
          articleId: s.articleId,
          contextTagId,
          suggested: true,
        })),
      ),
    )) {
      await tx.insert(articleContextTags).values(part);
    }
    for (const part of chunks(stored)) {
      await tx.insert(feedItems).values(
        part.map((s) => ({
          articleId: s.articleId,
          feedSourceId: origin.feedSourceId,
          canonicalUrl: s.article.canonicalUrl,
          guid: s.article.entry.guid,
          signature: [...s.article.signature],
        })),
      );
    }
    const touchedParentIds = [...childrenOf.keys()].filter((id) => !newIds.has(id));
    for (const parentId of touchedParentIds) {
      await tx.execute(
        sql`update articles set children_count = children_count + ${childrenOf.get(parentId) ?? 0}, updated_at = now() where article_id = ${parentId}`,
      );
    }
    return { articleIds: ids, touchedParentIds };
  });
}
