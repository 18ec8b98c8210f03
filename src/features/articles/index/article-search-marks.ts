/**
 * User Timing marks of the article list (`performance.mark`), so `npm run bench` can split
 * keystroke-to-paint into its parts in a real browser: the search firing (after the 250 ms
 * debounce, or at once on Enter) and its results reaching the store, and the same for a next
 * page (keystroke to painted row at a page boundary). Cheap, and visible in the
 * browser's performance panel too.
 */
export const articleSearchMarks = {
  /** A fresh search starts (page 1). */
  start: 'ist:articleSearch:start',
  /** Its results are in the store (the next render paints them). */
  results: 'ist:articleSearch:results',
  /** The next page is asked for (Show more rows, or n / j past the last loaded row). */
  moreStart: 'ist:articleSearch:moreStart',
  /** The next page is appended in the store. */
  moreResults: 'ist:articleSearch:moreResults',
} as const;

/** Sets a mark, replacing the previous one of that name (the buffer stays one entry each). */
export function markArticleSearch(
  name: (typeof articleSearchMarks)[keyof typeof articleSearchMarks],
) {
  performance.clearMarks(name);
  performance.mark(name);
}
