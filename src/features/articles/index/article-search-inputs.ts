import type { ArticleFilters } from '@domain/article-search/filters';
import type { ArticleSortColumn } from '@domain/article-search/query';
import { articleIndexStore } from './article-index-state';
import { freshSearch } from './article-list-paging';
import { saveFilters } from './filters-storage';

/** Spec 000 §5: the article search box is debounced at 250 ms. */
export const searchDebounceMs = 250;

/** The search box changed: searches 250 ms after the last keystroke. */
export function setSearchText(text: string): void {
  const { work } = articleIndexStore;
  articleIndexStore.searchText = text;
  if (work.debounceTimer !== undefined) clearTimeout(work.debounceTimer);
  work.debounceTimer = setTimeout(applySearchText, searchDebounceMs);
}

/** Searches the box's text now (Enter, or the debounce ran out); nothing when unchanged. */
export function applySearchText(): void {
  const { work } = articleIndexStore;
  if (work.debounceTimer !== undefined) clearTimeout(work.debounceTimer);
  work.debounceTimer = undefined;
  const text = articleIndexStore.searchText;
  if (text.trim() === articleIndexStore.appliedSearchText.trim()) return;
  articleIndexStore.appliedSearchText = text;
  void freshSearch();
}

/** Applies (submits) the filters: kept in localStorage and searched (spec 000 §2, §4). */
export function applyFilters(filters: ArticleFilters): void {
  articleIndexStore.filters = filters;
  saveFilters(filters);
  void freshSearch();
}

/** A header click: the same column flips direction; another starts descending for dates. */
export function toggleSort(column: ArticleSortColumn): void {
  const { sort } = articleIndexStore;
  const direction =
    sort.column === column
      ? sort.direction === 'asc'
        ? 'desc'
        : 'asc'
      : column === 'insertedDate' || column === 'publishedDate'
        ? 'desc'
        : 'asc';
  articleIndexStore.sort = { column, direction };
  void freshSearch();
}
