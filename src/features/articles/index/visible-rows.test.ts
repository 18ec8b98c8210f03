import { describe, expect, it } from 'vitest';
import { article } from './article-index-store.fixtures';
import { sameRow, visibleRows } from './visible-rows';

const groups = [
  { parent: article(1), children: [] },
  { parent: article(2), children: [article(3), article(4)] },
  { parent: article(5), children: [article(6)] },
];

describe('visible rows', () => {
  it('opening one cluster leaves every other row the same, so its cells skip rendering', () => {
    const before = visibleRows(groups, {});
    const after = visibleRows(groups, { '2': true });
    expect(after.map((r) => r.article.articleId)).toEqual(['1', '2', '3', '4', '5']);
    const changed = after
      .filter((row) => {
        const was = before.find((r) => r.article === row.article);
        return was === undefined || !sameRow(was, row);
      })
      .map((r) => r.article.articleId);
    // The opened parent (its chevron) and its children (new rows); 1 and 5 are untouched.
    expect(changed).toEqual(['2', '3', '4']);
  });

  it('tells rows apart by article, place in the cluster and cluster state', () => {
    const [row] = visibleRows(groups.slice(1), {});
    if (row === undefined) throw new Error('no row');
    expect(sameRow(row, { ...row })).toBe(true);
    expect(sameRow(row, { ...row, article: article(2) })).toBe(false);
    expect(sameRow(row, { ...row, expanded: true })).toBe(false);
    expect(sameRow(row, { ...row, childCount: 3 })).toBe(false);
    expect(sameRow(row, { ...row, isChild: true })).toBe(false);
    expect(sameRow(row, { ...row, parentId: '9' })).toBe(false);
  });
});
