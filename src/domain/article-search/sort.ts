/** The columns the article table sorts on (spec 000 §2), as index fields. */
export const articleSortColumns = [
  'isRead',
  'insertedDate',
  'publishedDate',
  'articleTitle',
  'sourceCategory',
  'sourceGroup',
  'sourcePriority',
  'createdBy',
] as const;
export type ArticleSortColumn = (typeof articleSortColumns)[number];

/** The chosen sort; spec 000 §9 default insertedDate descending. */
export interface ArticleSort {
  readonly column: ArticleSortColumn;
  readonly direction: 'asc' | 'desc';
}
