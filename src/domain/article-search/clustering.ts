/** What clustering reads of an article. */
export interface Clusterable {
  readonly clusterId: string | null;
  readonly isChild: boolean | null;
}

/** A parent row and its child rows (children in batch order; empty for a singleton). */
export interface ArticleGroup<T> {
  readonly parent: T;
  readonly children: readonly T[];
}

interface Builder<T> {
  readonly members: T[];
  parent: number;
}

/**
 * Clusters one batch (spec 000 §2, §9: per batch of 100) in O(n): articles sharing a clusterId
 * form one group, placed where its first article stands in the batch; the parent is the first
 * article with `isChild` false, else the group's first article; the others are children in
 * batch order. An article without a clusterId is its own group.
 */
export function clusterBatch<T extends Clusterable>(batch: readonly T[]): ArticleGroup<T>[] {
  const builders: Builder<T>[] = [];
  const byCluster = new Map<string, Builder<T>>();
  for (const article of batch) {
    const key = article.clusterId;
    let builder = key === null || key === '' ? undefined : byCluster.get(key);
    if (builder === undefined) {
      builder = { members: [], parent: -1 };
      builders.push(builder);
      if (key !== null && key !== '') byCluster.set(key, builder);
    }
    if (builder.parent === -1 && article.isChild === false) builder.parent = builder.members.length;
    builder.members.push(article);
  }
  const groups: ArticleGroup<T>[] = new Array<ArticleGroup<T>>(builders.length);
  for (let g = 0; g < builders.length; g += 1) {
    const { members, parent } = builders[g] as Builder<T>;
    const p = parent === -1 ? 0 : parent;
    const children = members.length === 1 ? [] : members.filter((_, i) => i !== p);
    groups[g] = { parent: members[p] as T, children };
  }
  return groups;
}

/** Clusters a result page by page: each {@link batchSize} articles are clustered on their own. */
export function clusterInBatches<T extends Clusterable>(
  articles: readonly T[],
  batchSize: number,
): ArticleGroup<T>[] {
  const groups: ArticleGroup<T>[] = [];
  for (let start = 0; start < articles.length; start += batchSize) {
    groups.push(...clusterBatch(articles.slice(start, start + batchSize)));
  }
  return groups;
}

/**
 * A clustered page without the articles already shown (keyset paging shows an article again
 * when its sort values moved past the cursor, e.g. read while sorted by status): the rest are
 * clustered again, so a group whose parent was shown gets another parent.
 */
export function withoutShown<T extends Clusterable & { readonly articleId: string }>(
  groups: readonly ArticleGroup<T>[],
  shown: ReadonlySet<string>,
): ArticleGroup<T>[] {
  const members = groups.flatMap((group) => [group.parent, ...group.children]);
  const kept = members.filter((article) => !shown.has(article.articleId));
  return kept.length === members.length ? [...groups] : clusterBatch(kept);
}
