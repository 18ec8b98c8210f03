import { articleIndexStore, currentRows } from './article-index-state';
import type { VisibleRow } from './visible-rows';

/** Expands or collapses a cluster by its parent's id (`open` omitted: toggles). */
export function setClusterExpanded(parentId: string, open?: boolean): void {
  const next = open ?? articleIndexStore.expanded[parentId] !== true;
  articleIndexStore.expanded[parentId] = next;
}

function selectedRow(): VisibleRow | undefined {
  const id = articleIndexStore.selectedId;
  return currentRows().find((row) => row.article.articleId === id);
}

/** x: toggles the selected row's cluster; on a child it collapses and selects the parent. */
export function toggleSelectedCluster(): void {
  const row = selectedRow();
  if (!row) return;
  if (row.isChild) {
    collapseSelectedCluster();
    return;
  }
  if (row.childCount > 0) setClusterExpanded(row.parentId);
}

/** ArrowRight: expands the selected parent's cluster. */
export function expandSelectedCluster(): void {
  const row = selectedRow();
  if (row && !row.isChild && row.childCount > 0) setClusterExpanded(row.parentId, true);
}

/** ArrowLeft: collapses the selected row's cluster and selects its parent. */
export function collapseSelectedCluster(): void {
  const row = selectedRow();
  if (!row) return;
  setClusterExpanded(row.parentId, false);
  articleIndexStore.selectedId = row.parentId;
}
