import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import type { ArticleGroup } from '@/domain/article-search/clustering';

/** One row the table shows: a group's parent, or a child of an expanded group. */
export interface VisibleRow {
  readonly article: ArticleSearchDocument;
  /** The parent's articleId (the row's own id for a parent). */
  readonly parentId: string;
  readonly isChild: boolean;
  /** Children of the group (parents only; 0 for children). */
  readonly childCount: number;
  readonly expanded: boolean;
}

/** The rows shown: every parent, followed by its children when the group is expanded. */
export function visibleRows(
  groups: readonly ArticleGroup<ArticleSearchDocument>[],
  expanded: Readonly<Record<string, boolean>>,
): VisibleRow[] {
  const rows: VisibleRow[] = [];
  for (const group of groups) {
    const parentId = group.parent.articleId;
    const open = expanded[parentId] === true && group.children.length > 0;
    rows.push({
      article: group.parent,
      parentId,
      isChild: false,
      childCount: group.children.length,
      expanded: open,
    });
    if (!open) continue;
    for (const child of group.children) {
      rows.push({ article: child, parentId, isChild: true, childCount: 0, expanded: false });
    }
  }
  return rows;
}

/** Whether two rows show the same: the same article, in the same place and cluster state. */
export function sameRow(a: VisibleRow, b: VisibleRow): boolean {
  return (
    a.article === b.article &&
    a.parentId === b.parentId &&
    a.isChild === b.isChild &&
    a.childCount === b.childCount &&
    a.expanded === b.expanded
  );
}

/** Every loaded article, parents and children, in table order. */
export function loadedArticles(
  groups: readonly ArticleGroup<ArticleSearchDocument>[],
): ArticleSearchDocument[] {
  return groups.flatMap((group) => [group.parent, ...group.children]);
}

/** The index of the row with this article id, or -1. */
export function rowIndexOf(rows: readonly VisibleRow[], articleId: string | null): number {
  return articleId === null ? -1 : rows.findIndex((row) => row.article.articleId === articleId);
}

/**
 * The selection after moving by `step` rows: the first row when nothing is selected, clamped to
 * the ends (no wrap: a held j stops at the last loaded row).
 */
export function moveSelection(
  rows: readonly VisibleRow[],
  selectedId: string | null,
  step: number,
): string | null {
  if (rows.length === 0) return null;
  const at = rowIndexOf(rows, selectedId);
  const next = at === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, at + step));
  return rows[next]?.article.articleId ?? null;
}

/** An unread article `n` goes to, and the cluster to open when it is a hidden child. */
export interface NextUnread {
  readonly articleId: string;
  /** The parent whose collapsed cluster hides it; null when its row is shown. */
  readonly expandParentId: string | null;
}

/**
 * The first unread article after the selected one in table order (null when none is left).
 * Children of collapsed clusters count: `n` passes over no unread article, it opens the cluster.
 */
export function nextUnread(
  groups: readonly ArticleGroup<ArticleSearchDocument>[],
  expanded: Readonly<Record<string, boolean>>,
  selectedId: string | null,
  isRead: (article: ArticleSearchDocument) => boolean,
): NextUnread | null {
  // A selection no longer loaded counts as none: the first unread article is next.
  let passedSelected =
    selectedId === null || !loadedArticles(groups).some((a) => a.articleId === selectedId);
  for (const group of groups) {
    const parentId = group.parent.articleId;
    const hidden = expanded[parentId] !== true;
    for (const article of [group.parent, ...group.children]) {
      if (!passedSelected) {
        passedSelected = article.articleId === selectedId;
        continue;
      }
      if (isRead(article)) continue;
      const child = article !== group.parent;
      return { articleId: article.articleId, expandParentId: child && hidden ? parentId : null };
    }
  }
  return null;
}

/**
 * How many unread articles come after the selected one in table order (hidden children too),
 * counting no further than `limit + 1`: what `n` has left before it needs the next page.
 */
export function unreadAfter(
  groups: readonly ArticleGroup<ArticleSearchDocument>[],
  selectedId: string | null,
  isRead: (article: ArticleSearchDocument) => boolean,
  limit: number,
): number {
  const articles = loadedArticles(groups);
  let count = 0;
  for (
    let i = articles.findIndex((a) => a.articleId === selectedId) + 1;
    i < articles.length;
    i += 1
  ) {
    const article = articles[i];
    if (article !== undefined && !isRead(article)) count += 1;
    if (count > limit) break;
  }
  return count;
}
