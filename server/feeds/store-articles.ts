import { sql } from 'drizzle-orm';
import type { StoryClusters } from '@domain/feeds/clustering';
import { domainsOf } from '@domain/feeds/source-domains';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { PreparedArticle } from './prepare-articles';
import { clusterArticles } from './prepare-articles';

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
  /** The articles stored (those of the batch not already stored), in id order. */
  readonly stored: readonly PreparedArticle[];
}

/** Milliseconds a store spent: the look-up before, clustering, the insert. */
export interface StoreTimings {
  lookupMs: number;
  clusterMs: number;
  insertMs: number;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
};

/**
 * A PostgreSQL text array literal, bound as one parameter (`$1::text[]`): the drivers disagree
 * on binding JS arrays (server/search/memory/engine.ts says the same).
 */
export const textArrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** Of `urls` (canonical), those already stored: one statement however many. */
export async function storedCanonicalUrls(
  db: Pick<Db, 'execute'>,
  urls: readonly string[],
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = rowsOf(
    await db.execute(
      sql`select canonical_url from feed_items where canonical_url = any(${textArrayLiteral(urls)}::text[])`,
    ),
  );
  return new Set(rows.map((r) => String(r['canonical_url'])));
}

/**
 * Writes a batch of new feed articles (spec: second-data-store articles, read-only, origin
 * 'OI System': isCosmosDbArticle, the text in summary) with their diseases, places, suggested
 * context tags, cluster and feed item row, in two statements: one finds which are already
 * stored, takes ids and the data sources of their hosts; one (a single statement, so atomic
 * without a transaction) inserts everything and adds the batch's children to earlier parents.
 * Rows go as JSON parameters (json_to_recordset): the statement's text is the same for any
 * batch, and however many rows it has, one round trip.
 *
 * Another server storing the same canonical URL at once makes the insert fail on the unique
 * key (after waiting for that server's commit): the caller stores the batch again, and the
 * first statement then finds the URL stored. `clusters` has remembered the batch whatever
 * happened: on a failure the caller forgets them (reloads).
 */
export async function storeFeedArticles(
  db: Db,
  origin: ArticleOrigin,
  batch: readonly PreparedArticle[],
  clusters: StoryClusters,
  timings: StoreTimings = { lookupMs: 0, clusterMs: 0, insertMs: 0 },
): Promise<StoredArticles> {
  if (batch.length === 0) return { articleIds: [], touchedParentIds: [], stored: [] };
  const t0 = performance.now();
  const hosts = [...new Set(batch.flatMap((p) => domainsOf(hostOf(p.entry.url))))];
  const [found] = rowsOf(
    await db.execute(sql`
      select
        coalesce((select array_agg(canonical_url) from feed_items
          where canonical_url = any(${textArrayLiteral(batch.map((p) => p.canonicalUrl))}::text[])), '{}') as known,
        -- Ids first, so the clusters (parent = first article's id) are known before the insert.
        array(select nextval(pg_get_serial_sequence('articles', 'article_id'))::int
          from generate_series(1, ${batch.length})) as ids,
        coalesce((select json_agg(json_build_array(domain, category_id, group_id, priority_id))
          from data_sources where domain = any(${textArrayLiteral(hosts)}::text[])), '[]') as sources`),
  );
  const known = new Set((found?.['known'] as string[] | undefined) ?? []);
  const fresh = batch.filter((p) => !known.has(p.canonicalUrl));
  const t1 = performance.now();
  timings.lookupMs += t1 - t0;
  if (fresh.length === 0) return { articleIds: [], touchedParentIds: [], stored: [] };
  const ids = ((found?.['ids'] as number[] | undefined) ?? []).slice(0, fresh.length).map(Number);
  type SourceRow = [string, number | null, number | null, number | null];
  const sources = new Map(
    ((found?.['sources'] as SourceRow[] | undefined) ?? []).map((s) => [s[0], s]),
  );
  // The closest known domain: news.who.int is who.int's, so its articles get WHO's category.
  const sourceOf = (host: string) =>
    domainsOf(host)
      .map((domain) => sources.get(domain))
      .find((source) => source !== undefined);

  const stored = fresh.map((article, i) => ({ articleId: ids[i] ?? 0, article }));
  const assigned = clusterArticles(clusters, stored);
  const newIds = new Set(ids);
  const childrenOf = new Map<number, number>();
  for (const a of assigned) {
    if (a.isChild) childrenOf.set(a.clusterId, (childrenOf.get(a.clusterId) ?? 0) + 1);
  }
  // In id order, so two servers adding to the same parents lock them in one order.
  const touchedParentIds = [...childrenOf.keys()]
    .filter((id) => !newIds.has(id))
    .sort((a, b) => a - b);
  const t2 = performance.now();
  timings.clusterMs += t2 - t1;

  const now = new Date().toISOString();
  const articleRows = stored.map(({ articleId, article }, i) => {
    const source = sourceOf(hostOf(article.entry.url));
    const cluster = assigned[i];
    return {
      id: articleId,
      title: article.entry.title,
      url: article.entry.url,
      type: article.contentType.hamTypeId,
      published: article.entry.published?.toISOString() ?? now,
      category: source?.[1] ?? null,
      grp: source?.[2] ?? null,
      priority: source?.[3] ?? null,
      cluster: cluster?.clusterId ?? articleId,
      child: cluster?.isChild ?? false,
      children: childrenOf.get(articleId) ?? 0,
      summary: article.entry.text,
      canonical: article.canonicalUrl,
      guid: article.entry.guid,
      signature: [...article.signature],
    };
  });
  const links = (pick: (tags: PreparedArticle['tags']) => readonly number[]) =>
    JSON.stringify(stored.flatMap((s) => pick(s.article.tags).map((id) => [s.articleId, id])));
  const parents = JSON.stringify(touchedParentIds.map((id) => [id, childrenOf.get(id) ?? 0]));
  await db.execute(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(articleRows)}::json) as r(
        id int, title text, url text, type int, published timestamptz, category int, grp int,
        priority int, cluster int, child boolean, children int, summary text, canonical text,
        guid text, signature int[])
    ),
    new_articles as (
      insert into articles (article_id, title, original_source_url, feed_id, ham_type_id,
        published_date, source_category_id, source_group_id, source_priority_id, cluster_id,
        is_child, children_count, summary, body, is_cosmos_db_article)
      select id, title, url, ${origin.feedId}, type, published, category, grp, priority, cluster,
        child, children, summary, null, true
      from input
      returning article_id
    ),
    new_diseases as (
      insert into article_diseases (article_id, disease_id)
      select (e->>0)::int, (e->>1)::int from json_array_elements(${links((t) => t.diseaseIds)}::json) e
    ),
    new_places as (
      insert into article_locations (article_id, location_id)
      select (e->>0)::int, (e->>1)::int from json_array_elements(${links((t) => t.locationIds)}::json) e
    ),
    new_tags as (
      insert into article_context_tags (article_id, context_tag_id, suggested)
      select (e->>0)::int, (e->>1)::int, true from json_array_elements(${links((t) => t.contextTagIds)}::json) e
    ),
    new_items as (
      insert into feed_items (article_id, feed_source_id, canonical_url, guid, signature)
      select id, ${origin.feedSourceId}::int, canonical, guid, signature from input
    ),
    grown as (
      update articles a set children_count = a.children_count + (e->>1)::int, updated_at = now()
      from json_array_elements(${parents}::json) e
      where a.article_id = (e->>0)::int
    )
    select count(*)::int as n from new_articles`);
  timings.insertMs += performance.now() - t2;
  return { articleIds: ids, touchedParentIds, stored: fresh };
}
